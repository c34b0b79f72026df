import Foundation
import Testing

/// Issue 30, part 3: `tick` with standard input not a terminal and no key arriving says so.
@Suite("No keys on standard input")
struct NoKeysEndToEndTests {
    @Test("tick < /dev/null says on standard error that no keys came, prints no screen, and exits 1")
    func noKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-nokeys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CommandLineTests.run(["--db", folder.appendingPathComponent("t.db").path], input: "")
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors.hasPrefix("tick: standard input is not a terminal and no keys came from it"))
        // A script that brings keys still runs.
        #expect(try CommandLineTests.run(["--db", folder.appendingPathComponent("t.db").path, "--size", "30x3"], input: "j").status == 0)
    }
}

/// A key script that cannot be read is an error, not an empty script that prints an empty list.
@Suite("An unreadable key script")
struct UnreadableKeyScriptEndToEndTests {
    @Test("tick --script on a folder says it cannot read it, prints no screen, changes nothing and exits 1")
    func folderAsScript() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("t.db").path
        let outcome = try CommandLineTests.run(["--db", database, "--script", folder.path, "--size", "30x3"])
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors == "tick: cannot read the key script: Is a directory (nothing was changed)\n")
        #expect(!FileManager.default.fileExists(atPath: database))
    }
}
