import Foundation
import Testing
@testable import TickApp

/// Error messages quote what the user gave (file names, arguments, a bad line of a file); none of it
/// may reach the terminal raw, where an ESC or BEL would act on it (retitle it, set its clipboard).
@Suite("Command line: messages never carry raw control characters")
struct CommandLineMessageSafetyTests {
    static let hostile = "x\u{1B}]0;pwned\u{07}\u{1B}[2J"

    @Test("A message quoting hostile text shows placeholders, for a runtime error, a usage error and an import summary",
          arguments: [["import", "/nonexistent/\(hostile).txt"], ["ls", "--\(hostile)"], ["edit", "1", "--priority", hostile]])
    func placeholders(arguments: [String]) throws {
        let tick = try CommandHarness()
        let outcome = tick.run(arguments)
        #expect(outcome.status != 0)
        #expect(!outcome.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(outcome.errors.debugDescription)")
        #expect(outcome.errors.contains("␛"), "\(outcome.errors.debugDescription)")
    }

    @Test("The import summary names a hostile file name with placeholders")
    func importSummary() throws {
        let tick = try CommandHarness()
        let file = tick.file("list\(Self.hostile).txt")
        try "Buy milk\n".write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = tick.run(["import", file])
        #expect(outcome.status == 0)
        #expect(!outcome.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(outcome.output.debugDescription)")
        #expect(outcome.output.contains("␛"))
    }
}
