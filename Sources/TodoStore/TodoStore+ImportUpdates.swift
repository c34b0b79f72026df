import FoundationEssentials

/// One todo of an import that is already in the store under its UID: what it becomes.
struct ImportUpdate {
    /// The todo as stored.
    var stored: TodoItem
    /// What the file says it is.
    var item: NewTodo
    /// The list it belongs in now.
    var listID: Int64
}

extension ImportUpdate {
    /// Whether the stored todo already has every field the file gives, in the list it gives (and at
    /// the place, when the file gives one): then the import leaves it alone.
    var changesNothing: Bool {
        let new = item
        return stored.listID == listID && (new.position == nil || new.position == stored.position)
            && stored.title == new.title && stored.notes == new.notes
            && (new.createdAt.map { Self.isSameMoment($0, stored.createdAt) } ?? true)
            && (new.completedAt == nil) == (stored.completedAt == nil)
            && (new.completedAt.map { Self.isSameMoment($0, stored.completedAt!) } ?? true)
            && stored.priority == new.priority && stored.due == new.due && stored.isFlagged == new.isFlagged
            && stored.recurrence == new.recurrence && stored.tags == TodoTags.unique(new.tags)
    }

    /// Whether a file's time is the stored one as far as the file can tell: the same millisecond, or,
    /// when the file gives whole seconds (iCalendar's CREATED and COMPLETED), the same second.
    static func isSameMoment(_ given: Date, _ stored: Date) -> Bool {
        let (given, stored) = (given.unixMilliseconds, stored.unixMilliseconds)
        // Floored to its second, before 1970 too.
        return given == stored || (given % 1_000 == 0 && given == stored - (stored % 1_000 + 1_000) % 1_000)
    }
}

/// The updates of an import (todos whose UID the store already has), written many per statement.
extension TodoStore {
    /// Rows per UPDATE: one statement per todo would open and close a statement journal each, whose
    /// cost grows with the transaction (20,000 updates took 12 s one by one, about 0.3 s this way).
    private static let updateChunkSize = 128

    /// Gives each stored todo every field of its item and returns them as they are now. A todo that
    /// changes list goes to the end of its new list (in the order given); one that stays keeps its place;
    /// one whose item gives a position takes it.
    func update(_ updates: [ImportUpdate]) throws -> [TodoItem] {
        var nextPosition: [Int64: Int64] = [:]
        var pending: [[any SQLiteBindable]] = []
        var results: [TodoItem] = []
        results.reserveCapacity(updates.count)
        for update in updates {
            var item = update.stored
            if let given = update.item.position {
                item.position = given
                item.listID = update.listID
            } else if update.listID != item.listID {
                if let next = nextPosition[update.listID] {
                    item.position = next
                } else {
                    // The end is read from the file, so it must see the moves chosen so far.
                    try write(&pending)
                    item.position = try positions.end(ofList: update.listID)
                }
                let (next, overflow) = item.position.addingReportingOverflow(Self.positionGap)
                nextPosition[update.listID] = overflow ? nil : next
                item.listID = update.listID
            }
            let new = update.item
            item.title = new.title
            item.notes = new.notes
            item.createdAt = new.createdAt ?? item.createdAt
            item.completedAt = new.completedAt
            item.priority = new.priority
            item.due = new.due
            item.isFlagged = new.isFlagged
            item.recurrence = new.recurrence
            item.tags = TodoTags.unique(new.tags)
            item.statusMark = new.storedStatusMark
            item.percentComplete = new.storedPercentComplete
            item.reminders = Reminder.unique(new.reminders)
            item.start = new.start
            pending.append([item.id, item.listID, item.position, item.title, item.notes, item.createdAt.unixMilliseconds,
                            item.completedAt?.unixMilliseconds, item.priority, item.due, item.isFlagged, item.recurrence?.rrule,
                            item.recurrence?.countsFromCompletion ?? false, TodoTags.stored(item.tags),
                            item.statusMark?.rawValue, item.percentComplete.map { Int64($0) }, Reminder.stored(item.reminders),
                            item.start])
            results.append(item)
            if pending.count == Self.updateChunkSize { try write(&pending) }
        }
        try write(&pending)
        return results
    }

    /// Writes the rows in one statement of `updateChunkSize` rows; a short batch repeats its last
    /// row, which writes the same values again.
    private func write(_ rows: inout [[any SQLiteBindable]]) throws {
        guard let last = rows.last else { return }
        let padded = rows + Array(repeating: last, count: Self.updateChunkSize - rows.count)
        let values = Array(repeating: "(" + Self.placeholders(last.count) + ")", count: Self.updateChunkSize).joined(separator: ", ")
        try connection.run("""
            UPDATE todos SET list_id = v.column2, position = v.column3, title = v.column4, notes = v.column5,
                             created_at = v.column6, completed_at = v.column7, priority = v.column8, due = v.column9,
                             flagged = v.column10, rrule = v.column11, rrule_from_completion = v.column12, tags = v.column13,
                             status_mark = v.column14, percent_complete = v.column15, reminders = v.column16, start = v.column17
            FROM (SELECT DISTINCT * FROM (VALUES \(values))) AS v WHERE todos.id = v.column1
            """, padded.flatMap { $0 })
        rows = []
    }
}
