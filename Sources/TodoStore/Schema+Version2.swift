import FoundationEssentials

/// Schema version 2: lists with per-list positions, the rank index, substring search and the undo
/// journal. Everything derived (counts, rank blocks, the search index, the journal) is kept by
/// triggers, so another Tick process writing the same file keeps it right without knowing about
/// our in-memory caches.
extension Schema {
    /// Rows a rank block keeps after a split; a block splits once it grows past twice this, so an
    /// OFFSET inside one block skips at most 1,024 index entries (~0.1 ms).
    static let rankBlockRows = 512
    /// The lower bound of each list's first block of each kind: below every real key, never dropped.
    static let sentinelKey = Int64.min

    /// The upgrade from version 1. Append-only like every migration: files already ran it.
    static let version2 = [orderIndexesSQL, rankIndexSQL, rankMaintenanceSQL, searchSQL, historySQL]
        .joined(separator: "\n")

    /// One index per order a list can be shown in; the partial ones hold open or done rows only, so
    /// an OFFSET within them never walks rows of the other kind.
    static let orderIndexesSQL = """
        -- Positions are per list from version 2 on, so an order across lists has no use.
        DROP INDEX todos_by_position;
        CREATE INDEX todos_open ON todos(list_id, position) WHERE completed_at IS NULL;
        CREATE INDEX todos_done ON todos(list_id, completed_at) WHERE completed_at IS NOT NULL;
        -- '~' sorts after every YYYY-MM-DD, which puts todos without a due day last.
        CREATE INDEX todos_open_by_due ON todos(list_id, ifnull(due, '~'), position) WHERE completed_at IS NULL;
        CREATE INDEX todos_open_by_priority ON todos(list_id, priority DESC, position) WHERE completed_at IS NULL;
        CREATE INDEX todos_open_by_created ON todos(list_id, created_at) WHERE completed_at IS NULL;
        """

    /// The rank index: each list's open todos (by position, id) and done todos (by completed_at, id)
    /// are cut into blocks; a block holds the rows from its lower bound up to the next block's, and
    /// `size` counts them. Row i is found from the blocks' prefix sums plus an OFFSET below 2 × 512.
    static let rankIndexSQL = """
        CREATE TABLE rank_blocks(
            id INTEGER PRIMARY KEY,
            list_id INTEGER NOT NULL,
            kind INTEGER NOT NULL,      -- 0: open todos by (position, id); 1: done todos by (completed_at, id)
            lo_key INTEGER NOT NULL,
            lo_id INTEGER NOT NULL,
            size INTEGER NOT NULL DEFAULT 0,
            UNIQUE(list_id, kind, lo_key, lo_id)
        );
        -- Bumped whenever blocks are added or removed, so a cache of the blocks knows when to reload.
        CREATE TABLE rank_meta(id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL);
        INSERT INTO rank_meta(id, generation) VALUES (1, 0);

        INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id) SELECT id, 0, \(sentinelKey), \(sentinelKey) FROM lists;
        INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id) SELECT id, 1, \(sentinelKey), \(sentinelKey) FROM lists;
        \(initialBlocksSQL(kind: 0, key: "position", filter: "completed_at IS NULL"))
        \(initialBlocksSQL(kind: 1, key: "completed_at", filter: "completed_at IS NOT NULL"))

        CREATE TRIGGER lists_add_rank_blocks AFTER INSERT ON lists BEGIN
            INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id)
                VALUES (NEW.id, 0, \(sentinelKey), \(sentinelKey)), (NEW.id, 1, \(sentinelKey), \(sentinelKey));
            UPDATE rank_meta SET generation = generation + 1 WHERE id = 1;
        END;
        CREATE TRIGGER lists_drop_derived AFTER DELETE ON lists BEGIN
            DELETE FROM rank_blocks WHERE list_id = OLD.id;
            DELETE FROM counts WHERE list_id = OLD.id;
            UPDATE rank_meta SET generation = generation + 1 WHERE id = 1;
        END;
        """

