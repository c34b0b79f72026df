import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30's "a second import of the same export changes nothing", for each of Tick's own export
/// formats, with todos that have every field (a due time, a rule, a flag, notes, tags, done).
@Suite("Command line: importing an export back changes nothing")
struct CommandLineReimportTests {
    /// A store with a todo of each kind.
    static func filled() throws -> CommandHarness {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "2026-12-24T18:30", "Carols #music !!!"])
        tick.run(["add", "--list", "Work", "Standup @every mon"])
        tick.run(["add", "Buy milk #home"])
        tick.run(["edit", "3", "--notes", "oat\nor soy", "--flag"])
        tick.run(["add", "--list", "Work", "Ship release"])
        tick.run(["done", "4"])
        return tick
    }

    @Test("Tick's JSON, iCalendar and todo.txt exports imported back add nothing, write nothing and make no undo step", arguments: [
        ("json", "4 todos already there under the same UID were unchanged"),
        ("ics", "4 todos already there under the same UID were unchanged"),
        ("todotxt", "skipped 4 todos that looked like duplicates of todos already there (--allow-duplicates adds them)"),
    ])
    func exportBack(format: String, says: String) throws {
        let tick = try Self.filled()
        let file = tick.file("backup.\(format)")
        #expect(tick.run(["export", "--format", format, file]).status == 0)
        let before = tick.output("export", "--format", "json")
        let again = tick.run(["import", file])
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output == "Imported 0 todos (0 done) into 0 lists from \(file); \(says)\n")
        #expect(tick.output("export", "--format", "json") == before)
        // The last step is still the one before the import (done), not an import.
        let last = try tick.withStore { try $0.undo().value?.description }
        #expect(last?.hasPrefix("import") == false, "\(last ?? "no step")")
    }
}
