import Foundation
import Testing
@testable import TickApp
import TodoStore

/// The commands refuse a NUL in titles, notes and list names the way the store does: exit 1, the
/// message, nothing changed, and no raw NUL written back.
@Suite("Command line: a NUL in titles, notes and list names is refused")
struct NULTextCommandTests {
    @Test("add, edit and mv refuse a NUL and change nothing", arguments: [
        (["add", "Call \u{0}mum"], "invalid title: a title cannot contain a NUL character"),
        (["add", "Call mum", "--list", "Wo\u{0}rk"], "invalid list name: a list name cannot contain a NUL character"),
        (["edit", "1", "Pay \u{0}rent"], "invalid title: a title cannot contain a NUL character"),
        (["edit", "1", "--notes", "by \u{0}friday"], "invalid notes: notes cannot contain a NUL character"),
        (["mv", "1", "--list", "\u{0}Home"], "invalid list name: a list name cannot contain a NUL character"),
    ])
    func commandsRefuse(arguments: [String], message: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Pay rent"])
        let before = try tick.withStore { try $0.exportDocument() }
        let outcome = tick.run(arguments)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick \(arguments[0]): \(message)"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("\u{0}") && outcome.output.isEmpty)
        #expect(try tick.withStore { try $0.exportDocument() } == before)
    }

    @Test("import names the file and line of a NUL and imports nothing", arguments: [
        ("nul.txt", "Buy milk\nCall \u{0}mum\n", "nul.txt:2: invalid title: a title cannot contain a NUL character"),
        ("nul.json", "[{\"title\": \"Buy milk\",\n  \"notes\": \"\\u0000\"}]", "nul.json:1: invalid notes: notes cannot contain a NUL character"),
    ])
    func importRefuses(name: String, contents: String, message: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Pay rent"])
        let path = tick.file(name)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = tick.run(["import", path])
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick import: \(path.replacingOccurrences(of: name, with: ""))\(message)"), "\(outcome.errors)")
        #expect(tick.output("ls", "--all").split(separator: "\n").count == 1)
    }
}
