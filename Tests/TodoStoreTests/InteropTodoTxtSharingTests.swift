import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// A todo.txt file shared with other tools goes through Tick (import, export) unchanged, but for
/// the documented mappings: relative due days become days, priorities beyond (C) become (C), and
/// `+project`, `due:` and `pri:` go to the end of the line.
@Suite("Interop: todo.txt shared with other tools")
struct InteropTodoTxtSharingTests {
    static let utc = LocalTime.utc
    /// 2026-12-01, a Tuesday, at noon UTC.
    static let now = Date(timeIntervalSince1970: 1_796_126_400)

    /// A file as other tools write it, already in the order Tick writes (lists grouped, the Inbox
    /// first; `+project`, `due:` and `pri:` at the end): it must come back byte for byte.
    static let sharedFile = """
        Call the plumber about the sink
        (A) Pay rent @home
        Drink beer
        (B) 2026-11-20 Renew passport due:2026-12-24
        (C) 2026-10-01 Water the plants rec:1w t:2026-11-30
        2026-11-28 Book flights for March  id:7 url:https://example.org/trip?x=1&y=2
        x 2014-12-12 Done
        x 2026-11-29 2026-11-02 Return library books @town
        x Drink the other beer
        x 2026-11-30 2026-11-01 Kept its priority pri:B
        x 2026-11-30 Closed without a creation date pri:A
        买牛奶 and 面包 @超市 due:2026-12-02
        Fix bug #42 in the parser +Work
        (A) 2026-11-25 Ship the release notes +Work due:2026-12-03
        x 2026-11-27 Sent the invoice +Work
        Plan the week +Side_Project

        """

    /// Imports `text` into a fresh store and exports it again.
    static func roundTrip(_ text: String, in folder: String, name: String = "tick.db") throws -> (exported: String, store: TodoStore) {
        let store = try openSteppingStore(folder + "/" + name)
        try store.importDocument(try TodoTxtFormat.decode(Data(text.utf8), zone: utc, now: now))
        var exported = ""
        try TodoTxtFormat.export(store, zone: utc) { exported += $0 }
        return (exported, store)
    }

    @Test("A varied todo.txt file comes back from import and export unchanged, with no dates added")
    func sharedFileRoundTrip() throws {
        try withTemporaryFolder { folder in
            let (exported, store) = try Self.roundTrip(Self.sharedFile, in: folder)
            defer { store.close() }
            #expect(exported == Self.sharedFile)
            // The same through a second store: what Tick writes, Tick reads back the same.
            let (again, copy) = try Self.roundTrip(exported, in: folder, name: "copy.db")
            defer { copy.close() }
            #expect(again == Self.sharedFile)
        }
    }

    @Test("A cancelled todo is written done with status:cancelled and read back cancelled, by Tick's own import too; on an open line status:cancelled is title text")
    func cancelledTodos() throws {
        try withTemporaryFolder { folder in
            let text = "x 2026-11-30 2026-11-01 Called off the party status:cancelled\nx 2026-11-30 Done as usual\nAsk about status:cancelled\n"
            let (exported, store) = try Self.roundTrip(text, in: folder)
            defer { store.close() }
            #expect(exported == text)
            let statuses = Dictionary(uniqueKeysWithValues: try store.flatOrder().map { ($0.title, $0.status) })
            #expect(statuses == ["Called off the party": .cancelled, "Done as usual": .done, "Ask about status:cancelled": .open])

            // Cancelled in Tick: exported as done and cancelled, imported by another store as cancelled.
            let todo = try store.add(title: "Renew the gym").value
            try store.setStatus(.cancelled, ids: [todo.id])
            var written = ""
            try TodoTxtFormat.export(store, zone: Self.utc) { written += $0 }
            let line = try #require(written.split(separator: "\n").first { $0.contains("Renew the gym") })
            #expect(line.hasPrefix("x ") && line.hasSuffix(" Renew the gym status:cancelled"))
            let (_, copy) = try Self.roundTrip(written, in: folder, name: "copy.db")
            defer { copy.close() }
            #expect(try copy.flatOrder().first { $0.title == "Renew the gym" }?.status == .cancelled)
        }
    }

