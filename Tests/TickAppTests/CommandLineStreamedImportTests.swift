import Foundation
import Glibc
import Testing
@testable import TickApp
import TodoStore

/// `tick import` of files bigger than one batch, read twice a piece at a time (`StreamedImport`), and
/// the input that can be read twice (`RereadableInput`).
@Suite("Command line: importing big files a piece at a time")
struct CommandLineStreamedImportTests {
    /// More todos than one batch holds, so the import takes several.
    static let count = StreamedImport.batchSize * 2 + 100

    @Test("A todo.txt of several batches is imported whole as one change that u takes back; a second import skips every todo")
    func severalBatches() throws {
        let tick = try CommandHarness()
        let file = tick.file("big.txt")
        // The file repeats its first line at the end: a file's own repeats are not duplicates.
        let lines = (0..<Self.count).map { "Todo \($0) +List\($0 % 3)" } + ["Todo 0 +List0"]
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(tick.output("import", file) == "Imported \(Self.count + 1) todos (0 done) into 3 lists from \(file)\n")
        let stored = try tick.withStore { try $0.exportDocument().todos }
        #expect(stored.count == Self.count + 1)
        #expect(stored.filter { $0.listName == "List1" }.map(\.title) == (0..<Self.count).filter { $0 % 3 == 1 }.map { "Todo \($0)" })
        let again = tick.run(["import", file])
        #expect(again.output == "Imported 0 todos (0 done) into 0 lists from \(file); skipped \(Self.count + 1) todos that looked like"
                + " duplicates of todos already there (--allow-duplicates adds them)\n")
        let undone = try tick.withStore { store in
            _ = try store.undo()
            return try store.exportDocument().todos.count
        }
        #expect(undone == 0)
    }

    @Test("A problem on the last line of a big file stops the import before the store is even made: nothing is added",
          arguments: ["todotxt", "json"])
    func lastLineProblem(format: String) throws {
        let tick = try CommandHarness()
        let file = tick.file("big.\(format)")
        let text = format == "json"
            ? "[" + (0..<Self.count).map { "{\"title\": \"todo \($0)\"}" }.joined(separator: ",\n") + ",\n{\"title\": 7}]"
            : (0..<Self.count).map { "todo \($0)" }.joined(separator: "\n") + "\nbad due:2026-02-30\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = tick.run(["import", file])
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick import: \(file):\(Self.count + 1): "), "\(outcome.errors)")
        #expect(outcome.errors.hasSuffix(" (nothing was imported)\n"))
        #expect(!FileManager.default.fileExists(atPath: tick.path))
    }

    @Test("JSON from standard input whose lists come after its todos puts the todos without a list in its Inbox")
    func jsonListsLast() throws {
        let tick = try CommandHarness()
        let todos = (0..<Self.count).map { $0 % 2 == 0 ? "{\"title\": \"t\($0)\"}" : "{\"title\": \"t\($0)\", \"list\": \"Work\"}" }
        let text = "{\"todos\": [\n" + todos.joined(separator: ",\n") + "\n], \"lists\": [{\"name\": \"Mine\", \"inbox\": true}, {\"name\": \"Work\"}]}"
        #expect(tick.run(["import", "-"], input: text).output == "Imported \(Self.count) todos (0 done) into 2 lists from standard input\n")
        let lists = try tick.withStore { try $0.lists().map(\.name) }
        #expect(lists == ["Mine", "Work"])
    }

    @Test("A pipe is read twice through a private copy that is never seen in the temporary folder")
    func pipeReadTwice() throws {
        let scratch = try ScratchFolder("spool")
        let folder = scratch.folderPath
        let bytes = Array((0..<300_000).map { "line \($0)\n" }.joined().utf8)
        let descriptor = try CommandHarness.pipe(feeding: bytes)
        defer { close(descriptor) }
        let input = RereadableInput(descriptor: descriptor, name: "standard input")
        input.spoolDirectory = folder
        #expect(input.size == nil)
        for _ in 0..<2 {
            #expect(input.rewind())
            var read: [UInt8] = []
            while let piece = input.next() {
                read += piece
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
            }
            #expect(input.failure == nil)
            #expect(read == bytes)
        }
    }

    @Test("A read that fails is said, never taken for the end of the input")
    func failedRead() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let input = RereadableInput(descriptor: descriptor, name: "standard input")
        input.spoolDirectory = folder
        #expect(input.rewind())
        #expect(input.next() == nil)
        #expect(input.failure == "cannot read standard input: Is a directory")
    }
}
