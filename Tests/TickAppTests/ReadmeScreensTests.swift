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
            let result = ScriptRunner.run(keys: try KeyScript.parse(script), store: temporary.store, size: size)
            #expect(ScriptRunner.text(of: result.screen) == shown, "README screen \(name) is stale: run make screens")
        }
    }
}
