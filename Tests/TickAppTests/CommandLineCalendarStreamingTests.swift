import Foundation
import Glibc
import Testing
@testable import TickApp
import TodoStore

/// `tick import` of `.ics` files bigger than one batch (issue 32): indexed a piece at a time, then each
/// todo read again where it was found (`StreamedCalendarImport`), from a file, from a pipe's copy.
@Suite("Command line: importing big calendars a piece at a time")
struct CommandLineCalendarStreamingTests {
    /// More todos than one batch holds, so the import takes several.
    static let count = StreamedCalendarImport.batchSize * 2 + 100

    /// A calendar of `count` todos in three lists: List0's sort orders count down (so they are
    /// imported in the reverse of the file's order), the others have none; every tenth is due at
    /// 09:00 in a time zone the calendar defines only after its todos.
    static func calendar(lastTodo: String = "") -> String {
        let todos = (0..<count).map { index in
            "BEGIN:VTODO\r\nUID:big-\(index)\r\nSUMMARY:Todo \(index)\r\nX-TICK-LIST:List\(index % 3)\r\n"
                + (index % 3 == 0 ? "X-APPLE-SORT-ORDER:\(count - index)\r\n" : "")
                + (index % 10 == 0 ? "DUE;TZID=Custom/Plus5:20261210T090000\r\n" : "")
                + "END:VTODO\r\n"
        }
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + todos.joined() + lastTodo
            + "BEGIN:VTIMEZONE\r\nTZID:Custom/Plus5\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0500\r\n"
            + "TZOFFSETTO:+0500\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nEND:VCALENDAR\r\n"
    }

    @Test("A calendar of several batches, from a file or a pipe, is imported whole as one change that u takes back, each list in its sort order",
          arguments: [false, true])
    func severalBatches(fromPipe: Bool) throws {
        let tick = try CommandHarness()
        let text = Self.calendar()
        let outcome: CommandHarness.Outcome
        if fromPipe {
            let descriptor = try CommandHarness.pipe(feeding: Array(text.utf8))
            defer { close(descriptor) }
            outcome = tick.run(["import", "-"]) { context in
                context.standardInput = { RereadableInput(descriptor: descriptor, name: "standard input") }
            }
        } else {
            let file = tick.file("big.ics")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            outcome = tick.run(["import", file])
        }
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.hasPrefix("Imported \(Self.count) todos (0 done) into 3 lists from "))
        let stored = try tick.withStore { try $0.exportDocument().todos }
        #expect(stored.count == Self.count)
        #expect(try tick.withStore { try $0.lists().map(\.name) } == ["Inbox", "List0", "List1", "List2"])
        // List0 by its sort orders (the file's order reversed), List1 in the file's order.
        #expect(stored.filter { $0.listName == "List0" }.map(\.title) == (0..<Self.count).filter { $0 % 3 == 0 }.reversed().map { "Todo \($0)" })
        #expect(stored.filter { $0.listName == "List1" }.map(\.title) == (0..<Self.count).filter { $0 % 3 == 1 }.map { "Todo \($0)" })
        // The time zone came after the todos (read before it, they would name an unknown zone): 09:00 at
        // +05:00 is read as the instant it names, in this machine's zone (UTC for the tests: 04:00).
        let due = try #require(try tick.withStore { try $0.item(uid: "big-10")?.due })
        #expect(due.hasPrefix("2026-12-1") && due != "2026-12-10T09:00")
        let undone = try tick.withStore { store in
            _ = try store.undo()
            return try store.exportDocument().todos.count
        }
        #expect(undone == 0)
    }

    @Test("A problem in the last VTODO of a big calendar stops the import before the store is even made, with its file and line",
          arguments: [("BEGIN:VTODO\r\nUID:big-7\r\nSUMMARY:Again\r\nEND:VTODO\r\n", "a second VTODO with UID “big-7”"),
                      ("BEGIN:VTODO\r\nUID:last\r\nSUMMARY:Bad\r\nDUE:2026-02-30\r\nEND:VTODO\r\n", "DUE: cannot read “2026-02-30”")])
    func lastTodoProblem(lastTodo: String, problem: String) throws {
        let tick = try CommandHarness()
        let file = tick.file("big.ics")
        let text = Self.calendar(lastTodo: lastTodo)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let begin = try #require(text.range(of: lastTodo)).lowerBound
        let line = text[..<begin].components(separatedBy: "\r\n").count
        let outcome = tick.run(["import", file])
        #expect(outcome.status == 1)
        let problemLine = lastTodo.contains("DUE") ? line + 3 : line
        #expect(outcome.errors == "tick import: \(file):\(problemLine): \(problem) (nothing was imported)\n")
        #expect(!FileManager.default.fileExists(atPath: tick.path))
    }

    @Test("An input's bytes are read again at their place; bytes past its end are a failure, never fewer bytes")
    func bytesAtTheirPlace() throws {
        let text = Self.calendar()
        let input = RereadableInput(bytes: Data(text.utf8))
        #expect(input.rewind())
        #expect(input.bytes(at: 10, count: 5) == Array(text.utf8)[10..<15].map { $0 })
        #expect(input.bytes(at: text.utf8.count - 3, count: 5) == nil)
        #expect(input.failure == "standard input ended before byte \(text.utf8.count + 2)")
    }
}
