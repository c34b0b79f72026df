import Foundation
import Glibc
import Testing
@testable import TickApp
import TodoStore

/// Issue 30: `tick import DIR` reads a vdir, the folder layout vdirsyncer writes for todoman and
/// khal: one `.ics` file per item, one folder per collection with its name in `displayname`.
@Suite("Import: vdir folders (todoman, vdirsyncer)", .serialized)
struct VdirImportTests {
    /// One item file as todoman and vdirsyncer write it (CRLF line ends).
    static func item(uid: String, summary: String, extra: [String] = [], component: String = "VTODO", calendarLines: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:nl.whynothugo.todoman"] + calendarLines
         + ["BEGIN:\(component)", "UID:\(uid)", "SUMMARY:\(summary)", "DTSTAMP:20261202T083000Z", "CREATED:20261201T090000Z"] + extra
         + ["END:\(component)", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// A vdir root with two collections and things that are not items: `work` named by its
    /// displayname, `home` by its folder, a hidden folder, a folder that is no collection.
    static func writeRoot(in tick: CommandHarness) throws -> String {
        let root = tick.file("calendars")
        func write(_ text: String, _ path: String) throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("Work\n", "work/displayname")
        try write("#ff0000\n", "work/color")
        try write(item(uid: "w1", summary: "Write report", extra: ["DUE:20261205T143000Z", "PRIORITY:1", "CATEGORIES:office"]), "work/w1.ics")
        // An item naming another calendar still belongs to the collection it is in.
        try write(item(uid: "w2", summary: "Call Ann", extra: ["STATUS:COMPLETED", "COMPLETED:20261202T100000Z"],
                       calendarLines: ["X-WR-CALNAME:Elsewhere"]), "work/w2.ics")
        try write("half-written by vdirsyncer", "work/.w3.ics.tmp")
        try write("BEGIN:VCALENDAR\r\nnot finished", "work/.hidden.ics")
        try write(item(uid: "h1", summary: "Buy milk", extra: ["DUE;VALUE=DATE:20261203", "DESCRIPTION:Oat milk"]), "home/h1.ics")
        try write(item(uid: "e1", summary: "Dentist", component: "VEVENT"), "home/e1.ics")
        try write(item(uid: "x1", summary: "Not a list"), ".git/x1.ics")
        try write("some notes", "cache/notes.txt")
        return root
    }

    @Test("A folder of collections: each one a list, named by its displayname or its folder; other files and folders left out")
    func collections() throws {
        let tick = try CommandHarness()
        let root = try Self.writeRoot(in: tick)
        let outcome = tick.run(["import", root])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "Imported 3 todos (1 done) into 2 lists from \(root) (a vdir: 2 collections, 4 files); "
                + "ignored 1 component that is not a todo (1 VEVENT)\n")
        let todos = try tick.withStore { try $0.exportDocument().todos }
        // Collections in the order of their folders' names, items in the order of their files' names.
        #expect(todos.map(\.listName) == ["home", "Work", "Work"])
        #expect(todos.map(\.title) == ["Buy milk", "Write report", "Call Ann"])
        #expect(todos[1].due == "2026-12-05T14:30" && todos[1].priority == 3 && todos[1].tags == ["office"])
        #expect(todos[2].completedAt != nil && todos[0].notes == "Oat milk" && todos[0].due == "2026-12-03")
        #expect(try tick.withStore { try $0.lists().map(\.name) } == ["Inbox", "home", "Work"])
    }

    @Test("One collection's folder imports into its list; --list puts everything into one list")
    func oneCollectionAndList() throws {
        let tick = try CommandHarness()
        let root = try Self.writeRoot(in: tick)
        #expect(tick.run(["import", root + "/work"]).output
                == "Imported 2 todos (1 done) into 1 list from \(root)/work (a vdir: 1 collection, 2 files)\n")
        let other = tick.file("other.db")
        let listed = tick.run(["--db", other, "import", "--list", "Errands", root], database: false)
        #expect(listed.status == 0)
        let todos = try TodoStore(path: other).exportDocument().todos
        #expect(todos.count == 3 && todos.allSatisfy { $0.listName == "Errands" })
        // --list works for files too.
        let file = tick.file("todo.txt")
        try "Pay rent +Home\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(tick.run(["--db", other, "import", "-l", "Errands", file], database: false).status == 0)
        #expect(try TodoStore(path: other).exportDocument().todos.last?.listName == "Errands")
    }

