import Foundation
import Testing

/// Issue 29, point 6: the store's public API has no read that stops the program on a failure; the
/// plain-value conveniences tests use (`count`, `canUndo`…) live in `TickTesting`.
@Suite("A smaller store surface")
struct StoreSurfaceInvariantTests {
    /// The public properties in `text` whose body reads through `readOrStop`.
    static func stoppingPublicReads(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"public\s+var\s+(\w+)\s*:[^{]*\{\s*(?:let\s+\w+\s*=\s*)?readOrStop"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
    }

    @Test("The pattern finds a public read that stops, on one line or two")
    func patternFinds() {
        #expect(Self.stoppingPublicReads(in: "    public var canUndo: Bool {\n        readOrStop(\"the history\") { try x() }\n    }") == ["canUndo"])
        #expect(Self.stoppingPublicReads(in: "    public var count: Int {\n        let counts = readOrStop(\"c\", readCounts)") == ["count"])
        #expect(Self.stoppingPublicReads(in: "    var undoableStepCount: Int {\n        readOrStop(\"the history\", h)\n    }").isEmpty)
    }

    @Test("TodoStore has no public read that stops the program when the store cannot be read")
    func noStoppingPublicReads() throws {
        let folder = ArchitectureInvariantTests.root.appendingPathComponent("Sources/TodoStore")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            found += Self.stoppingPublicReads(in: try String(contentsOf: file, encoding: .utf8)).map { "\(file.lastPathComponent): \($0)" }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