    /// Cuts the existing rows of one kind into blocks of `rankBlockRows`; each list's first block
    /// is its sentinel, which the upsert fills in.
    private static func initialBlocksSQL(kind: Int, key: String, filter: String) -> String {
        """
        INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id, size)
        SELECT list_id, \(kind),
               CASE WHEN block = 0 THEN \(sentinelKey) ELSE k END,
               CASE WHEN block = 0 THEN \(sentinelKey) ELSE id END, n
        FROM (
            -- With one min() in an aggregate, SQLite takes the bare columns k and id from that row.
            SELECT list_id, rn / \(rankBlockRows) AS block, min(rn), k, id, count(*) AS n
            FROM (SELECT list_id, \(key) AS k, id,
                         row_number() OVER (PARTITION BY list_id ORDER BY \(key), id) - 1 AS rn
                  FROM todos WHERE \(filter))
            GROUP BY list_id, block
        ) WHERE true
        ON CONFLICT(list_id, kind, lo_key, lo_id) DO UPDATE SET size = excluded.size;
        """
    }

    /// The triggers that keep block sizes right for every writer, and split and merge blocks.
    static let rankMaintenanceSQL = """
        CREATE TRIGGER todos_rank_insert AFTER INSERT ON todos BEGIN
            UPDATE rank_blocks SET size = size + 1 WHERE id = (\(blockOf("NEW")));
        END;
        CREATE TRIGGER todos_rank_delete AFTER DELETE ON todos BEGIN
            UPDATE rank_blocks SET size = size - 1 WHERE id = (\(blockOf("OLD")));
        END;
        CREATE TRIGGER todos_rank_update AFTER UPDATE OF list_id, position, completed_at ON todos
        WHEN OLD.list_id != NEW.list_id OR (OLD.completed_at IS NULL) != (NEW.completed_at IS NULL)
             OR ifnull(OLD.completed_at, OLD.position) != ifnull(NEW.completed_at, NEW.position) BEGIN
            UPDATE rank_blocks SET size = size - 1 WHERE id = (\(blockOf("OLD")));
            UPDATE rank_blocks SET size = size + 1 WHERE id = (\(blockOf("NEW")));
        END;

        \(rankBlockSplitMergeSQL)
        """

    /// Version 2's three triggers that split a block grown past twice `rankBlockRows` and merge a
    /// small one into its predecessor (one trigger program each, run for every size change until
    /// schema 17 made them one, `rankBlockResizeSQL`).
    static let rankBlockSplitMergeSQL = """
        -- A block past 2 × 512 rows keeps its first 512; the rest start a new block at row 512.
        CREATE TRIGGER rank_blocks_split_open AFTER UPDATE OF size ON rank_blocks
        WHEN NEW.kind = 0 AND NEW.size > \(2 * rankBlockRows) BEGIN
            INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id, size)
                SELECT NEW.list_id, 0, position, id, NEW.size - \(rankBlockRows) FROM todos
                WHERE list_id = NEW.list_id AND completed_at IS NULL AND (position, id) >= (NEW.lo_key, NEW.lo_id)
                ORDER BY position, id LIMIT 1 OFFSET \(rankBlockRows);
            UPDATE rank_blocks SET size = \(rankBlockRows) WHERE id = NEW.id;
            UPDATE rank_meta SET generation = generation + 1 WHERE id = 1;
        END;
        CREATE TRIGGER rank_blocks_split_done AFTER UPDATE OF size ON rank_blocks
        WHEN NEW.kind = 1 AND NEW.size > \(2 * rankBlockRows) BEGIN
            INSERT INTO rank_blocks(list_id, kind, lo_key, lo_id, size)
                SELECT NEW.list_id, 1, completed_at, id, NEW.size - \(rankBlockRows) FROM todos
                WHERE list_id = NEW.list_id AND completed_at IS NOT NULL
                  AND (completed_at, id) >= (NEW.lo_key, NEW.lo_id)
                ORDER BY completed_at, id LIMIT 1 OFFSET \(rankBlockRows);
            UPDATE rank_blocks SET size = \(rankBlockRows) WHERE id = NEW.id;
            UPDATE rank_meta SET generation = generation + 1 WHERE id = 1;
        END;
        -- An empty block is dropped, and a small one joins its predecessor when both fit in 512
        -- rows, so the number of blocks stays proportional to the rows. Sentinels always stay.
        CREATE TRIGGER rank_blocks_merge AFTER UPDATE OF size ON rank_blocks
        WHEN NEW.size < OLD.size AND NEW.size <= \(rankBlockRows / 2) AND NEW.lo_id != \(sentinelKey) BEGIN
            DELETE FROM rank_blocks WHERE id = NEW.id
                AND (NEW.size = 0 OR NEW.size + (SELECT size FROM rank_blocks WHERE id = (\(predecessorOf))) <= \(rankBlockRows));
            UPDATE rank_blocks SET size = size + NEW.size
                WHERE id = (\(predecessorOf)) AND NOT EXISTS (SELECT 1 FROM rank_blocks WHERE id = NEW.id);
            UPDATE rank_meta SET generation = generation + 1
                WHERE id = 1 AND NOT EXISTS (SELECT 1 FROM rank_blocks WHERE id = NEW.id);
        END;
        """

