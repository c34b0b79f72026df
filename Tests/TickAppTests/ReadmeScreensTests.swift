import Foundation
import Testing
import TermTable
@testable import TickApp

@Suite("README screens")
struct ReadmeScreensTests {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Every screen in the README is what its key script produces (run `make screens` after a change)")
    func screensAreCurrent() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "<!-- screen: (\\S+) (\\d+x\\d+) -->\\n```text\\n(.*?)```\\n<!-- /screen -->",
                                              options: [.dotMatchesLineSeparators])
        let matches = pattern.matches(in: readme, range: NSRange(readme.startIndex..., in: readme))
        #expect(!matches.isEmpty)
        for match in matches {
            let name = String(readme[Range(match.range(at: 1), in: readme)!])
            let size = LaunchOptions.parseSize(String(readme[Range(match.range(at: 2), in: readme)!]))!
            let shown = String(readme[Range(match.range(at: 3), in: readme)!])
            let script = try String(contentsOf: Self.root.appendingPathComponent("docs/screens/\(name).keys"), encoding: .utf8)
            let temporary = try TemporaryStore()
            let result = try ScriptRunner.run(script: script, store: temporary.store, size: size)
            #expect(ScriptRunner.text(of: result.screen) == shown, "README screen \(name) is stale: run make screens")
        }
    }
}

@Suite("README reference lists")
struct ReadmeReferenceTests {
    static func readme() throws -> String {
        try String(contentsOf: ReadmeScreensTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The words between "`label `" style backticks after a heading word, flattened.
    static func words(after marker: String, in text: String) throws -> [String] {
        let start = try #require(text.range(of: marker + " `"))
        let end = try #require(text[start.upperBound...].firstIndex(of: "`"))
        return text[start.upperBound..<end].split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    @Test("The README lists every command a config file can bind, and no other")
    func commands() throws {
        #expect(try Self.words(after: "Commands:", in: Self.readme()) == Command.allCases.map(\.rawValue))
    }

    @Test("The README lists every element a config file can color, and no other")
    func elements() throws {
        #expect(try Self.words(after: "Elements:", in: Self.readme()) == Theme.elementNames)
    }
}
