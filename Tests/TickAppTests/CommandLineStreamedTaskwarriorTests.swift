import Foundation
import Testing
@testable import TickApp
import TodoStore

/// `tick import` of a taskwarrior export bigger than one batch, read twice a piece at a time as
/// todo.txt and JSON are (`StreamedImport`), and `--list` and UIDs across the streamed formats.
@Suite("Command line: taskwarrior exports and --list, a piece at a time")
struct CommandLineStreamedTaskwarriorTests {
    /// More tasks than one batch holds, so the import takes several.
    static let count = StreamedImport.batchSize * 2 + 100

    /// A UUID made from a number.
    static func uuid(_ number: Int) -> String { "00000000-0000-4000-8000-" + String(format: "%012x", number) }

    /// One task object as `task export` writes it, on one line.
    static func task(_ number: Int, status: String = "pending", project: String? = nil, extra: String = "") -> String {
        "{\"description\":\"Task \(number)\",\"entry\":\"20261201T080000Z\",\"modified\":\"20261201T080000Z\","
            + (project.map { "\"project\":\"\($0)\"," } ?? "") + "\"status\":\"\(status)\",\"uuid\":\"\(uuid(number))\"\(extra)}"
    }

    /// An export of `count` tasks in three projects, a deleted one, and a recurring task whose two
    /// pending occurrences come first and whose template comes last, batches apart.
    static func bigExport() -> String {
        let template = uuid(Self.count + 10)
        let occurrences = (1...2).map { index in
            task(Self.count + index, extra: ",\"parent\":\"\(template)\",\"imask\":\(index),\"due\":\"\(["20261201", "20261208"][index - 1])T120000Z\"")
        }
        let tasks = (0..<Self.count).map { task($0, project: "Work.P\($0 % 3)") }
        let ending = [task(Self.count + 5, status: "deleted"),
                      task(Self.count + 10, status: "recurring", extra: ",\"recur\":\"weekly\",\"due\":\"20261124T120000Z\"")]
        return "[\n" + (occurrences + tasks + ending).joined(separator: ",\n") + "\n]\n"
    }

    @Test("A taskwarrior export of several batches is one change that u takes back; a second import leaves every todo alone")
    func severalBatches() throws {
        let tick = try CommandHarness()
        let file = tick.file("tw.json")
        try Self.bigExport().write(toFile: file, atomically: true, encoding: .utf8)
        let mapped = "mapped: 3 projects to lists, 1 recurring task to a recurring todo, \(Self.count + 1) UUIDs to UIDs; "
            + "skipped 1 deleted task, 2 pending occurrences of recurring tasks\n"
        #expect(tick.output("import", file) == "Imported \(Self.count + 1) todos (0 done) into 4 lists from \(file) (taskwarrior); " + mapped)
        let stored = try tick.withStore { try $0.exportDocument().todos }
        #expect(stored.count == Self.count + 1)
        #expect(stored.filter { $0.listName == "Work/P1" }.map(\.title) == (0..<Self.count).filter { $0 % 3 == 1 }.map { "Task \($0)" })
        // The template, read last, is the one recurring todo, due at its earliest pending occurrence.
        let rent = try #require(stored.first { $0.recurrence != nil })
        #expect(rent.title == "Task \(Self.count + 10)" && rent.due?.hasPrefix("2026-12-01") == true, "\(rent)")
        #expect(try tick.withStore { try $0.item(uid: Self.uuid(Self.count + 10))?.recurrence?.rrule } == "FREQ=WEEKLY")
        let again = tick.run(["import", file])
        #expect(again.output == "Imported 0 todos (0 done) into 0 lists from \(file) (taskwarrior); \(Self.count + 1) todos already there"
                + " under the same UID were unchanged; " + mapped)
        // The second import made no step: one undo takes back the first, whole.
        let undone = try tick.withStore { store in
            _ = try store.undo()
            return try store.exportDocument().todos.count
        }
        #expect(undone == 0)
    }

    @Test("A task Tick cannot read at the end of a big export stops the import before the store is even made")
    func lastTaskProblem() throws {
        let tick = try CommandHarness()
        let file = tick.file("tw.json")
        // One task per line (rc.json.array=off): task N is on line N + 1.
        let lines = (0..<Self.count).map { Self.task($0) } + [Self.task(Self.count, status: "gone")]
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = tick.run(["import", file])
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick import: \(file):\(Self.count + 1): \"status\" is \"gone\""), "\(outcome.errors)")
        #expect(outcome.errors.hasSuffix(" (nothing was imported)\n"))
        #expect(!FileManager.default.fileExists(atPath: tick.path))
    }

    @Test("--list puts every todo of a todo.txt, JSON or taskwarrior file into one list, and makes no other", arguments: [
        ("todo.txt", "Pay rent +Home\nCall Ann +Work\nBuy milk\n"),
        ("backup.json", #"{"lists": [{"name": "Work"}], "todos": [{"title": "Pay rent", "list": "Work"}, {"title": "Call Ann"}]}"#),
        ("tw.json", "[" + task(1, project: "Home") + ",\n" + task(2, project: "Work.Reports") + "]"),
    ])
    func oneList(file name: String, text: String) throws {
        let tick = try CommandHarness()
        let file = tick.file(name)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = tick.run(["import", "--list", "Errands", file])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.hasPrefix("Imported "), "\(outcome.output)")
        #expect(outcome.output.contains(" into 1 list from "), "\(outcome.output)")
        let todos = try tick.withStore { try $0.exportDocument().todos }
        #expect(todos.count >= 2 && todos.allSatisfy { $0.listName == "Errands" })
        #expect(try tick.withStore { try $0.lists().map(\.name) } == ["Inbox", "Errands"])
    }

    @Test("A uid given to two todos of a JSON file is refused at the second one's line, batches apart, and nothing is imported")
    func repeatedUID() throws {
        let tick = try CommandHarness()
        let file = tick.file("backup.json")
        let todos = (0..<Self.count).map { "{\"title\": \"todo \($0)\", \"uid\": \"u\($0)\"}" } + [#"{"title": "again", "uid": "u0"}"#]
        try ("[" + todos.joined(separator: ",\n") + "]").write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = tick.run(["import", file])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick import: \(file):\(Self.count + 1): the uid \"u0\" is given to two todos (nothing was imported)\n")
        #expect(!FileManager.default.fileExists(atPath: tick.path))
    }
}
