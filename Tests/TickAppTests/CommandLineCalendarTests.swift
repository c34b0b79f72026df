import Foundation
import Testing
@testable import TickApp
import TodoStore

/// tick export and tick import with iCalendar (.ics) files.
@Suite("Command line: iCalendar export and import")
struct CommandLineCalendarTests {
    @Test("export to a .ics file writes iCalendar, and importing it into an empty store lists the same todos")
    func exportAndImport() throws {
        let tick = try CommandLineInteropCommandTests.filled()
        let target = tick.file("tasks.ics")
        #expect(tick.output("export", target) == "Exported 3 todos to \(target) (iCalendar)\n")
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.components(separatedBy: "BEGIN:VTODO\r\n").count == 4)
        let copy = tick.file("copy.db")
        let imported = tick.run(["--db", copy, "import", target], database: false)
        #expect(imported.status == 0)
        #expect(imported.output == "Imported 3 todos (1 done) into 2 lists from \(target)\n")
        #expect(CommandLineInteropCommandTests.withoutIDs(tick.run(["ls", "--all", "--db", copy], database: false).output)
                == CommandLineInteropCommandTests.withoutIDs(tick.output("ls", "--all")))
        // The same file again: every todo is found by its UID and left as it is, none added.
        let again = tick.run(["--db", copy, "import", target], database: false)
        #expect(again.output == "Imported 0 todos (0 done) into 0 lists from \(target); 3 todos already there under the same UID were unchanged\n")
    }

    @Test("--format ics writes iCalendar to standard output, whatever the file name")
    func formatOption() throws {
        let tick = try CommandLineInteropCommandTests.filled()
        let outcome = tick.run(["export", "--format", "ics"])
        #expect(outcome.status == 0 && outcome.output.hasPrefix("BEGIN:VCALENDAR\r\n") && outcome.output.hasSuffix("END:VCALENDAR\r\n"))
        let named = tick.file("backup.txt")
        #expect(tick.output("export", "-f", "ics", named) == "Exported 3 todos to \(named) (iCalendar)\n")
    }

    @Test("on a terminal, an iCalendar export shows one line per line, without placeholders for its CRLF breaks")
    func terminalOutput() throws {
        let tick = try CommandLineInteropCommandTests.filled()
        let shown = tick.run(["export", "--format", "ics"]) { $0.outputIsTerminal = true }.output
        #expect(shown.hasPrefix("BEGIN:VCALENDAR\nVERSION:2.0\n"))
        #expect(!shown.unicodeScalars.contains("\r") && !shown.contains("␍"))
    }

    @Test("import recognises a calendar by its first line, whatever the file name, and counts the events it ignores")
    func importSummary() throws {
        let tick = try CommandHarness()
        let file = tick.file("calendar.txt")
        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:e1\r
            DTSTART:20261205T180000Z\r
            SUMMARY:Dinner\r
            END:VEVENT\r
            BEGIN:VTODO\r
            UID:t1\r
            SUMMARY:Book a table\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        try calendar.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(tick.output("import", file)
                == "Imported 1 todo (0 done) into 1 list from \(file); ignored 1 component that is not a todo (1 VEVENT)\n")
        #expect(try tick.withStore { try $0.item(uid: "t1")?.title } == "Book a table")
    }

    @Test("Ctrl-C while a calendar is read stops the import before its last VTODO is even looked at: exit 130, the store unchanged")
    func interruptedWhileReading() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Already here"])
        let before = tick.output("export", "--format", "json")
        let todos = (0..<600).map { "BEGIN:VTODO\r\nUID:u\($0)\r\nSUMMARY:todo \($0)\r\nEND:VTODO\r\n" }.joined()
        // The last VTODO has no UID: read to the end, the import would fail there (exit 1) instead.
        let text = "BEGIN:VCALENDAR\r\n" + todos + "BEGIN:VTODO\r\nSUMMARY:no UID\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let outcome = tick.run(["import", "-"], input: text) { $0.interrupts = CommandLineImportTests.pressedCtrlC }
        #expect(outcome.status == 130)
        #expect(outcome.errors == "tick import: interrupted; nothing was imported, the store is unchanged\n")
        #expect(tick.output("export", "--format", "json") == before)
    }

    @Test("a malformed calendar fails with FILE:LINE: problem and exit 1, and nothing is imported", arguments: [
        ("bad.ics", "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:ok\nEND:VTODO\nBEGIN:VTODO\nUID:b\nSUMMARY:bad\nDUE:2026-02-31\nEND:VTODO\nEND:VCALENDAR\n",
         "bad.ics:9: DUE: cannot read “2026-02-31”"),
        ("open.ics", "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:ok\nEND:VTODO\n", "open.ics:1: BEGIN:VCALENDAR is never ended"),
        ("nouid.ics", "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:ok\nEND:VTODO\nEND:VCALENDAR\n", "nouid.ics:2: a VTODO without a UID"),
    ])
    func malformed(name: String, contents: String, message: String) throws {
        let tick = try CommandLineInteropCommandTests.filled()
        let path = tick.file(name)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        let before = try tick.withStore { try $0.exportDocument() }
        let outcome = tick.run(["import", path])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick import: \(tick.folder.path)/\(message) (nothing was imported)\n")
        #expect(try tick.withStore { try $0.exportDocument() } == before)
    }
}
