import Foundation
import Testing
@testable import TickApp
import TodoStore

@Suite("Command line and the config file")
struct CommandLineConfigTests {
    @Test("tick add puts todos in the config file's default list when --list is not given")
    func defaultList() throws {
        let harness = try CommandHarness()
        let full = ["--db", harness.path, "add", "Ship it"]
        guard case let .command(command, rest, databasePath) = CommandLineTool.route(full) else {
            Issue.record("not routed as a command")
            return
        }
        var output = ""
        let context = CommandContext(databasePath: databasePath, environment: [:], today: harness.today, localTime: harness.localTime,
                                     write: { output += $0 }, writeError: { output += $0 })
        context.configuration = Configuration.parse("list Work\n", path: "/c")
        #expect(CommandLineTool.run(command, arguments: rest, context: context) == 0)
        #expect(output.contains("to Work"))
        try harness.withStore { store in
            let work = try #require(try store.list(named: "Work"))
            #expect(try store.items(SectionQuery(listID: work.id), in: 0..<5).map(\.title) == ["Ship it"])
        }
    }

    @Test("TICK_SYNCHRONOUS picks the store's durability; anything else keeps full syncing", arguments: [
        (["TICK_SYNCHRONOUS": "off"], TodoStore.Durability.noSync), (["TICK_SYNCHRONOUS": "NORMAL"], .normal),
        (["TICK_SYNCHRONOUS": "full"], .full), (["TICK_SYNCHRONOUS": "sometimes"], .full), ([:], .full),
    ])
    func durability(environment: [String: String], expected: TodoStore.Durability) {
        #expect(TodoStore.Durability(environment: environment) == expected)
    }

    /// Runs the config check on `text` written to a file in a temporary folder; returns the status and what it printed.
    private func check(_ text: String?, named: Bool = true) throws -> (status: Int32, output: String, path: String) {
        let harness = try CommandHarness()
        let path = harness.file("config")
        if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        var output = ""
        let status = ConfigurationCheck.run(path: path, named: named, write: { output += $0 })
        return (status, output, path)
    }

    @Test("tick --check-config prints every problem as FILE:LINE: problem, in full, and exits 1")
    func checkPrintsEveryProblem() throws {
        let outcome = try check("bind <C-n> moveDown\ncolour done red\n\nbind x\nmouse perhaps # why not\n")
        #expect(outcome.status == 1)
        #expect(outcome.output == """
            \(outcome.path):2: unknown setting "colour" (settings: bind, unbind, theme, color, mouse, list, hide-completed, hide-waiting, wrap, sort, history, sync, clipboard, view, remind-alert)
            \(outcome.path):4: bind wants a key and a command, like: bind <C-n> moveDown
            \(outcome.path):5: mouse wants yes or no

            """)
    }

    @Test("tick --check-config says config OK and exits 0 when there is no problem, or no file where none was named", arguments: [
        (Optional("bind <C-n> moveDown\nmouse no\n"), true, "config OK: PATH\n", Int32(0)),
        (nil, false, "config OK: no config file at PATH: the defaults apply\n", 0),
        (nil, true, "PATH: no such file\n", 1),
    ])
    func checkWhenAllIsWell(text: String?, named: Bool, expected: String, status: Int32) throws {
        let outcome = try check(text, named: named)
        #expect(outcome.status == status)
        #expect(outcome.output == expected.replacingOccurrences(of: "PATH", with: outcome.path))
    }

    @Test("tick --check-config prints the file's words with control characters made visible, never raw")
    func checkPrintsNoControlCharacters() throws {
        let outcome = try check("\u{1B}[31mred\u{7}\n")
        #expect(outcome.status == 1)
        #expect(!outcome.output.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(outcome.output.contains("[31mred"))
    }

    @Test("--check-config takes --config PATH and nothing else")
    func checkConfigArguments() throws {
        #expect(try LaunchOptions.parse(["--check-config"]).checksConfiguration)
        let options = try LaunchOptions.parse(["--check-config", "--config", "/c"])
        #expect(options.checksConfiguration && options.configPath == "/c")
        #expect(try LaunchOptions.parse(["--config=/c", "--check-config"]).configPath == "/c")
        for arguments in [["--check-config", "--no-config"], ["--db", "x.db", "--check-config"], ["--check-config", "--script", "k"]] {
            #expect(throws: LaunchOptions.UsageError.self, "\(arguments)") { try LaunchOptions.parse(arguments) }
        }
        #expect(LaunchOptions.usage.contains("--check-config"))
    }
}
