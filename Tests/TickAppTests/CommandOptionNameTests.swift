@testable import TickApp
import Testing

/// Every command's options can be told apart: two options of one command with the same short or
/// long name would make one of them unreachable (`tick add -p` once meant both `--priority` and
/// `--parent`, and the parser took the first).
@Suite("Command option names")
struct CommandOptionNameTests {
    @Test("No two options of a command share a short or a long name",
          arguments: (CommandLineTool.commands + CommandLineTool.hiddenCommands).map { $0.description.name })
    func optionNamesAreUnique(command: String) throws {
        let description = try #require(CommandLineTool.command(named: command)).description
        let shorts = description.allOptions.compactMap(\.short)
        let longs = description.allOptions.map(\.long)
        #expect(Set(shorts).count == shorts.count, "\(command): short names \(shorts)")
        #expect(Set(longs).count == longs.count, "\(command): long names \(longs)")
    }
}
