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
        let context = CommandContext(databasePath: databasePath, environment: [:], today: harness.today,
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
}
