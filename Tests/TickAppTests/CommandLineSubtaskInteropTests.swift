import Foundation
import Testing
@testable import TickApp
import TickTesting
import TodoStore

/// Subtasks everywhere else on the command line: `tick import` and `tick export` of todo.txt, JSON,
/// iCalendar and taskwarrior files (each streamed file read twice), the query language's
/// `parent:ID`, `is:subtask`, `has:subtasks`, and `tick ls` keeping a filtered listing a tree.
@Suite("Subtasks through import, export, queries and filtered listings")
struct CommandLineSubtaskInteropTests {
    /// The store's todos in order, each title indented two spaces per level of the outline.
    static func outline(_ tick: CommandHarness) throws -> [String] {
        try tick.withStore { store in try store.flatOrder().map { String(repeating: "  ", count: try store.depth(of: $0.id)) + $0.title } }
    }

    /// Trip (1) > Book flights (3) > Compare prices (4), Groceries (2), all in Home.
    static func tree() throws -> CommandHarness {
        let tick = try CommandHarness()
        tick.run(["add", "--list", "Home", "Trip"])
        tick.run(["add", "--list", "Home", "Groceries", "milk"])
        tick.run(["add", "--parent", "1", "Book flights"])
        tick.run(["add", "--parent", "3", "Compare prices", "milk"])
        return tick
    }

    @Test("tick import of todo.txt makes the outline from id:/p: lines in any order, and says what stayed in titles")
    func todoTxtImport() throws {
        let tick = try CommandHarness()
        let file = tick.file("todo.txt")
        try "Compare prices p:2\nTrip id:1\nBook flights id:2 p:1\nCall Ann p:9\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = tick.run(["import", "-q", file])
        #expect(result.status == 0)
        #expect(result.output.contains("; mapped: 2 p: links to subtasks; kept in titles: 1 id:/p: word no other line matches"), "\(result.output)")
        let shown1 = try Self.outline(tick)
        #expect(shown1 == ["Trip", "  Book flights", "    Compare prices", "Call Ann p:9"])
    }

    @Test("todo.txt, JSON and iCalendar exports carry the outline, and importing each into a new store gives it back")
    func exportsRoundTrip() throws {
        let tick = try Self.tree()
        let expected = ["Trip", "  Book flights", "    Compare prices milk", "Groceries milk"]
        let shown2 = try Self.outline(tick)
        #expect(shown2 == expected)
        let todoTxt = tick.output("export")
        #expect(todoTxt.contains("Trip +Home id:1\n") && todoTxt.contains("Book flights +Home id:3 p:1\n"), "\(todoTxt)")
        for (name, format) in [("todo.txt", "todotxt"), ("tick.json", "json"), ("tick.ics", "ics")] {
            let file = tick.file(name)
            #expect(tick.run(["export", "-q", "--format", format, file]).status == 0)
            let copy = try CommandHarness()
            let imported = copy.run(["import", "-q", file])
            #expect(imported.status == 0, "\(format): \(imported.errors)")
            let shown3 = try Self.outline(copy)
            #expect(shown3 == expected, "\(format)")
        }
    }

    @Test("a JSON \"parent\" may come before its todo when tick import streams the file; one naming no todo stops the import")
    func jsonForwardReference() throws {
        let tick = try CommandHarness()
        let file = tick.file("todos.json")
        try """
            [{"id": 5, "title": "Compare prices", "parent": 9},
             {"id": 9, "title": "Trip"}]
            """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(tick.run(["import", "-q", file]).status == 0)
        let shown4 = try Self.outline(tick)
        #expect(shown4 == ["Trip", "  Compare prices"])
        try "[{\"title\": \"Orphan\", \"parent\": 3}]".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = tick.run(["import", "-q", file])
        #expect(refused.status != 0 && refused.errors.contains("\"parent\" is 3, but no todo of the file has \"id\": 3"), "\(refused.errors)")
        #expect(try tick.withStore { try $0.flatOrder().count } == 2)
    }

    static func uuid(_ number: Int) -> String { "00000000-0000-4000-8000-" + String(format: "%012x", number) }

