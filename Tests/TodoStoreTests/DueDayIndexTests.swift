import Foundation
import Testing
@testable import TodoStore

/// Issue 19: open todos read by due day across lists from an index, for agendas.
@Suite("Open todos by due day")
struct DueDayIndexTests {
    /// Every open todo whose due day is in the window, as (title, due).
    private func due(_ store: TodoStore, from: String?, before: String?) throws -> [String] {
        var titles: [String] = []
        try store.forEachOpenTodo(due: .init(from: from, before: before)) { titles.append($0.title) }
        return titles
    }

    @Test("A window holds the open todos due from its first day up to its end, by day, then highest priority, then oldest")
    func windows() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            try store.add(title: "b late", due: "2026-12-03")
            try store.add(title: "a low", due: "2026-12-01")
            try store.add(title: "a high", listID: work.id, priority: 3, due: "2026-12-01")
            try store.add(title: "no date")
            let done = try store.add(title: "a done", due: "2026-12-01").value
            _ = try store.setDone(true, ids: [done.id])
            try store.add(title: "past", due: "2026-11-02")
            #expect(try due(store, from: "2026-12-01", before: "2026-12-02") == ["a high", "a low"])
            #expect(try due(store, from: nil, before: "2026-12-01") == ["past"])
            #expect(try due(store, from: "2026-12-02", before: nil) == ["b late"])
            #expect(try due(store, from: nil, before: nil) == ["past", "a high", "a low", "b late"])
            #expect(try due(store, from: "2026-12-04", before: "2026-12-10").isEmpty)
        }
    }

    @Test("The window is read through the due-day index, never by scanning the todos")
    func usesTheIndex() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let plan = try store.connection.query("""
                EXPLAIN QUERY PLAN SELECT id FROM todos INDEXED BY todos_open_by_due_day
                WHERE completed_at IS NULL AND due IS NOT NULL AND due >= '2026-12-01' AND due < '2026-12-02'
                ORDER BY due, priority DESC, id
                """) { $0.string(at: 3) }
            #expect(plan.contains { $0.contains("USING INDEX todos_open_by_due_day (due>? AND due<?)") }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }

    @Test("A version 6 store gains the due-day index when it is opened")
    func upgradeFromVersion6() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                try store.add(title: "Pay rent", due: "2026-12-01")
                try store.connection.execute(MigrationToVersion7Tests.backToVersion6SQL + "PRAGMA user_version = 6;")
                store.close()
            }
            let store = try openStore(path)
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            #expect(try store.connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'todos_open_by_due_day'") == 1)
            #expect(try due(store, from: "2026-12-01", before: "2026-12-02") == ["Pay rent"])
        }
    }
}
