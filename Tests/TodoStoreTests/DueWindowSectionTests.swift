import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Issue 19, the agenda view: a due window read as a section (count, pages, continuation pages,
/// the row of a todo), through the due-day index and the per-day counts of schema 8, against a
/// model that sorts every open dated todo by hand.
@Suite("Due windows as sections")
struct DueWindowSectionTests {
    /// The windows an agenda of 2026-12-01 reads, and a few more.
    static let windows: [TodoStore.DueWindow] = [
        .init(from: nil, before: "2026-12-01"), .init(from: "2026-12-01", before: "2026-12-02"),
        .init(from: "2026-12-02", before: "2026-12-03"), .init(from: "2026-12-03", before: "2026-12-08"),
        .init(from: nil, before: nil), .init(from: "2026-12-05", before: nil),
    ]

    /// The open todos of `window` in the agenda's order, by reading every todo of every list.
    private func model(_ store: TodoStore, _ window: TodoStore.DueWindow) throws -> [Int64] {
        let todos = try store.lists().flatMap { list in
            let query = SectionQuery(listID: list.id)
            return try store.items(query, in: 0..<store.count(query))
        }
        return todos.filter { !$0.isDone && $0.due.map(window.contains) == true }
            .sorted { ($0.due!, -$0.priority, $0.id) < ($1.due!, -$1.priority, $1.id) }
            .map(\.id)
    }

    /// Checks every window's count, pages, continuation pages and rows against the model.
    private func expectAgreement(_ store: TodoStore, random: inout SplitMix64) throws {
        for window in Self.windows {
            let query = SectionQuery(due: window)
            let expected = try model(store, window)
            #expect(try store.count(query) == expected.count, "\(window)")
            #expect(try store.items(query, in: 0..<expected.count + 3).map(\.id) == expected, "\(window)")
            for _ in 0..<4 where !expected.isEmpty {
                let start = Int.random(in: 0..<expected.count, using: &random)
                let end = min(expected.count, start + Int.random(in: 1...7, using: &random))
                #expect(try store.items(query, in: start..<end).map(\.id) == Array(expected[start..<end]), "\(window) \(start)")
                if start > 0, let previous = try store.item(id: expected[start - 1]) {
                    #expect(try store.items(query, in: start..<end, following: previous).map(\.id) == Array(expected[start..<end]),
                            "\(window) after \(start - 1)")
                }
            }
            for (row, id) in expected.enumerated() { #expect(try store.index(of: id, in: query) == row, "\(window) #\(id)") }
        }
    }

    /// A due day in the month around 2026-12-01, sometimes with a time of day.
    private func randomDue(_ random: inout SplitMix64) -> String? {
        guard random.chance(0.85) else { return nil }
        let day = 20 + Int.random(in: 0...20, using: &random)
        let (month, dayOfMonth) = day <= 30 ? ("11", day) : ("12", day - 30)
        let text = "2026-\(month)-" + (dayOfMonth < 10 ? "0" : "") + "\(dayOfMonth)"
        return text
    }

    /// Gives a todo a due time of day, as the due-time part will store them (written directly: this
    /// store's validation takes days only).
    private func setDueTime(_ store: TodoStore, id: Int64, random: inout SplitMix64) throws {
        let time = ["09:00", "18:30", "07:15"][Int.random(in: 0..<3, using: &random)]
        try store.connection.run("UPDATE todos SET due = due || 'T' || ? WHERE id = ? AND length(due) = 10", [time, id])
    }

    @Test("Counts, pages, continuations and rows of due windows agree with a brute-force model through adds, completions, due changes, moves, deletes, undo and redo")
    func againstModel() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            var random = SplitMix64(seed: 19)
            let work = try store.addList(named: "Work").value
            var ids: [Int64] = []
            for index in 0..<120 {
                ids.append(try store.add(title: "t\(index)", listID: random.chance(0.5) ? work.id : TodoStore.inboxListID,
                                         priority: Int.random(in: 0...3, using: &random), due: randomDue(&random)).value.id)
            }
            try expectAgreement(store, random: &random)
            for round in 0..<30 {
                let id = ids[Int.random(in: 0..<ids.count, using: &random)]
                switch Int.random(in: 0..<8, using: &random) {
                case 7: try setDueTime(store, id: id, random: &random)
                case 0: _ = try? store.setDone(random.chance(0.7), ids: [id])
                case 1: _ = try? store.update(id: id, due: .some(randomDue(&random)))
                case 2: _ = try? store.update(id: id, priority: Int.random(in: 0...3, using: &random))
                case 3: _ = try? store.move(id: id, toList: random.chance(0.5) ? work.id : TodoStore.inboxListID, after: nil)
                case 4: _ = try? store.delete(ids: [id])
                case 5: _ = try store.undo()
                default: ids.append(try store.add(title: "r\(round)", due: randomDue(&random)).value.id)
                }
                try expectAgreement(store, random: &random)
            }
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("A group's count sums the day counts and its pages seek by day: no statement counts or skips the whole window")
    func boundedReads() throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let count = try store.connection.query(
                "EXPLAIN QUERY PLAN SELECT COALESCE(SUM(open_count), 0) FROM due_day_counts WHERE 1 AND day < ?", ["2026-12-01"]
            ) { $0.string(at: 3) }
            #expect(count.contains { $0.contains("SEARCH due_day_counts USING PRIMARY KEY (day<?)") }, "\(count)")
            let page = try store.connection.query("""
                EXPLAIN QUERY PLAN SELECT id FROM todos INDEXED BY todos_open_by_due_day
                WHERE completed_at IS NULL AND due IS NOT NULL AND due >= ? AND due < ? ORDER BY due, priority DESC, id LIMIT 5 OFFSET 2
                """, ["2026-11-30", "2026-12-01"]) { $0.string(at: 3) }
            #expect(page.contains { $0.contains("USING INDEX todos_open_by_due_day (due>? AND due<?)") }, "\(page)")
            #expect(!page.contains { $0.contains("TEMP B-TREE") }, "\(page)")
        }
    }
}

