import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30: `tick import` of a real `task export`, made by Debian's taskwarrior 2.6 in a scratch
/// folder (`TASKDATA`, `TASKRC`), as someone leaving taskwarrior would.
@Suite("Import: a real taskwarrior export", .serialized)
struct TaskwarriorImportTests {
    /// A store, a taskwarrior beside it with one task of each kind, and its export.
    struct Setup {
        let tick: CommandHarness
        let task: Taskwarrior
        let export: String
        let report: String

        init(options: [String] = []) throws {
            tick = try CommandHarness()
            task = try Taskwarrior(folder: tick.folder)
            report = try task.add("Write report", "project:Work.Reports", "+office", "+urgent", "priority:H",
                                  "due:2026-12-05T14:30", "estimate:3", "reviewer:Ann")
            try task.run(report, "annotate", "Asked Bob for numbers")
            let milk = try task.add("Buy milk", "due:2026-12-02")
            try task.run(milk, "done")
            try task.add("Pay rent", "recur:monthly", "due:2026-12-01", "project:Home")
            try task.add("Later thing", "wait:2026-12-10", "scheduled:2026-12-08")
            let gone = try task.add("Deleted one")
            try task.run(gone, "delete")
            try task.add("Depends thing", "depends:\(report)", "priority:L")
            // Any report makes the pending occurrences of the recurring task.
            try task.run("list")
            export = tick.file("tw.json")
            try task.export(to: export, options: options)
        }

        /// Tick's JSON export of the store, one todo per line.
        func todos() -> [String] {
            tick.output("export", "--format", "json").split(separator: "\n").filter { $0.contains("\"title\"") }.map(String.init)
        }
    }

