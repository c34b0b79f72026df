import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Issue 31 part 2: a todo's start date (DTSTART, `t:`, taskwarrior's `wait`/`scheduled`) in the
/// store: journaled and undoable, moved with a recurring todo's next occurrence, left out of the
/// agenda's windows while it waits (counts, pages and rows alike), found by `is:waiting`/`is:ready`,
/// imported and exported, and upgraded from version 12.
@Suite("Start dates in the store")
struct StartDateStoreTests {
    /// Takes a current store back to version 12: no outline index (version 14), no start column, no
    /// waiting index or counts, the journal and modified-time triggers as version 12 made them.
    static let backToVersion12SQL = OutlineIndexTests.backBeforeOutlineIndexSQL + """
        DROP INDEX todos_waiting;
        DROP TRIGGER todos_due_start_count_insert; DROP TRIGGER todos_due_start_count_delete; DROP TRIGGER todos_due_start_count_update;
        DROP TABLE due_start_counts;
        \(Schema.rebuiltTodoJournalSQL(columns: Schema.version12JournaledTodoColumns))
        DROP TRIGGER todos_modified_time;
        \(Schema.modifiedTimeTriggerSQL(columns: Schema.version12ModifyingTodoColumns))
        ALTER TABLE todos DROP COLUMN start;
        ALTER TABLE history_todos DROP COLUMN old_start; ALTER TABLE history_todos DROP COLUMN new_start;
        """

