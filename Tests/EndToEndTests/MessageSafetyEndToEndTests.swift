import Foundation
import Testing

/// The messages `tick` itself prints (before any command runs) quote arguments and file names; their
/// control characters must reach standard error as placeholders, never raw.
@Suite("tick: messages about arguments and files never carry raw control characters")
struct MessageSafetyEndToEndTests {
    static let hostile = "x\u{1B}]0;pwned\u{07}"

    @Test("An unknown option, a missing key script and an unusable store are named with placeholders",
          arguments: [["--\(hostile)"], ["--db", "/dev/null/\(hostile)/t.db", "--script", "/nonexistent/\(hostile).keys"],
                      ["--db", "FOLDER/\(hostile)", "ls"]])
    func placeholders(arguments: [String]) throws {
        // FOLDER holds a folder with the hostile name: a store path Tick refuses, naming it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/" + Self.hostile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try CommandLineTests.run(arguments.map { $0.replacingOccurrences(of: "FOLDER", with: folder) })
        #expect(outcome.status != 0)
        #expect(!outcome.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(outcome.errors.debugDescription)")
        #expect(outcome.errors.contains("␛"), "\(outcome.errors.debugDescription)")
    }
}