    @Test("Every task becomes a todo with its fields; deleted ones are skipped; the summary says what was mapped and what was kept as notes")
    func realExport() throws {
        let setup = try Setup()
        let outcome = setup.tick.run(["import", setup.export])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.hasPrefix("Imported 5 todos (1 done) into 3 lists from \(setup.export) (taskwarrior); mapped: 2 projects to lists, "
                                         + "1 recurring task to a recurring todo, 5 UUIDs to UIDs, 1 wait or scheduled date to a start date; skipped 1 deleted task, "))
        #expect(outcome.output.contains(" pending occurrence"))
        #expect(outcome.output.hasSuffix("; kept as notes: 1 annotation, 2 UDAs, 1 dependency, 1 scheduled date\n"))
        let todos = setup.todos()
        #expect(todos.count == 5)
        let report = try #require(todos.first { $0.contains("\"Write report\"") })
        #expect(report.contains(#""list": "Work/Reports""#) && report.contains(#""priority": 3"#))
        #expect(report.contains(#""due": "2026-12-05T14:30""#) && report.contains(#""tags": ["office", "urgent"]"#))
        #expect(report.contains(#" Asked Bob for numbers\n\nUDA estimate: 3\nUDA reviewer: Ann""#), "\(report)")
        let rent = try #require(todos.first { $0.contains("\"Pay rent\"") })
        #expect(rent.contains(#""list": "Home""#) && rent.contains(#""due": "2026-12-01""#) && rent.contains(#""rrule": "FREQ=MONTHLY""#))
        let later = try #require(todos.first { $0.contains("\"Later thing\"") })
        #expect(later.contains(#""notes": "Scheduled: 2026-12-08""#) && later.contains(#""start": "2026-12-10""#))
        let depends = try #require(todos.first { $0.contains("\"Depends thing\"") })
        #expect(depends.contains(#""notes": "Depends on: \#(setup.report)""#) && depends.contains(#""priority": 1"#))
        let milk = try #require(todos.first { $0.contains("\"Buy milk\"") })
        #expect(milk.contains(#""done": true"#) && milk.contains(#""due": "2026-12-02""#))
        // The UUID is the UID (what the .ics export writes).
        #expect(setup.tick.output("export", "--format", "ics").contains("UID:\(setup.report)\r\n"))
    }

    @Test("A second import of the same export changes nothing; a task changed in taskwarrior updates its todo")
    func secondImport() throws {
        let setup = try Setup()
        #expect(setup.tick.run(["import", setup.export]).status == 0)
        let before = setup.tick.output("export", "--format", "json")
        let again = setup.tick.run(["import", setup.export])
        #expect(again.status == 0)
        #expect(again.output.hasPrefix("Imported 0 todos (0 done) into 0 lists from \(setup.export) (taskwarrior); "
                                       + "5 todos already there under the same UID were unchanged; mapped: 2 projects to lists, "
                                       + "1 recurring task to a recurring todo, 5 UUIDs to UIDs, 1 wait or scheduled date to a start date; skipped 1 deleted task"))
        #expect(setup.tick.output("export", "--format", "json") == before)
        try setup.task.run(setup.report, "modify", "priority:M", "+later")
        try setup.task.export(to: setup.export)
        let changed = setup.tick.run(["import", setup.export])
        #expect(changed.output.contains("; updated 1 todo already there under the same UID; 4 todos already there under the same UID were unchanged;"),
                "\(changed.output)")
        #expect(setup.todos().contains { $0.contains("\"Write report\"") && $0.contains(#""priority": 2"#) && $0.contains(#""tags": ["later", "office", "urgent"]"#) })
        // The import that changed nothing made no step: undo takes back the update, then the first import.
        try setup.tick.withStore { (store: TodoStore) throws in
            #expect(try store.undo().value?.description == "import “Write report”")
            #expect(try store.undo().value?.description == "import 5 todos")
        }
    }

    @Test("One task per line (rc.json.array=off), standard input and --format taskwarrior import the same todos")
    func otherForms() throws {
        let array = try Setup()
        #expect(array.tick.run(["import", array.export]).status == 0)
        let lines = try Setup(options: ["rc.json.array=off"])
        #expect(try String(contentsOfFile: lines.export, encoding: .utf8).hasPrefix("{"))
        #expect(lines.tick.run(["import", "--format", "taskwarrior", lines.export]).status == 0)
        let piped = try Setup()
        let text = try String(contentsOfFile: piped.export, encoding: .utf8)
        let outcome = piped.tick.run(["import", "-"], input: text)
        #expect(outcome.output.contains("from standard input (taskwarrior)"))
        func shape(_ todos: [String]) -> [String] {
            // Creation and completion times differ between the three taskwarriors; everything else is the same.
            todos.map { $0.replacingOccurrences(of: #""(created|completed)": "[^"]*""#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"[0-9a-f]{8}-[0-9a-f-]{27}"#, with: "UUID", options: .regularExpression)
                .replacingOccurrences(of: #"\d{4}-\d\d-\d\d \d\d:\d\d Asked"#, with: "Asked", options: .regularExpression) }
        }
        #expect(shape(lines.todos()) == shape(array.todos()))
        #expect(shape(piped.todos()) == shape(array.todos()))
    }

    @Test("The imported todos round-trip through Tick's JSON and iCalendar exports with every field", arguments: ["json", "ics"])
    func roundTrip(format: String) throws {
        let setup = try Setup()
        #expect(setup.tick.run(["import", setup.export]).status == 0)
        let file = setup.tick.file("backup.\(format)")
        #expect(setup.tick.run(["export", file]).status == 0)
        let copy = setup.tick.file("copy.db")
        #expect(setup.tick.run(["--db", copy, "import", file], database: false).status == 0)
        // Every field of every todo, as the store holds it, and the UIDs taskwarrior's UUIDs became.
        let original = try setup.tick.withStore { try $0.exportDocument() }
        let copied = try TodoStore(path: copy)
        defer { copied.close() }
        #expect(try copied.exportDocument() == original)
        #expect(original.todos.count == 5 && original.todos.contains { $0.recurrence != nil }
                && original.todos.contains { $0.notes.contains("UDA estimate: 3") && $0.due == "2026-12-05T14:30" })
        #expect(try copied.item(uid: setup.report)?.title == "Write report")
    }

    @Test("A task Tick cannot read stops the import at FILE:LINE and nothing is imported; controls never reach the terminal")
    func hostile() throws {
        let setup = try Setup()
        var lines = try String(contentsOfFile: setup.export, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 4)
        lines[3] = #"{"description":"Bad \u001b[31m","status":"\u001b[2Jgone","uuid":"7c8c3f6f-83fb-4ac9-a77c-cad27579bd80"},"#
        try lines.joined(separator: "\n").write(toFile: setup.export, atomically: true, encoding: .utf8)
        #expect(setup.tick.run(["add", "Already here"]).status == 0)
        let outcome = setup.tick.run(["import", setup.export])
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick import: \(setup.export):4: \"status\" is \"\\u001b[2Jgone\""), "\(outcome.errors)")
        #expect(outcome.errors.hasSuffix("(nothing was imported)\n"))
        #expect(!outcome.errors.contains("\u{1B}"))
        #expect(try setup.tick.withStore { $0.count } == 1)
        // A title with controls is kept, and shown with placeholders.
        let controls = setup.tick.file("controls.json")
        try #"[{"description":"Ring \u001b]0;owned\u0007 bell","status":"pending"}]"#.write(toFile: controls, atomically: true, encoding: .utf8)
        #expect(setup.tick.run(["import", controls]).status == 0)
        let listed = setup.tick.output("ls")
        #expect(listed.contains("Ring ") && !listed.contains("\u{1B}") && !listed.contains("\u{07}"))
    }
}
