/// Schema version 17 (one rank block trigger): the three triggers that split and merge rank blocks
/// (`rankBlockSplitMergeSQL`, version 2) become one, `rank_blocks_resize`, doing the same.
///
/// SQLite runs a trigger as a program of its own, WHEN clause included: each of the three was
/// started (a frame allocated and zeroed) for every change of a block's size, so a todo marked
/// done, which takes one row out of a block and puts it into another, started six programs to find
/// that nothing needed splitting or merging (issue 29: about 13,000 of the 324,000 instructions SQLite
/// spends on a toggle at a million todos). One trigger whose WHEN holds when either would act
/// starts one program per size change; its statements keep their conditions in their WHERE.
///
/// The trigger never starts itself again (SQLite leaves `recursive_triggers` off), as none of the
/// three started itself before: the sizes it writes (512 after a split, a predecessor grown by a
/// merge to at most 512) are ones the old triggers left alone too. No table, row or journaled
/// column changes.
extension Schema {
    /// The schema version whose rank blocks are split and merged by one trigger.
    static let rankBlockResizeVersion = 17

    /// When a block's new size asks for a split (past twice `rankBlockRows`).
    private static let needsSplit = "NEW.size > \(2 * rankBlockRows)"
    /// When a block's new size may ask for a merge (shrunk to half `rankBlockRows` or less, not a sentinel).
    private static let mayMerge = "NEW.size < OLD.size AND NEW.size <= \(rankBlockRows / 2) AND NEW.lo_id != \(sentinelKey)"

    /// The one trigger that splits and merges rank blocks.
    static let rankBlockResizeTriggerSQL = """
        CREATE TRIGGER rank_blocks_resize AFTER UPDATE OF size ON rank_blocks
        WHEN \(needsSplit) OR (\(mayMerge)) BEGIN
            -- A block past 2 × 512 rows keeps its first 512; the rest start a new block at row 512.
            INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id, size)
                SELECT NEW.list_id, 0, position, id, NEW.size - \(rankBlockRows) FROM todos
                WHERE NEW.kind = 0 AND \(needsSplit)
                  AND list_id = NEW.list_id AND completed_at IS NULL AND (position, id) >= (NEW.lo_key, NEW.lo_id)
                ORDER BY position, id LIMIT 1 OFFSET \(rankBlockRows);
            INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id, size)
                SELECT NEW.list_id, 1, completed_at, id, NEW.size - \(rankBlockRows) FROM todos
                WHERE NEW.kind = 1 AND \(needsSplit)
                  AND list_id = NEW.list_id AND completed_at IS NOT NULL AND (completed_at, id) >= (NEW.lo_key, NEW.lo_id)
                ORDER BY completed_at, id LIMIT 1 OFFSET \(rankBlockRows);
            UPDATE rank_blocks SET size = \(rankBlockRows) WHERE \(needsSplit) AND id = NEW.id;
            UPDATE rank_meta SET generation = generation + 1 WHERE \(needsSplit) AND id = 1;
            -- An empty block is dropped, and a small one joins its predecessor when both fit in 512
            -- rows, so the number of blocks stays proportional to the rows. Sentinels always stay.
            DELETE FROM rank_blocks WHERE \(mayMerge) AND id = NEW.id
                AND (NEW.size = 0 OR NEW.size + (SELECT size FROM rank_blocks WHERE id = (\(predecessorOf))) <= \(rankBlockRows));
            UPDATE rank_blocks SET size = size + NEW.size
                WHERE \(mayMerge) AND id = (\(predecessorOf)) AND NOT EXISTS (SELECT 1 FROM rank_blocks WHERE id = NEW.id);
            UPDATE rank_meta SET generation = generation + 1
                WHERE \(mayMerge) AND id = 1 AND NOT EXISTS (SELECT 1 FROM rank_blocks WHERE id = NEW.id);
        END;
        """

    /// Drops version 2's three rank block triggers and makes the one of version 17.
    static let rankBlockResizeSQL = """
        DROP TRIGGER rank_blocks_split_open;
        DROP TRIGGER rank_blocks_split_done;
        DROP TRIGGER rank_blocks_merge;
        \(rankBlockResizeTriggerSQL)
        """
}
