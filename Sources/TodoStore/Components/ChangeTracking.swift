import FoundationEssentials

/// What this store has told its reader about the file: the `TodoChange` of each of its own steps
/// (handed to the mutation that ran it), and how far the history had got when it last looked, so another process's steps since can be told
/// apart (`TodoStore.externalChange()`).
///
/// A part like the others: it builds each step's change in `willCommit` (after the rank index and
/// the list catalog patched for it, so the ranks it counts are those of the new state), publishes
/// it in `didCommit`, and learns of another connection's commit through `fileDidChangeElsewhere`.
final class ChangeTracking: StoreComponent {
    private let connection: SQLiteConnection
    private let history: History
    private let builder: TodoChangeBuilder

    /// The change of the step just committed, until the mutation that ran it takes it
    /// (`takeCommittedChange`); none when it changed nothing.
    private var committed = TodoChange.none
    /// The change of the step being committed; published once it commits.
    private var pending: TodoChange?
    /// The newest step not undone when this store last looked (0: none).
    private var newestDone: Int64 = 0
    /// The last step id handed out (`sqlite_sequence`) when this store last looked.
    private var sequence: Int64 = 0
    /// The undone steps up to `newestDone` when this store last looked: undo passes over changes from
    /// other devices, so another process's undo or redo may be of a step older than `newestDone`,
    /// which only this count tells.
    private var undoneUpToNewest: Int64 = 0
    /// Whether another connection committed since this store last looked at the history: its own
    /// steps must then not be taken as the newest seen, or the other's would be passed over.
    private var othersCommittedUnseen = false
    /// Set when the next external change cannot be told from the journal (another process's
    /// step was passed over, a step rolled back, the history could not be read).
    private var isLost = true

    init(connection: SQLiteConnection, history: History, builder: TodoChangeBuilder) {
        self.connection = connection
        self.history = history
        self.builder = builder
    }

    /// A step is about to run: until it commits a change, its change is none.
    func willRunStep() {
        committed = .none
    }

    /// The change of the step just committed, for the mutation that ran it (once: it is forgotten).
    func takeCommittedChange() -> TodoChange {
        defer { committed = .none }
        return committed
    }

    /// A step that changed nothing gave its id back (inside its transaction): when nothing else is
    /// unseen, the history stands where this store saw it, less the id handed out.
    func didDiscard(step: Int64) {
        if !othersCommittedUnseen { sequence = step }
    }

    /// Builds the step's change from its rows, and notes the history as the step leaves it.
    func willCommit(_ step: CommittedStep) throws {
        if let todos = step.todoChanges, let lists = step.listChanges {
            pending = try builder.change(todoRows: todos, listRows: lists)
        } else {
            pending = .readEverything(.tooBig)
        }
        if othersCommittedUnseen {
            isLost = true
        } else if step.kind == .change && !step.isRemote {
            // A new step made here is the newest, the newest id handed out, and it dropped the redo
            // branch: no statement needed.
            newestDone = step.id
            sequence = step.id
            undoneUpToNewest = 0
            isLost = false
        } else {
            // An undo, a redo (since changes from other devices pass over undone steps, neither is
            // always the newest step), or a change from another device (which keeps the redo branch).
            try noteHistorySeen()
        }
    }

    func didCommit(_ step: CommittedStep) {
        committed = pending ?? .none
        pending = nil
    }

    func didRollBack() {
        pending = nil
        isLost = true
    }

    /// The next external change cannot be told from the journal (reading it failed).
    func loseTrack() {
        isLost = true
    }

    func fileDidChangeElsewhere() {
        othersCommittedUnseen = true
    }

    /// What another process changed since this store last looked, inside a read snapshot (the
    /// caller knows something changed): its journaled steps, or `readsEverything` when the journal
    /// cannot explain them. The history is noted as seen either way.
    func changeSinceSeen() throws -> TodoChange {
        defer { noteHistorySeenOrLose() }
        guard !isLost, let rows = try journalRowsSinceSeen() else { return .readEverything(.unexplained) }
        return try builder.change(todoRows: rows.todos, listRows: rows.lists)
    }

    /// Remembers how far the history has got, inside the transaction or snapshot that saw it.
    func noteHistorySeen() throws {
        let seen = try connection.queryFirst("""
            SELECT coalesce((SELECT max(id) FROM history_steps WHERE undone = 0), 0),
                   coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'history_steps'), 0)
            """) { (done: $0.int64(at: 0), sequence: $0.int64(at: 1)) }
        newestDone = seen?.done ?? 0
        sequence = seen?.sequence ?? 0
        undoneUpToNewest = try undoneSteps(upTo: newestDone)
        isLost = seen == nil
        othersCommittedUnseen = false
    }

    /// The number of undone steps with ids up to `step`.
    private func undoneSteps(upTo step: Int64) throws -> Int64 {
        try connection.scalarInt("SELECT count(*) FROM history_steps WHERE undone = 1 AND id <= ?", [step])
    }

    /// As `noteHistorySeen`, but a failed read only means the next external change reads everything.
    func noteHistorySeenOrLose() {
        do { try noteHistorySeen() } catch { isLost = true }
    }

    /// The journal rows of the steps another process committed since this store last looked, oldest
    /// first; nil when they do not tell the whole story: the newest step seen was undone or
    /// dropped, or a step since left no rows (it changed nothing, or its history was not kept).
    private func journalRowsSinceSeen() throws -> (todos: [JournaledTodoChange], lists: [JournaledListChange])? {
        if newestDone > 0 {
            let undone = try connection.queryFirst("SELECT undone FROM history_steps WHERE id = ?", [newestDone]) { $0.int64(at: 0) }
            guard undone == 0 else { return nil }
            // A step below it undone or redone since (undo passed over a change from another device).
            guard try undoneSteps(upTo: newestDone) == undoneUpToNewest else { return nil }
        }
        let now = try connection.scalarInt("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'history_steps'), 0)")
        let newSteps = try connection.scalarInt("SELECT count(*) FROM history_steps WHERE id > ?", [sequence])
        // A step id handed out but gone: a step whose rows this store will never see.
        guard newSteps == now - sequence else { return nil }
        let steps = "SELECT id FROM history_steps WHERE id > \(newestDone) AND undone = 0"
        let todos = try history.journaledTodoChanges(where: "step IN (\(steps)) ORDER BY step, rowid", limit: TodoChange.rowLimit + 1)
        return (todos, try history.journaledListChanges(where: "step IN (\(steps)) ORDER BY step, rowid"))
    }
}
