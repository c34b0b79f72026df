import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Issue 31 part 4: started (IN-PROCESS) and cancelled (CANCELLED) todos and PERCENT-COMPLETE in the
/// store: one undoable step each, counted as open or finished, imported, exported and upgraded.
@Suite("Statuses: started, cancelled, percent complete")
struct StatusTests {
    /// Takes a current store back to version 9 (through version 10): no status columns, the journal and modified-time
    /// triggers as version 9 made them (the triggers go first: SQLite refuses to drop a column a
    /// trigger names).
    static let backToVersion9SQL = MigrationToVersion11Tests.backToVersion10SQL + """
        \(Schema.rebuiltTodoJournalSQL(columns: Schema.version7JournaledTodoColumns + Schema.uidColumns))
        DROP TRIGGER todos_modified_time;
        \(Schema.modifiedTimeTriggerSQL(columns: Schema.modifyingTodoColumns))
        ALTER TABLE todos DROP COLUMN status_mark; ALTER TABLE todos DROP COLUMN percent_complete;
        ALTER TABLE history_todos DROP COLUMN old_status_mark; ALTER TABLE history_todos DROP COLUMN old_percent_complete;
        ALTER TABLE history_todos DROP COLUMN new_status_mark; ALTER TABLE history_todos DROP COLUMN new_percent_complete;
        """

    @Test("each status is set in one undoable step; undo brings the previous status back, redo the new one",
          arguments: [TodoStatus.open, .inProcess, .done, .cancelled])
    func setsEachStatus(from start: TodoStatus) throws {
        for target in TodoStatus.allCases where target != start {
            let store = try TodoStore(inMemoryWith: fixedClock)
            let todo = try store.add(title: "Paint the fence").value
            try store.setStatus(start, ids: [todo.id])
            let steps = store.undoableStepCount
            let changed = try #require(try store.setStatus(target, ids: [todo.id]).value.items.first)
            #expect(changed.status == target, "\(start) → \(target)")
            #expect(try store.item(id: todo.id)?.status == target)
            #expect(try store.item(id: todo.id)?.isDone == target.isFinished)
            #expect(store.undoableStepCount == steps + 1)
            try store.undo()
            #expect(try store.item(id: todo.id)?.status == start, "undo of \(start) → \(target)")
            try store.redo()
            #expect(try store.item(id: todo.id)?.status == target)
        }
    }