    @Test("A started todo is written open with status:in-process and read back started, by Tick's own import too (status:started as well); on a done line the words are title text")
    func startedTodos() throws {
        try withTemporaryFolder { folder in
            let text = "(A) 2026-11-01 Paint the fence status:in-process\nWrite the letter\nx 2026-11-30 Read about status:in-process\n"
            let (exported, store) = try Self.roundTrip(text, in: folder)
            defer { store.close() }
            #expect(exported == text)
            let statuses = Dictionary(uniqueKeysWithValues: try store.flatOrder().map { ($0.title, $0.status) })
            #expect(statuses == ["Paint the fence": .inProcess, "Write the letter": .open, "Read about status:in-process": .done])

            // Started in Tick: exported open and started, imported by another store as started.
            let todo = try store.add(title: "Tidy the shed").value
            try store.setStatus(.inProcess, ids: [todo.id])
            var written = ""
            try TodoTxtFormat.export(store, zone: Self.utc) { written += $0 }
            let line = try #require(written.split(separator: "\n").first { $0.contains("Tidy the shed") })
            #expect(!line.hasPrefix("x ") && line.hasSuffix(" Tidy the shed status:in-process"))
            let (_, copy) = try Self.roundTrip(written + "Sweep the yard status:started\n", in: folder, name: "copy.db")
            defer { copy.close() }
            let copied = Dictionary(uniqueKeysWithValues: try copy.flatOrder().map { ($0.title, $0.status) })
            #expect(copied["Tidy the shed"] == .inProcess && copied["Paint the fence"] == .inProcess && copied["Sweep the yard"] == .inProcess)
        }
    }

    @Test("Documented mappings are the only changes", arguments: [
        ("(E) Someday maybe", "(C) Someday maybe"),
        ("(Z) 2026-11-01 Least of all", "(C) 2026-11-01 Least of all"),
        ("Call +Work Bob about the offsite", "Call Bob about the offsite +Work"),
        ("due:2026-12-24 Wrap the presents", "Wrap the presents due:2026-12-24"),
        ("Pay the rent due:tom", "Pay the rent due:2026-12-02"),
        ("x Done pri:C due:fri", "x Done due:2026-12-04 pri:C"),
    ])
    func mappings(line: String, expected: String) throws {
        try withTemporaryFolder { folder in
            let (exported, store) = try Self.roundTrip(line + "\n", in: folder)
            defer { store.close() }
            #expect(exported == expected + "\n")
        }
    }

    @Test("A date the line did not have stays out through undo and redo, and a todo completed again exports its new date")
    func notedDatesFollowTheTodo() throws {
        try withTemporaryFolder { folder in
            let (_, store) = try Self.roundTrip("Open one\nx Closed one\n", in: folder)
            defer { store.close() }
            func exported() throws -> [String] {
                var text = ""
                try TodoTxtFormat.export(store, zone: Self.utc) { text += $0 }
                return text.split(separator: "\n").map(String.init)
            }
            #expect(try exported() == ["Open one", "x Closed one"])
            _ = try store.undo()
            #expect(try exported() == [])
            _ = try store.redo()
            #expect(try exported() == ["Open one", "x Closed one"])
            let closed = try #require(try store.exportDocument().todos.last)
            #expect(closed.title == "Closed one")
            let id = try #require(try store.flatOrder().first { $0.title == "Closed one" }?.id)
            try store.setDone(false, ids: [id])
            try store.setDone(true, ids: [id])
            let lines = try exported()
            #expect(lines[0] == "Open one")
            // Completed in Tick now: it has a completion date of its own (still no creation date).
            #expect(lines[1].wholeMatch(of: #/x \d{4}-\d\d-\d\d Closed one/#) != nil, "\(lines[1])")
        }
    }
}
