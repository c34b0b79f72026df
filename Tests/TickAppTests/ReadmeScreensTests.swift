import Foundation
import Testing
import TermTable
@testable import TickApp

/// The user's pages: README.md, the front page, and the user guide under docs/.
enum UserPages {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, then every `docs/*.md`, by path from the package root.
    static func paths() throws -> [String] {
        let guide = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + guide
    }

    /// The text of the page at `path` (from the package root).
    static func text(of path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}

@Suite("Screens in the README and the user guide")
struct ReadmeScreensTests {
    /// The package root, found from this file's path.
    static let root = UserPages.root

    static let screenBlock = "<!-- screen: (\\S+) (\\d+x\\d+) -->\\n```text\\n(.*?)```\\n<!-- /screen -->"

    @Test("Every screen in the README and docs/*.md is what its key script produces (run `make screens` after a change)",
          arguments: try UserPages.paths())
    func screensAreCurrent(page: String) throws {
        let text = try UserPages.text(of: page)
        let pattern = try NSRegularExpression(pattern: Self.screenBlock, options: [.dotMatchesLineSeparators])
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let name = String(text[Range(match.range(at: 1), in: text)!])
            let size = LaunchOptions.parseSize(String(text[Range(match.range(at: 2), in: text)!]))!
            let shown = String(text[Range(match.range(at: 3), in: text)!])
            let script = try String(contentsOf: Self.root.appendingPathComponent("docs/screens/\(name).keys"), encoding: .utf8)
            let temporary = try TemporaryStore()
            let result = try ScriptRunner.run(script: script, store: temporary.store, size: size)
            #expect(ScriptRunner.text(of: result.screen) == shown, "\(page): screen \(name) is stale: run make screens")
        }
    }

    @Test("docs/tour.cast, the README's animation, is what tick demo --record writes (run `make screens` after a change)")
    func recordingIsCurrent() throws {
        let recorded = try CommandHarness().run(["demo", "--record", "-"], database: false).output
        let committed = try UserPages.text(of: "docs/tour.cast")
        #expect(recorded == committed, "docs/tour.cast is stale: run make screens (it draws docs/tour.svg from it too)")
    }

    @Test("Every key script in docs/screens is shown by a page, and the README shows at least one")
    func everyScriptIsShown() throws {
        var shown = Set<String>()
        let pattern = try NSRegularExpression(pattern: "<!-- screen: (\\S+) ")
        for page in try UserPages.paths() {
            let text = try UserPages.text(of: page)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                shown.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
            if page == "README.md" { #expect(!shown.isEmpty) }
        }
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs/screens").path)
            .filter { $0.hasSuffix(".keys") }.map { String($0.dropLast(".keys".count)) }
        #expect(Set(scripts).subtracting(shown).isEmpty, "key scripts no page shows")
    }
}

@Suite("Configuration guide reference lists")
struct ReadmeReferenceTests {
    /// The page that lists what a config file can name: docs/configuration.md.
    static func readme() throws -> String {
        try UserPages.text(of: "docs/configuration.md")
    }

    /// The words between "`label `" style backticks after a heading word, flattened.
    static func words(after marker: String, in text: String) throws -> [String] {
        let start = try #require(text.range(of: marker + " `"))
        let end = try #require(text[start.upperBound...].firstIndex(of: "`"))
        return text[start.upperBound..<end].split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    @Test("docs/configuration.md lists every command a config file can bind, and no other")
    func commands() throws {
        #expect(try Self.words(after: "Commands:", in: Self.readme()) == Command.allCases.map(\.rawValue))
    }

    @Test("docs/configuration.md lists every element a config file can color, and no other")
    func elements() throws {
        #expect(try Self.words(after: "Elements:", in: Self.readme()) == Theme.elementNames)
    }
}
