import Foundation
import Testing

/// A short, seeded round of `make fuzz`.
@Suite("Fuzzing")
struct FuzzTests {
    static let binary = TickEndToEndTests.root.appendingPathComponent(".build/debug/tick-fuzz").path

    @Test("Three seeded runs of 2,000 random keys keep every invariant, and random key scripts never crash the parser")
    func shortSeededRound() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build (make test does)")
        for seed in [11, 12, 13] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = ["--seconds", "0", "--seed", String(seed), "--keys", "2000"]
            process.environment = ["SWIFT_BACKTRACE": "interactive=no"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "seed \(seed): \(text)")
            #expect(text.contains("no failure"), "seed \(seed): \(text)")
        }
    }
}
