import Foundation
import Testing
@testable import TickApp
import TodoStore

/// What commands do when standard output fails, and what export shows on a terminal.
@Suite("Command line: standard output")
struct StandardOutputTests {
    /// What a run printed, and how many writes to standard output it tried.
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
        var writes: Int
    }

    /// Runs `tick ARGUMENTS` on the harness's store with a standard output that is a terminal, or
    /// that fails every write with `failure`.
    static func run(_ arguments: [String], in tick: CommandHarness, failing failure: Int32? = nil, terminal: Bool = false) -> Outcome {
        var outcome = Outcome(status: -1, output: "", errors: "", writes: 0)
        guard case let .command(command, rest, databasePath) = CommandLineTool.route(["--db", tick.path] + arguments) else {
            Issue.record("not a command: \(arguments)")
            return outcome
        }
        let context = CommandContext(databasePath: databasePath, environment: ["HOME": tick.folder.path], today: tick.today, localTime: tick.localTime,
                                     outputIsTerminal: terminal,
                                     write: { text in
                                         outcome.writes += 1
                                         if let failure { throw WriteFailure(number: failure) }
                                         outcome.output += text
                                     },
                                     writeError: { outcome.errors += $0 })
        outcome.status = CommandLineTool.run(command, arguments: rest, context: context)
        return outcome
    }

    @Test("A failed write to standard output is exit 1 with a message, whatever the command", arguments: [
        ["export"], ["export", "--format", "json"], ["ls"], ["ls", "--json"], ["ls", "--help"], ["help"], ["help", "add"],
        ["completions", "bash"], ["demo", "--print-script"], ["done", "1"], ["edit", "1", "--flag"],
    ])
    func diskFull(arguments: [String]) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Buy milk"])
        let outcome = Self.run(arguments, in: tick, failing: ENOSPC)
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick: cannot write to standard output: No space left on device\n")
        #expect(outcome.writes == 1, "nothing more is tried once a write failed")
    }

    @Test("A reader that went away (tick ls | head -1) ends the command quietly with SIGPIPE's status", arguments: [
        ["export"], ["ls"], ["help"],
    ])
    func brokenPipe(arguments: [String]) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Buy milk"])
        let outcome = Self.run(arguments, in: tick, failing: EPIPE)
        #expect(outcome.status == 141)
        #expect(outcome.errors.isEmpty)
    }

    @Test("tick add whose confirmation cannot be written still added the todo: exit 0, the failure on standard error, once",
          arguments: [(ENOSPC, "tick add: added 2 to Inbox, but cannot write to standard output: No space left on device\n"),
                      (EPIPE, "")])
    func addWhoseOutputFails(failure: Int32, message: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Buy milk"])
        let outcome = Self.run(["add", "Another"], in: tick, failing: failure)
        #expect(outcome.status == 0, "a script retrying on failure would add it twice")
        #expect(outcome.errors == message)
        #expect(try tick.withStore { try $0.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<10).map(\.title) } == ["Buy milk", "Another"])
    }

    @Test("A long listing stops at the first failed write instead of reading the whole store")
    func stopsAtFirstFailure() throws {
        let tick = try CommandHarness()
        let lines = (1...3000).map { "Todo number \($0) with a title long enough to fill the output" }.joined(separator: "\n")
        #expect(tick.run(["import", "-"], input: lines).status == 0)
        #expect(Self.run(["ls"], in: tick).writes > 2, "the listing takes several writes")
        for arguments in [["ls"], ["export"], ["export", "--format", "json"]] {
            let outcome = Self.run(arguments, in: tick, failing: ENOSPC)
            #expect(outcome.status == 1)
            #expect(outcome.writes == 1)
        }
    }

    static let hostile = "Pay \u{1B}]0;pwned\u{07}rent \u{1B}]52;c;ZXZpbA==\u{07} now \u{9B}31m"

    @Test("export to a terminal shows control characters as placeholders, as tick ls does", arguments: [["export"], ["export", "--format", "json"]])
    func terminalPlaceholders(arguments: [String]) throws {
        let tick = try CommandHarness()
        let added = tick.run(["add", "--list", "Work\u{1B}[2J", Self.hostile])
        #expect(added.status == 0)
        let shown = Self.run(arguments, in: tick, terminal: true)
        #expect(shown.status == 0)
        #expect(!shown.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        if arguments.count == 1 {
            #expect(shown.output.contains("Pay ␛]0;pwned␇rent ␛]52;c;ZXZpbA==␇ now �31m +Work␛[2J"))
            #expect(shown.output.hasSuffix("\n") && shown.output.split(separator: "\n").count == 1)
        }
    }

    @Test("export to a file or a pipe keeps the exact text, control characters included")
    func exactWhenNotTerminal() throws {
        let tick = try CommandHarness()
        tick.run(["add", Self.hostile])
        let piped = Self.run(["export"], in: tick)
        #expect(piped.output.contains(Self.hostile))
        let file = tick.file("backup.txt")
        #expect(tick.run(["export", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(Self.hostile))
        let json = Self.run(["export", "--format", "json"], in: tick).output
        #expect(try JSONFormat.decode(Data(json.utf8)).todos.first?.title == Self.hostile)
    }

    @Test("export's message shows a file name's control characters as placeholders")
    func fileNameIsShownSafely() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Buy milk"])
        let outcome = tick.run(["export", tick.file("backup\u{1B}[2J.txt")])
        #expect(outcome.status == 0)
        #expect(outcome.output == "Exported 1 todo to \(tick.file("backup␛[2J.txt")) (todo.txt)\n")
    }
}
