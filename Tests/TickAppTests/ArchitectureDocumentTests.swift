import Foundation
import Testing
@testable import TickApp

@Suite("Architecture document")
struct ArchitectureDocumentTests {
    /// The package root, found from this file's path (Tests/TickAppTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(of file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The names of every target `Package.swift` declares (system libraries, libraries, executables,
    /// tests), read from its `.kind(name: "…"` calls rather than by loading the manifest.
    static func targetNames(inManifest manifest: String) throws -> [String] {
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary|binaryTarget|plugin|macro)\(\s*name:\s*"([^"]+)""#)
        return pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).map {
            String(manifest[Range($0.range(at: 1), in: manifest)!])
        }
    }

    @Test("Every target in Package.swift is named in ARCHITECTURE.md, in backticks, so the map never leaves one out")
    func everyTargetIsNamed() throws {
        let targets = try Self.targetNames(inManifest: Self.text(of: "Package.swift"))
        // A pattern that stopped matching would pass vacuously: the manifest has at least these.
        #expect(Set(["CSQLite", "TermTable", "TodoStore", "TickApp", "tick", "EndToEndTests"]).isSubset(of: targets))
        let architecture = try Self.text(of: "ARCHITECTURE.md")
        let missing = targets.filter { !architecture.contains("`\($0)`") }
        #expect(missing.isEmpty, "ARCHITECTURE.md does not name these targets of Package.swift: \(missing.joined(separator: ", "))")
    }

    @Test("The target names are read from every kind of target declaration")
    func manifestParsing() throws {
        let manifest = """
            .systemLibrary(name: "CFoo", path: "Sources/CFoo"),
            .target(name: "Foo", exclude: ["README.md"]),
            .executableTarget(
                name: "foo-tool", dependencies: ["Foo"]),
            .testTarget(name: "FooTests", dependencies: ["Foo"]),
            .library(name: "FooProduct", targets: ["Foo"]),
            """
        #expect(try Self.targetNames(inManifest: manifest) == ["CFoo", "Foo", "foo-tool", "FooTests"])
    }

    @Test("The README links to ARCHITECTURE.md for how Tick is built")
    func readmeLinksToIt() throws {
        #expect(try Self.text(of: "README.md").contains("](ARCHITECTURE.md)"))
    }

    /// Words the glossary gives to other concepts or retires: "highlight" belongs to search matches.
    static let wordsNotForTheSelection = ["highlighted row", "highlighted todo", "the highlight", "focus", "activat"]

    @Test("Help calls the row the keys act on the selected row, as the glossary does: never highlighted, focused or activated",
          arguments: Command.allCases)
    func helpUsesTheGlossary(command: Command) {
        let summary = command.summary.lowercased()
        for word in Self.wordsNotForTheSelection {
            #expect(!summary.contains(word), "“\(command.summary)” says \(word); the glossary in ARCHITECTURE.md says which word to use")
        }
    }
}
