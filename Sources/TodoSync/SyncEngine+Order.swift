import TodoStore

/// The manual order through CalDAV: a todo's position in its list is its X-APPLE-SORT-ORDER.
///
/// Tick's positions are already integers in the list's order with gaps between them (a reorder
/// writes one row, now and then a small window of rows), so they go up as they are: a reorder is
/// one PUT, rarely a few, never the whole list. Apple's clients and others read the property as
/// "lower first", which is what a position is. A todo from the server takes the position its item
/// gives (none: it keeps its place, or goes to the end when new). The rules for reorders on both
/// sides: a todo moved on both sides is merged like any field (`TodoMerge`); two todos given the same
/// position (both devices appended between syncs) are put in UID order (`separateTiedTodos`).
extension SyncEngine {
    /// A list and a position in it that a pull wrote.
    struct ReceivedPlace: Hashable {
        var listID: Int64
        var position: Int64
    }

    /// `todo` to import by UID, at its X-APPLE-SORT-ORDER.
    func placed(_ todo: CalendarTodo, defaultList: String) throws -> NewTodo {
        var new = try todo.newTodo(defaultListName: defaultList)
        new.position = todo.sortOrder
        return new
    }

    /// Imports `todo` by UID at its X-APPLE-SORT-ORDER, noting where it went; a completion time it
    /// only infers leaves the stored one as it is (`NewTodo.isCompletionTimeInferred`).
    func applyPlaced(_ todo: CalendarTodo, defaultList: String) throws {
        let new = try placed(todo, defaultList: defaultList)
        let summary = try store.asRemote { try store.importItems([new], options: ImportOptions(countsDuplicates: false)) }
        for item in summary.imported + summary.updated {
            if todo.sortOrder != nil { receivedPlaces.insert(ReceivedPlace(listID: item.listID, position: item.position)) }
            if item.recurrence != nil, !item.isDone { receivedOccurrences.insert(item.id) }
        }
    }

    /// Gives distinct positions, in UID order, to todos that the pull left sharing one (see
    /// `TodoStore.separateTodos(sharingPosition:inList:)`); the todos moved go up at the push.
    func separateTiedTodos() throws {
        // Only the places two todos share: a first download writes thousands of places, most held by one todo.
        let places = receivedPlaces.sorted { ($0.listID, $0.position) < ($1.listID, $1.position) }.map { (listID: $0.listID, position: $0.position) }
        for place in try store.sharedPositions(among: places) {
            // The sync's own step, not the user's: `u` does not undo it.
            _ = try store.asRemote { try store.separateTodos(sharingPosition: place.position, inList: place.listID) }
        }
        receivedPlaces = []
    }

    /// Whether the place of `item` is news for the server: its item has a place (then the rewriter
    /// writes it only when it differs), or it has none and the todo moved here since the sync put it.
    func movedSinceSynced(_ item: TodoItem, base: String) throws -> Bool {
        guard try rewriter.read(base).first?.sortOrder == nil else { return true }
        return try store.syncedPosition(todoID: item.id) != item.position
    }
}