    @Test("setting and clearing a start date is one undoable step each; undo and redo bring back exactly the start before and after")
    func journaled() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Report", due: "2026-12-11", start: "2026-12-07").value
        #expect(todo.start == "2026-12-07")
        #expect(try store.item(id: todo.id)?.start == "2026-12-07")
        let edited = try store.update(id: todo.id, start: .some("2026-12-08T09:00"))
        #expect(edited.change != .none)
        #expect(edited.value.start == "2026-12-08T09:00")
        try store.update(id: todo.id, start: .some(nil))
        #expect(try store.item(id: todo.id)?.start == nil)
        try store.undo()
        #expect(try store.item(id: todo.id)?.start == "2026-12-08T09:00")
        try store.undo()
        #expect(try store.item(id: todo.id)?.start == "2026-12-07")
        try store.redo()
        #expect(try store.item(id: todo.id)?.start == "2026-12-08T09:00")
        // The same start again changes nothing and adds no step.
        #expect(try store.update(id: todo.id, start: .some("2026-12-08T09:00")).change == .none)
    }

    @Test("a start that is not a real day is refused with its own message, and nothing is written")
    func refused() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        #expect(throws: StoreError.invalidStart("2026-02-30")) { try store.add(title: "x", start: "2026-02-30") }
        #expect("\(StoreError.invalidStart("fri"))".contains("invalid start date"))
        #expect(try store.flatOrder().isEmpty)
    }

    @Test("the agenda's windows leave out the todos still waiting: counts, pages and rows agree, and a todo shows from its start day")
    func agendaLeavesOutWaiting() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let ready = try store.add(title: "ready", due: "2026-12-03").value
        let waiting = try store.add(title: "waiting", due: "2026-12-03", start: "2026-12-05").value
        let startsToday = try store.add(title: "starts today", due: "2026-12-03", start: "2026-12-02T09:00").value
        let later = try store.add(title: "later", due: "2026-12-04", start: "2026-12-06").value
        let window = TodoStore.DueWindow(from: nil, before: "2026-12-10").hidingWaiting(on: "2026-12-02")
        let query = SectionQuery(due: window)
        #expect(try store.count(query) == 2)
        #expect(try store.items(query, in: 0..<10).map(\.id) == [ready.id, startsToday.id])
        #expect(try store.index(of: waiting.id, in: query) == nil)
        #expect(try store.index(of: startsToday.id, in: query) == 1)
        var listed: [Int64] = []
        try store.forEachOpenTodo(due: window) { listed.append($0.id) }
        #expect(listed == [ready.id, startsToday.id])
        // On the 5th, "waiting" has started (its due has passed: it is overdue); "later" still waits.
        let onFifth = SectionQuery(due: TodoStore.DueWindow(from: nil, before: "2026-12-10").hidingWaiting(on: "2026-12-05"))
        #expect(try store.count(onFifth) == 3)
        #expect(try store.items(onFifth, in: 0..<10).map(\.id) == [ready.id, waiting.id, startsToday.id])
        // Changes keep the counts: done, a new start, undo.
        try store.setDone(true, ids: [ready.id])
        try store.update(id: later.id, start: .some(nil))
        #expect(try store.count(query) == 2)
        #expect(try store.items(query, in: 0..<10).map(\.id) == [startsToday.id, later.id])
        try store.undo()
        try store.undo()
        #expect(try store.count(query) == 2)
        #expect(try store.connection.scalarInt("SELECT count(*) FROM due_start_counts WHERE open_count <= 0") == 0)
        // Without hiding, the window has every open todo.
        #expect(try store.count(SectionQuery(due: TodoStore.DueWindow(from: nil, before: "2026-12-10"))) == 4)
    }

    @Test("is:waiting and is:ready split a list on the day given")
    func queries() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        _ = try store.add(title: "none").value
        _ = try store.add(title: "past", start: "2026-11-30").value
        _ = try store.add(title: "today", start: "2026-12-02T18:00").value
        _ = try store.add(title: "future", start: "2026-12-03").value
        func titles(_ change: (inout TodoQuery) -> Void) throws -> [String] {
            var query = TodoQuery()
            change(&query)
            var section = SectionQuery(listID: TodoStore.inboxListID)
            section.matching = query
            var found: [String] = []
            try store.forEachMatch(of: section) { found.append($0.title) }
            return found.sorted()
        }
        #expect(try titles { $0.waitingOn = "2026-12-02" } == ["future"])
        #expect(try titles { $0.readyOn = "2026-12-02" } == ["none", "past", "today"])
    }

    @Test("a recurring todo's next occurrence starts as long before its new due as the one done did")
    func recurrenceMovesStart() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY", countsFromCompletion: false)
        let todo = try store.add(title: "Report", due: "2026-12-11", recurrence: rule, start: "2026-12-08T09:00").value
        try store.setDone(true, ids: [todo.id])
        let next = try #require(try store.flatOrder().first { !$0.isDone })
        #expect(next.due == "2026-12-18")
        #expect(next.start == "2026-12-15T09:00")
    }

    @Test("JSON, todo.txt (t:) and taskwarrior (wait, scheduled) bring start dates in; JSON and todo.txt write them out")
    func interop() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let json = #"[{"title": "a", "start": "2026-12-09T09:00", "due": "2026-12-10"}]"#
        _ = try store.importItems(try JSONFormat.decode(Data(json.utf8)).todos, intoEmptyStoreOnly: false)
        let item = try #require(try store.flatOrder().first)
        #expect(item.start == "2026-12-09T09:00")
        #expect(JSONFormat.todoObject(item, listName: "Inbox").contains(#""start": "2026-12-09T09:00""#))
        #expect(TodoTxtFormat.line(for: item, listName: "Inbox", zone: .fromEnvironment).contains("t:2026-12-09"))
        let txt = try TodoTxtFormat.decode(Data("Call Mom t:2026-12-05 due:2026-12-07\n".utf8), zone: .utc)
        #expect(txt.todos.first?.start == "2026-12-05")
        #expect(txt.todos.first?.notes == "")
        #expect(txt.tally[.threshold] == 1)
    }

    @Test("a version 12 store upgrades keeping every todo: none has a start, undo of a step from before still works, starts can be set")
    func upgradesVersion12() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                let todos = try store.add(titles: ["a", "b", "c"])
                try store.update(id: todos[1].id, title: "b edited")
                try store.update(id: todos[2].id, due: .some("2026-12-05"))
                try store.connection.execute(Self.backToVersion12SQL + "PRAGMA user_version = 12;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let items = try store.flatOrder()
            #expect(items.map(\.title) == ["a", "b edited", "c"])
            #expect(items.allSatisfy { $0.start == nil })
            try store.undo()
            try store.undo()
            #expect(try store.flatOrder().map(\.title) == ["a", "b", "c"])
            try store.update(id: items[2].id, due: .some("2026-12-05"), start: .some("2026-12-04"))
            #expect(try store.item(id: items[2].id)?.start == "2026-12-04")
            try store.undo()
            #expect(try store.item(id: items[2].id)?.start == nil)
        }
    }

    @Test("the agenda's column checks see only the todos it lists: a due time or a priority on a waiting todo widens nothing")
    func agendaColumnsLeaveOutWaiting() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        _ = try store.add(title: "ready", due: "2026-12-03")
        _ = try store.add(title: "waiting", priority: 2, due: "2026-12-03T18:30", start: "2026-12-05")
        let window = TodoStore.DueWindow(from: nil, before: "2026-12-10")
        #expect(try store.hasTimedOpenDue(in: window) && store.hasPriorityOpenDue(in: window))
        let agenda = window.hidingWaiting(on: "2026-12-02")
        #expect(try !store.hasTimedOpenDue(in: agenda))
        #expect(try !store.hasPriorityOpenDue(in: agenda))
        #expect(try store.hasTimedOpenDue(in: window.hidingWaiting(on: "2026-12-05")))
    }
}