    @Test("A second import of the vdir changes nothing; an item edited since updates its todo")
    func secondImport() throws {
        let tick = try CommandHarness()
        let root = try Self.writeRoot(in: tick)
        #expect(tick.run(["import", root]).status == 0)
        let before = tick.output("export", "--format", "json")
        let again = tick.run(["import", root])
        #expect(again.output.hasPrefix("Imported 0 todos (0 done) into 0 lists from \(root) (a vdir: 2 collections, 4 files); "
                                       + "3 todos already there under the same UID were unchanged;"))
        #expect(tick.output("export", "--format", "json") == before)
        try Self.item(uid: "h1", summary: "Buy oat milk", extra: ["DUE;VALUE=DATE:20261203"]).write(toFile: root + "/home/h1.ics", atomically: true, encoding: .utf8)
        #expect(tick.run(["import", root]).output.contains("; updated 1 todo already there under the same UID; 2 todos already there"))
        #expect(try tick.withStore { try $0.exportDocument().todos.first?.title } == "Buy oat milk")
    }

    @Test("An item Tick cannot read stops the import at FILE:LINE, and nothing is imported", arguments: [
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:bad\r\nSUMMARY:Bad\r\nDUE:20261340\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 6, "DUE"),
        ("not a calendar\r\n", 1, "BEGIN:VCALENDAR"),
        (item(uid: "w1", summary: "Same UID as w1.ics"), 0, "the UID \"w1\" is also in"),
    ])
    func badItem(text: String, line: Int, problem: String) throws {
        let tick = try CommandHarness()
        let root = try Self.writeRoot(in: tick)
        let bad = root + "/work/zz-bad.ics"
        try text.write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(tick.run(["add", "Already here"]).status == 0)
        let outcome = tick.run(["import", root])
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick import: \(bad)\(line > 0 ? ":\(line)" : ""): "), "\(outcome.errors)")
        #expect(outcome.errors.contains(problem) && outcome.errors.hasSuffix("(nothing was imported)\n"), "\(outcome.errors)")
        #expect(try tick.withStore { $0.count } == 1)
    }

    @Test("A pipe named like an item is not read (it would never end), and a folder without items says what a vdir is")
    func notItems() throws {
        let tick = try CommandHarness()
        let root = try Self.writeRoot(in: tick)
        #expect(mkfifo(root + "/home/pipe.ics", 0o600) == 0)
        #expect(tick.run(["import", root]).output.hasPrefix("Imported 3 todos"))
        let empty = tick.file("empty")
        try FileManager.default.createDirectory(atPath: empty + "/sub", withIntermediateDirectories: true)
        let outcome = tick.run(["import", empty])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick import: \(empty) holds no .ics files and no folders of them: a vdir (as vdirsyncer writes "
                + "for todoman) has one .ics file per todo, in one folder per list (nothing was imported)\n")
        #expect(tick.run(["import", "--format", "json", root]).status == 2)
    }

    @Test("A component name with control characters is counted with placeholders, never written raw to the terminal")
    func controlsInComponentName() throws {
        let tick = try CommandHarness()
        let root = try Self.writeRoot(in: tick)
        try Self.item(uid: "evil", summary: "Evil", component: "X-\u{1B}]0;owned\u{07}EVIL").write(toFile: root + "/home/evil.ics", atomically: true, encoding: .utf8)
        let outcome = tick.run(["import", root])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("ignored 2 components that are not todos (1 VEVENT, 1 X-␛]0;OWNED␇EVIL)"), "\(outcome.output)")
        #expect(!outcome.output.contains("\u{1B}") && !outcome.output.contains("\u{07}"))
    }

    @Test("Ctrl-C while the items are read stops the import: exit 130, the store unchanged")
    func interrupted() throws {
        let tick = try CommandHarness()
        let root = try Self.writeRoot(in: tick)
        // Noticed between two files: the bad one at the end is never read.
        try "not a calendar".write(toFile: root + "/work/zz-bad.ics", atomically: true, encoding: .utf8)
        #expect(tick.run(["add", "Already here"]).status == 0)
        let outcome = tick.run(["import", root]) { $0.interrupts = CommandLineImportTests.pressedCtrlC }
        #expect(outcome.status == 130)
        #expect(outcome.errors == "tick import: interrupted; nothing was imported, the store is unchanged\n")
        #expect(try tick.withStore { $0.count } == 1)
    }

    @Test("Many items are read one file at a time into their lists", arguments: [1_000])
    func manyItems(count: Int) throws {
        let tick = try CommandHarness()
        let root = tick.file("many")
        for collection in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: root + "/" + collection, withIntermediateDirectories: true)
        }
        for index in 0..<count {
            try Self.item(uid: "item-\(index)", summary: "Item \(index)")
                .write(toFile: "\(root)/\(index % 2 == 0 ? "a" : "b")/\(index).ics", atomically: false, encoding: .utf8)
        }
        let outcome = tick.run(["import", "--quiet", root])
        #expect(outcome.output.hasPrefix("Imported \(count) todos (0 done) into 2 lists from \(root) (a vdir: 2 collections, \(count) files)"))
    }

    @Test("A vdir written by the real todoman (from .build/venv) imports into its lists, due times and priorities kept")
    func realTodoman() throws {
        let tick = try CommandHarness()
        let vdir = tick.folder.appendingPathComponent("vdir")
        for list in ["work", "home"] {
            try FileManager.default.createDirectory(at: vdir.appendingPathComponent(list), withIntermediateDirectories: true)
        }
        try "Work stuff\n".write(to: vdir.appendingPathComponent("work/displayname"), atomically: true, encoding: .utf8)
        let config = tick.file("todoman.py")
        try """
            path = "\(vdir.path)/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            cache_path = "\(tick.folder.path)/todoman-cache.sqlite3"

            """.write(toFile: config, atomically: true, encoding: .utf8)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let todo = try ExternalProgram(root.appendingPathComponent(".build/venv/bin/todo").path, environment: [
            "HOME": tick.folder.path, "XDG_CONFIG_HOME": tick.folder.path, "XDG_CACHE_HOME": tick.folder.path,
            "XDG_DATA_HOME": tick.folder.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
        ], hint: "`make test` (or `make interop-clients`) installs it in .build/venv")
        try todo.run(["--config", config, "new", "-l", "Work stuff", "--due", "2026-12-05 14:30", "--priority", "high", "Write report"])
        try todo.run(["--config", config, "new", "-l", "home", "--due", "2026-12-03 09:00", "Buy milk"])
        let outcome = tick.run(["import", vdir.path])
        #expect(outcome.output == "Imported 2 todos (0 done) into 2 lists from \(vdir.path) (a vdir: 2 collections, 2 files)\n", "\(outcome.errors)")
        let todos = try tick.withStore { try $0.exportDocument().todos }
        #expect(todos.map(\.listName) == ["home", "Work stuff"])
        #expect(todos.map(\.due) == ["2026-12-03T09:00", "2026-12-05T14:30"])
        #expect(todos.last?.priority == 3)
    }
}
