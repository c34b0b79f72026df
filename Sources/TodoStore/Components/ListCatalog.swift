import FoundationEssentials

/// The lists with their maintained counts, and whether any todo has a priority or a flag (which
/// columns the rows need): read in a read snapshot, remembered while this connection has changed
/// no row since (`SQLiteConnection.totalChanges`), and patched from each committed step's journal
/// rows, so that keys which change nothing, and most that change todos, read none of it again.
final class ListCatalog: StoreComponent {
    private let connection: SQLiteConnection
    /// What was last read or patched.
    private var summary = ListSummary()
    /// The summary as the step being committed leaves it; trusted once the step commits.
    private var patched: ListSummary?

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    private static let listColumns =
        "lists.id, lists.name, lists.position, lists.collapsed, ifnull(counts.open_count, 0), ifnull(counts.done_count, 0)"
    private static let listSelect = "SELECT \(listColumns) FROM lists LEFT JOIN counts ON counts.list_id = lists.id"

    /// The remembered summary when it still describes the file (nothing changed by this connection
    /// since it was read; another connection's commit clears it when a snapshot begins).
    func current() -> ListSummary? {
        summary.isCurrent(changes: connection.totalChanges) ? summary : nil
    }

    /// Every list in the user's order, remembered when read in a read snapshot. The caller opens the snapshot.
    func lists() throws -> [TodoList] {
        if let lists = current()?.lists { return lists }
        let lists = try connection.query("\(Self.listSelect) ORDER BY lists.position, lists.id", row: Self.decodeList)
        remember { $0.lists = lists }
        return lists
    }

    /// The list with this id, or nil (always read: a single row by its key).
    func list(id: Int64) throws -> TodoList? {
        try connection.queryFirst("\(Self.listSelect) WHERE lists.id = ?", [id], row: Self.decodeList)
    }

    /// The maintained open and done counts of one list ((0, 0) when it does not exist): from the
    /// summary while it is current (between `willCommit` and `didCommit`, the summary as the step
    /// leaves it, for the step's `TodoChange`), else from the counts table.
    func counts(ofList listID: Int64) throws -> (open: Int, done: Int) {
        if let list = (patched ?? current())?.lists?.first(where: { $0.id == listID }) {
            return (open: list.openCount, done: list.doneCount)
        }
        return try connection.queryFirst("SELECT open_count, done_count FROM counts WHERE list_id = ?", [listID]) {
            (open: Int($0.int64(at: 0)), done: Int($0.int64(at: 1)))
        } ?? (open: 0, done: 0)
    }

    /// Which optional columns the rows need: answered from two small partial indexes (O(log n)) and
    /// remembered until something changes. The caller opens the snapshot.
    func rowColumns() throws -> RowColumns {
        if let summary = current(), let priority = summary.anyPriority, let flag = summary.anyFlag {
            return RowColumns(priority: priority, flag: flag)
        }
        // The conditions are spelled exactly as the partial indexes' own, so SQLite uses them.
        let columns = try connection.queryFirst("""
            SELECT EXISTS(SELECT 1 FROM todos WHERE priority > 0), EXISTS(SELECT 1 FROM todos WHERE flagged != 0)
            """) { RowColumns(priority: $0.int64(at: 0) != 0, flag: $0.int64(at: 1) != 0) } ?? RowColumns()
        remember {
            $0.anyPriority = columns.priority
            $0.anyFlag = columns.flag
        }
        return columns
    }

    /// Records something read about the lists, only from a read snapshot: inside a write transaction
    /// the rows may still change or roll back.
    private func remember(_ update: (inout ListSummary) -> Void) {
        guard connection.isInReadOnlySnapshot else { return }
        let now = connection.totalChanges
        if !summary.isCurrent(changes: now) { summary = ListSummary(changes: now) }
        update(&summary)
    }

    /// Patches the summary with the step's todo rows, when it was current as the step began and
    /// the step neither changed a list itself nor was too big to replay; otherwise the summary is
    /// left to go stale (this connection's count of changes has moved) and is read again when asked.
    func willCommit(_ step: CommittedStep) throws {
        patched = nil
        guard summary.isCurrent(changes: step.changesAtStart), !step.changedLists, let changes = step.todoChanges else { return }
        var lists = summary
        lists.apply(changes)
        patched = lists
    }

    /// Only now that the step is committed may the patched summary be remembered as current.
    func didCommit(_ step: CommittedStep) {
        guard var lists = patched else { return }
        patched = nil
        lists.changes = connection.totalChanges
        summary = lists
    }

    func didRollBack() {
        summary = ListSummary()
        patched = nil
    }

    private static func decodeList(_ row: SQLiteStatement) -> TodoList {
        TodoList(id: row.int64(at: 0), name: row.string(at: 1), position: row.int64(at: 2), isCollapsed: row.int64(at: 3) != 0,
                 openCount: Int(row.int64(at: 4)), doneCount: Int(row.int64(at: 5)))
    }
}

/// The lists and which row columns are needed, as of a number of rows this connection had changed.
struct ListSummary {
    /// `SQLiteConnection.totalChanges` when these were read; any change of ours since makes them stale.
    var changes: Int64 = -1
    /// Every list with its counts, in order.
    var lists: [TodoList]?
    /// Whether any todo has a priority (`RowColumns.priority`); nil when not known.
    var anyPriority: Bool?
    /// Whether any todo is flagged (`RowColumns.flag`); nil when not known.
    var anyFlag: Bool?

    /// Whether the summary still describes the file, after `changes` rows changed in all.
    func isCurrent(changes now: Int64) -> Bool { changes == now }

    /// Applies a step's todo changes the way the count triggers did: each row leaves its old list's
    /// open or done count and joins its new one's. A row that gains a priority or a flag means some
    /// todo has one; a row that loses its own leaves that unknown (the next question reads it again).
    mutating func apply(_ changes: [JournaledTodoChange]) {
        var open: [Int64: Int] = [:], done: [Int64: Int] = [:]
        for change in changes {
            for (side, delta) in [(change.old, -1), (change.new, 1)] {
                guard let side else { continue }
                if side.isOpen { open[side.listID, default: 0] += delta } else { done[side.listID, default: 0] += delta }
            }
            let priorityAfter = (change.new?.priority ?? 0) > 0, flagAfter = change.new?.isFlagged ?? false
            if priorityAfter { anyPriority = true } else if (change.old?.priority ?? 0) > 0 { anyPriority = nil }
            if flagAfter { anyFlag = true } else if change.old?.isFlagged ?? false { anyFlag = nil }
        }
        guard var lists else { return }
        for index in lists.indices {
            lists[index].openCount += open.removeValue(forKey: lists[index].id) ?? 0
            lists[index].doneCount += done.removeValue(forKey: lists[index].id) ?? 0
        }
        // A count for a list the summary does not know: better read everything again.
        self.lists = open.isEmpty && done.isEmpty ? lists : nil
    }
}
