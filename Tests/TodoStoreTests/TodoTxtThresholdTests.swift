import Foundation
import Testing
@testable import TodoStore

/// Issue 30 and 31: todo.txt's `t:YYYY-MM-DD` (threshold) read as the start date and written back
/// by the export; `h:1` lines (hidden placeholders) skipped and counted.
@Suite("Interop: todo.txt thresholds and hidden lines")
struct TodoTxtThresholdTests {
    static let utc = LocalTime.utc

    static func decode(_ text: String) throws(InteropError) -> InteropDocument {
        try TodoTxtFormat.decode(Data(text.utf8), zone: utc, now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("t:YYYY-MM-DD becomes the start date and is counted; the title and the notes do not keep it")
    func thresholdKept() throws {
        let document = try Self.decode("(A) Plan the trip t:2026-12-05 +Travel due:2026-12-20\nNo threshold\n")
        let todo = try #require(document.todos.first)
        #expect(todo.title == "Plan the trip" && todo.listName == "Travel" && todo.due == "2026-12-20")
        #expect(todo.notes == "")
        #expect(todo.start == "2026-12-05")
        #expect(document.todos.last?.notes == "")
        #expect(document.tally[.threshold] == 1)
        #expect(document.tally.summary == "; mapped: 1 threshold date (t:) to a start date")
    }

    @Test("A threshold that is not a real day stops the import at its line; a t: word that is no date stays in the title")
    func badThreshold() throws {
        #expect(throws: InteropError(line: 2, problem: "invalid threshold date “t:2026-02-30”: write t:YYYY-MM-DD, like t:2026-12-05")) {
            _ = try Self.decode("fine\nPay t:2026-02-30\n")
        }
        #expect(try Self.decode("Read t:Rex\n").todos.first?.title == "Read t:Rex")
    }

    @Test("h:1 lines are skipped and counted; the lines after keep their numbers")
    func hiddenLines() throws {
        let document = try Self.decode("Real one\nx +Work @office h:1\n(A) placeholder h:1 +Home\nSecond\n")
        #expect(document.todos.map(\.title) == ["Real one", "Second"])
        #expect(document.tally.summary == "; skipped 2 hidden lines (h:1)")
        #expect(throws: InteropError(line: 3, problem: "invalid due date “x”: write due:YYYY-MM-DD, like due:2026-12-24 (or a relative day: due:tom, due:fri, due:2w)")) {
            _ = try Self.decode("a\n+Work h:1\nb due:x\n")
        }
    }

    @Test("The export writes the start date back as t:, so a line with a threshold comes back as it was")
    func roundTrip() throws {
        let line = "(B) 2026-11-20 Plan the trip @home +Travel due:2026-12-20 t:2026-12-05"
        let store = try TodoStore(inMemoryWith: { Date(timeIntervalSince1970: 1_800_000_000) })
        try store.importDocument(try Self.decode(line + "\n"))
        var written = ""
        try TodoTxtFormat.export(store, zone: Self.utc) { written += $0 }
        #expect(written == line + "\n")
    }

    @Test("A Starts: line that is not a real day is not a start date", arguments: [
        ("Starts: 2026-12-05", "2026-12-05"), ("notes\n\nStarts: 2026-12-05 09:30", "2026-12-05 09:30"),
        ("Starts: 2026-02-30", nil), ("Starts: soon", nil), ("Starts: 2026-12-05 25:00", nil), ("Starts:2026-12-05", nil),
    ] as [(String, String?)])
    func startDateLine(notes: String, start: String?) {
        #expect(KeptNotes.startDate(in: notes).map(String.init) == start)
    }
}