/// Version 8 counts open todos per due day: a version 7 store gains the counts of the todos it holds.
@Suite("Migration to version 8: due-day counts")
struct DueDayCountsMigrationTests {
    /// Takes a current store back to version 7 (the UIDs and the per-day counts go).
    static let backToVersion7SQL = MigrationToVersion8Tests.backToVersion7SQL

    @Test("A version 7 store upgrades: its open dated todos are counted per day, and the counts follow changes and undo")
    func upgradesVersion7() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                try store.add(title: "Pay rent", due: "2026-12-01")
                let call = try store.add(title: "Call", due: "2026-12-01").value
                try store.connection.run("UPDATE todos SET due = '2026-12-01T09:30' WHERE id = ?", [call.id])
                try store.add(title: "Old", due: "2026-11-02")
                try store.add(title: "Someday")
                let done = try store.add(title: "Done", due: "2026-12-01").value
                _ = try store.setDone(true, ids: [done.id])
                try store.connection.execute(Self.backToVersion7SQL + "PRAGMA user_version = 7;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let days = try store.connection.query("SELECT day, open_count FROM due_day_counts ORDER BY day") { "\($0.string(at: 0)) \($0.int64(at: 1))" }
            #expect(days == ["2026-11-02 1", "2026-12-01 2"])
            let today = SectionQuery(due: .init(from: "2026-12-01", before: "2026-12-02"))
            #expect(try store.items(today, in: 0..<5).map(\.title) == ["Pay rent", "Call"])
            _ = try store.setDone(true, ids: [1])
            #expect(try store.count(today) == 1)
            _ = try store.undo()
            #expect(try store.count(today) == 2)
            #expect(try store.integrityProblems() == [])
        }
    }
}