    /// The block holding the row `alias` (NEW or OLD): the last one whose lower bound is not above it.
    static func blockOf(_ alias: String) -> String {
        """
        SELECT id FROM rank_blocks WHERE list_id = \(alias).list_id AND kind = (\(alias).completed_at IS NOT NULL)
            AND (lo_key, lo_id) <= (ifnull(\(alias).completed_at, \(alias).position), \(alias).id)
            ORDER BY lo_key DESC, lo_id DESC LIMIT 1
        """
    }

    /// The block just before NEW (inside a trigger on rank_blocks).
    static let predecessorOf = """
        SELECT id FROM rank_blocks WHERE list_id = NEW.list_id AND kind = NEW.kind
            AND (lo_key, lo_id) < (NEW.lo_key, NEW.lo_id) ORDER BY lo_key DESC, lo_id DESC LIMIT 1
        """

    /// Substring search over titles and notes. External content keeps the text only once (in todos);
    /// detail=full is what phrase (substring) queries need; columnsize=0 drops unused ranking data.
    static let searchSQL = searchIndexSQL + "\n" + searchTriggersSQL

    /// The trigram index over the todos' text, filled from the todos.
    static let searchIndexSQL = """
        CREATE VIRTUAL TABLE todos_fts USING fts5(title, notes, content='todos', content_rowid='id',
                                                  tokenize='trigram', detail=full, columnsize=0);
        INSERT INTO todos_fts(todos_fts) VALUES ('rebuild');
        """

    /// Versions 2 and 3 kept the index current inside every change (version 4 replaces these
    /// triggers with the catch-up queue, `searchQueueSQL`).
    static let searchTriggersSQL = """
        CREATE TRIGGER todos_fts_insert AFTER INSERT ON todos BEGIN
            INSERT INTO todos_fts(rowid, title, notes) VALUES (NEW.id, NEW.title, NEW.notes);
        END;
        CREATE TRIGGER todos_fts_delete AFTER DELETE ON todos BEGIN
            INSERT INTO todos_fts(todos_fts, rowid, title, notes) VALUES ('delete', OLD.id, OLD.title, OLD.notes);
        END;
        -- Only real text changes touch the index: toggles, moves and undo's full-row writes stay cheap.
        CREATE TRIGGER todos_fts_update AFTER UPDATE OF title, notes ON todos
        WHEN OLD.title IS NOT NEW.title OR OLD.notes IS NOT NEW.notes BEGIN
            INSERT INTO todos_fts(todos_fts, rowid, title, notes) VALUES ('delete', OLD.id, OLD.title, OLD.notes);
            INSERT INTO todos_fts(rowid, title, notes) VALUES (NEW.id, NEW.title, NEW.notes);
        END;
        """
}
