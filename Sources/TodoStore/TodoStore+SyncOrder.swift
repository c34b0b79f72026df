import FoundationEssentials

/// The manual order as a CalDAV sync carries it: a todo's `position` is its X-APPLE-SORT-ORDER on
/// the server, so two devices that hold the same positions show the same order.
extension TodoStore {
    /// Puts todos of `listID` that share `position` in the order of their UIDs, the first keeping
    /// the position and each other right after the one before (one step; none when no two share it).
    /// Two devices can give a todo the same position (both appended to a list between syncs), and the
    /// order of a tie is the rows' ids here, which differ between devices; ordered by UID and given
    /// distinct positions, the todos then show in the same order everywhere once the moves are synced.
    /// Returns the ids of the todos moved.
    @discardableResult
    public func separateTodos(sharingPosition position: Int64, inList listID: Int64) throws -> Committed<[Int64]> {
        let tied = try fetchItems("WHERE list_id = ? AND position = ?", [listID, position])
        guard tied.count > 1 else { return Committed(value: [], change: .none) }
        return try journaled {
            let ordered = tied.sorted { $0.uid < $1.uid }
            var previous = Key(position: ordered[0].position, id: ordered[0].id)
            var moved: [TodoItem] = []
            for item in ordered.dropFirst() {
                // Read again: placing one may have spread the positions of the rows after it.
                let current = try requireItem(id: item.id)
                let slot = try positions.slot(inList: listID, after: previous, excluding: current.id)
                try connection.run("UPDATE todos SET position = ? WHERE id = ?", [slot, current.id])
                previous = Key(position: slot, id: current.id)
                moved.append(current)
            }
            return (moved.map(\.id), .todos("order %@", titles: moved.map(\.title), ids: moved.map(\.id)))
        }
    }

    /// Of `places` (a list's id and a position in it), those that two or more todos of that list
    /// share, each once, in the order given: what `separateTodos(sharingPosition:inList:)` has to
    /// separate. One read, a query per `sharedPositionChunkSize` places (an index seek each), where
    /// asking `separateTodos` of every place a first download wrote read a todo per place.
    public func sharedPositions(among places: [(listID: Int64, position: Int64)]) throws -> [(listID: Int64, position: Int64)] {
        var shared: [(listID: Int64, position: Int64)] = []
        var seen: Set<[Int64]> = []
        try connection.read {
            var start = 0
            while start < places.count {
                let chunk = places[start..<min(start + Self.sharedPositionChunkSize, places.count)]
                start += chunk.count
                // Padding rows of NULLs match no todo.
                let values: [any SQLiteBindable] = chunk.flatMap { [$0.listID, $0.position] as [any SQLiteBindable] }
                    + Self.padding(rows: Self.sharedPositionChunkSize - chunk.count, width: 2)
                let found = try connection.query(Self.sharedPositionsSQL, values) { (listID: $0.int64(at: 0), position: $0.int64(at: 1)) }
                for place in found where seen.insert([place.listID, place.position]).inserted { shared.append(place) }
            }
        }
        return shared
    }

    /// Places per query of `sharedPositions(among:)`.
    static let sharedPositionChunkSize = 128

    /// `sharedPositions(among:)`'s statement, built once: the places given (padded with NULLs) that
    /// more than one todo holds, found through `todos_by_list_position`.
    static let sharedPositionsSQL = """
        SELECT column1, column2 FROM (VALUES \(repeated("(?, ?)", sharedPositionChunkSize)))
        WHERE (SELECT count(*) FROM todos WHERE list_id = column1 AND position = column2) > 1
        """

    /// Where the sync last put todo `todoID` from a server item without X-APPLE-SORT-ORDER, or nil
    /// (the item has a place, or none was recorded).
    public func syncedPosition(todoID: Int64) throws -> Int64? {
        try connection.queryFirst("SELECT synced_position FROM sync_items WHERE todo_id = ?", [todoID]) { $0.optionalInt64(at: 0) } ?? nil
    }

    /// Records (nil: forgets) where the sync put todo `todoID` from an item without a place.
    public func saveSyncedPosition(_ position: Int64?, todoID: Int64) throws {
        try requireWritable()
        _ = try connection.transaction { try connection.run("UPDATE sync_items SET synced_position = ? WHERE todo_id = ?", [position, todoID]) }
    }
}
