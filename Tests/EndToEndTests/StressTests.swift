import Foundation
import Testing

/// A short, seeded round of `make stress`: SIGKILL at random moments never loses a change reported done.
@Suite("Crash safety")
struct StressTests {
    static let binary = TickEndToEndTests.root.appendingPathComponent(".build/debug/tick-stress").path

    @Test("Killing a process mid-burst 8 times loses no change it reported done and leaves the store readable")
    func killNineRounds() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build (make test does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--rounds", "8", "--seed", "20261129", "--max-ms", "150"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("8 rounds") && text.contains("none lost"))
    }
}