    @Test("a cancelled todo counts as finished (done count, hidden with the done ones); a started one as open")
    func counts() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todos = try store.add(titles: ["a", "b", "c"])
        try store.setStatus(.cancelled, ids: [todos[0].id])
        try store.setStatus(.inProcess, ids: [todos[1].id])
        let inbox = try #require(try store.lists().first)
        #expect(inbox.openCount == 2 && inbox.doneCount == 1)
        let open = try store.items(SectionQuery(listID: inbox.id, includesCompleted: false), in: 0..<10)
        #expect(open.map(\.title) == ["b", "c"])
    }

    @Test("setting the status a todo already has changes nothing and adds no step; a finished todo keeps its completion time")
    func sameStatus() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "a").value
        try store.setStatus(.cancelled, ids: [todo.id])
        let completed = try store.item(id: todo.id)?.completedAt
        let steps = store.undoableStepCount
        try store.setStatus(.cancelled, ids: [todo.id])
        #expect(store.undoableStepCount == steps)
        // Done to cancelled: still finished, at the same time.
        try store.setStatus(.done, ids: [todo.id])
        #expect(try store.item(id: todo.id)?.completedAt == completed)
    }

    @Test("marking a started todo done, or a cancelled one not done, clears the mark and the percentage; starting keeps the percentage")
    func doneClearsMark() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "a").value
        try store.setPercentComplete(40, id: todo.id)
        try store.setStatus(.inProcess, ids: [todo.id])
        #expect(try store.item(id: todo.id)?.percentComplete == 40)
        try store.setDone(true, ids: [todo.id])
        var item = try #require(try store.item(id: todo.id))
        #expect(item.status == .done && item.statusMark == nil && item.percentComplete == nil)
        try store.setStatus(.cancelled, ids: [todo.id])
        try store.setDone(false, ids: [todo.id])
        item = try #require(try store.item(id: todo.id))
        #expect(item.status == .open && item.statusMark == nil)
    }

    @Test("cancelling a recurring todo continues the series, as done does, in the same step")
    func cancelContinuesSeries() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Water plants", due: "2026-12-08", recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY")).value
        let result = try store.setStatus(.cancelled, ids: [todo.id]).value
        let next = try #require(result.nextOccurrences.first)
        #expect(next.due == "2026-12-15" && next.status == .open && next.recurrence != nil)
        #expect(try store.item(id: todo.id)?.status == .cancelled)
        try store.undo()
        #expect(try store.item(id: next.id) == nil && store.item(id: todo.id)?.status == .open)
    }

    @Test("a percentage outside 0–100 is refused with a sentence, and nothing changes")
    func percentBounds() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "a").value
        #expect(throws: StoreError.invalidPercentComplete(101)) { try store.setPercentComplete(101, id: todo.id) }
        #expect(StoreError.invalidPercentComplete(101).description.contains("0 to 100"))
        #expect(try store.item(id: todo.id)?.percentComplete == nil)
    }

    @Test("a status change stamps the modification time, so a sync sends it and a merge dates it")
    func stampsModification() throws {
        let clock = MigrationToVersion9Tests.Clock()
        let store = try TodoStore(inMemoryWith: { clock.now })
        let todo = try store.add(title: "a").value
        let started = clock.advance(minutes: 3)
        try store.setStatus(.inProcess, ids: [todo.id])
        #expect(try store.modificationDate(ofTodo: todo.id) == started)
        let percent = clock.advance(minutes: 3)
        try store.setPercentComplete(60, id: todo.id)
        #expect(try store.modificationDate(ofTodo: todo.id) == percent)
    }

    @Test("an import keeps a started and a cancelled todo and their percentages, and drops a mark that contradicts the completion")
    func imports() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        var started = NewTodo(title: "started")
        started.statusMark = .inProcess
        started.percentComplete = 30
        var cancelled = NewTodo(title: "cancelled", completedAt: fixedNow)
        cancelled.statusMark = .cancelled
        var contradicting = NewTodo(title: "started yet done", completedAt: fixedNow)
        contradicting.statusMark = .inProcess
        contradicting.percentComplete = 250
        let items = try store.importItems([started, cancelled, contradicting])
        #expect(items.map(\.status) == [.inProcess, .cancelled, .done])
        #expect(try items.map { try store.item(id: $0.id)?.status } == [.inProcess, .cancelled, .done])
        #expect(try store.item(id: items[0].id)?.percentComplete == 30 && store.item(id: items[2].id)?.percentComplete == nil)
        // An import that updates by UID sets the status too.
        var update = NewTodo(title: "started")
        update.uid = items[0].uid
        update.statusMark = nil
        _ = try store.importItems([update], options: ImportOptions())
        #expect(try store.item(id: items[0].id)?.status == .open)
    }

    @Test("JSON: started and cancelled todos and percentages are written and read back; other todos are written as before")
    func json() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todos = try store.add(titles: ["plain", "started", "cancelled"])
        try store.setStatus(.inProcess, ids: [todos[1].id])
        try store.setPercentComplete(25, id: todos[1].id)
        try store.setStatus(.cancelled, ids: [todos[2].id])
        let items = try todos.map { try #require(try store.item(id: $0.id)) }
        #expect(!JSONFormat.todoObject(items[0], listName: "Inbox").contains("status"))
        #expect(JSONFormat.todoObject(items[1], listName: "Inbox").hasSuffix(#""status": "in-process", "percent_complete": 25}"#))
        #expect(JSONFormat.todoObject(items[2], listName: "Inbox").contains(#""done": true"#))
        var text = ""
        try JSONFormat.export(store, to: { text += $0 })
        let document = try JSONFormat.decode(Data(text.utf8))
        #expect(document.todos.map(\.statusMark) == [nil, .inProcess, .cancelled])
        #expect(document.todos.map(\.percentComplete) == [nil, 25, nil])
    }

    @Test("JSON: a status that contradicts done, or is no status, is refused at its line", arguments: [
        (#"[{"title": "a", "status": "cancelled", "done": false}]"#, #""status" is cancelled but "done" is false"#),
        (#"[{"title": "a", "status": "in-process", "done": true}]"#, #""status" is in-process but the todo is done"#),
        (#"[{"title": "a", "status": "maybe"}]"#, #"not "maybe""#),
        (#"[{"title": "a", "percent_complete": 120}]"#, "a whole number from 0 to 100"),
    ])
    func jsonRefusals(text: String, problem: String) throws {
        #expect {
            _ = try JSONFormat.decode(Data(text.utf8))
        } throws: { error in
            "\(error)".contains(problem)
        }
    }

    @Test("a version 9 store upgrades: its todos keep their state with no mark, and undo of a step from before the upgrade still works")
    func upgradesVersion9() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                let todos = try store.add(titles: ["a", "b"])
                try store.setDone(true, ids: [todos[1].id])
                try store.connection.execute(Self.backToVersion9SQL + "PRAGMA user_version = 9;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let items = try store.flatOrder()
            #expect(items.map(\.status) == [.open, .done] && items.allSatisfy { $0.percentComplete == nil })
            try store.undo()
            #expect(try store.flatOrder().map(\.status) == [.open, .open])
            try store.setStatus(.cancelled, ids: [items[0].id])
            #expect(try store.item(id: items[0].id)?.status == .cancelled)
            #expect(try store.integrityProblems() == [])
        }
    }
}