    static func task(_ number: Int, _ title: String, depends: [Int] = [], extra: String = "") -> String {
        "{\"description\":\"\(title)\",\"entry\":\"20261201T080000Z\",\"status\":\"pending\",\"uuid\":\"\(uuid(number))\""
            + (depends.isEmpty ? "" : ",\"depends\":[" + depends.map { "\"\(uuid($0))\"" }.joined(separator: ",") + "]") + extra + "}"
    }

    @Test("a taskwarrior task is the parent of the tasks of its project it depends on; a task two depend on goes under the first, the other keeps Depends on:")
    func taskwarriorDepends() throws {
        let tick = try CommandHarness()
        let file = tick.file("tw.json")
        let tasks = [Self.task(2, "Book flights"), Self.task(1, "Trip", depends: [2, 3]), Self.task(4, "Budget", depends: [2, 9]),
                     Self.task(3, "Pack"), Self.task(6, "Slides"), Self.task(5, "Email", depends: [6], extra: ",\"project\":\"Work\"")]
        try ("[\n" + tasks.joined(separator: ",\n") + "\n]\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = tick.run(["import", "-q", file])
        #expect(result.status == 0)
        #expect(result.output.contains("2 dependencies to subtasks") && result.output.contains("kept as notes: 3 dependencies"), "\(result.output)")
        let shown5 = try Self.outline(tick)
        #expect(shown5 == ["Trip", "  Book flights", "  Pack", "Budget", "Slides", "Email"])
        let budget = try #require(try tick.withStore { try $0.flatOrder().first { $0.title == "Budget" } })
        #expect(budget.notes == "Depends on: \(Self.uuid(2)), \(Self.uuid(9))")
        // A subtask is in its parent's list: a dependency on a task of another project stays in the notes.
        let email = try #require(try tick.withStore { try $0.flatOrder().first { $0.title == "Email" } })
        #expect(email.notes == "Depends on: \(Self.uuid(6))")
        let trip = try #require(try tick.withStore { try $0.flatOrder().first { $0.title == "Trip" } })
        #expect(trip.notes == "")
    }

    @Test("parent:ID, is:subtask and has:subtasks pick the outline's todos")
    func queries() throws {
        let tick = try Self.tree()
        func ids(_ query: String...) -> [String] {
            tick.run(["ls", "--json"] + query).output.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /"id": (\d+)/).map { String($0.1) }
            }
        }
        #expect(ids("parent:1") == ["3"])
        #expect(ids("parent:3", "parent:1") == ["3", "4"])
        #expect(ids("is:subtask") == ["3", "4"])
        #expect(ids("has:subtasks") == ["1", "3"])
        #expect(ids("has:subtasks", "-#x", "is:subtask") == ["3"])
        let wrong = tick.run(["ls", "parent:x"])
        #expect(wrong.status == 2 && wrong.errors.contains("parent:x needs a todo's id"), "\(wrong.errors)")
    }

    @Test("a filtered tick ls shows a matched subtask's parents above it as context (· for the id); --json lists only the matches")
    func filteredListingStaysATree() throws {
        let tick = try Self.tree()
        let lines = tick.output("ls", "milk").split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(lines)")
        #expect(lines[0].hasPrefix("· ") && lines[0].hasSuffix("Home  Trip"), "\(lines)")
        #expect(lines[1].hasPrefix("· ") && lines[1].hasSuffix("Home    Book flights"), "\(lines)")
        #expect(lines[2].hasPrefix("4 ") && lines[2].hasSuffix("Home      Compare prices milk"), "\(lines)")
        #expect(lines[3].hasPrefix("2 ") && lines[3].hasSuffix("Home  Groceries milk"), "\(lines)")
        let json = tick.output("ls", "--json", "milk").split(separator: "\n").filter { $0.contains("\"id\"") }
        #expect(json.count == 2 && json.first?.contains("\"parent\": 3") == true)
        let sub = tick.output("ls", "Book").split(separator: "\n").map(String.init)
        try #require(sub.count == 2, "\(sub)")
        #expect(sub[0].hasPrefix("· ") && sub[1].hasPrefix("3 ") && sub[1].hasSuffix("Home    Book flights"), "\(sub)")
    }
}
