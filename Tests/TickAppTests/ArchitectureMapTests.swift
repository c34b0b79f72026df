import Foundation
import Testing

/// ARCHITECTURE.md stays a true and short map: every code name it puts in backticks still exists,
/// no paragraph grows into an explanation (that goes in the doc comments next to the code), and
/// the whole file stays small enough to read before a first change.
@Suite("Architecture map")
struct ArchitectureMapTests {
    /// The longest paragraph (or list item) the map may have, in lines.
    static let longestParagraph = 12
    /// The most bytes the map may have (it was 53 KB of explanations before issue 29 cut it to a map).
    static let largestSize = 28_000
    /// Names the map mentions that are deliberately not in Tick's code: the C functions Tick never calls.
    static let namesOutsideTheCode: Set<String> = ["popen"]

    /// What a code span of the map names, for checking that it still exists.
    enum CodeName: Equatable {
        /// A path (`Sources/TickApp/List/`, `Keys/`, `.ci/run`): it exists from the root, or ends a
        /// path under `Sources/` or `Tests/`.
        case path(String)
        /// A file (`TickApp+Run.swift`, `ccurl.h`) or an extension file (`SQLiteConnection+Clock`,
        /// `+Input`, which any type's `+Input.swift` answers).
        case file(String)
        /// Identifiers (`TodoStore.Durability`, `TickApp.run(_:)`, `Committed<Value>`): each part a
        /// word of the code or the name of a Swift file.
        case identifiers([String])
    }

    /// What `span` (a code span's text) names, or nil for text that is no code name: keys, commands,
    /// SQL, options (`<C-d>`, `make test`, `PRAGMA data_version`, `--frames`, `hide-completed`).
    static func codeName(_ span: String) -> CodeName? {
        // A generic's parameters are not names of their own: `Committed<Value>` names `Committed`.
        let text = span.replacingOccurrences(of: #"<\w+>$"#, with: "", options: .regularExpression)
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_+./:()-".contains($0)) }) else { return nil }
        if text.contains("/") { return .path(text.hasSuffix("/") ? String(text.dropLast()) : text) }
        if text.range(of: #"^[\w-]*\+\w+(\.swift)?$|^[\w.-]+\.(swift|c|h|py|sh|md)$"#, options: .regularExpression) != nil {
            return .file(text)
        }
        guard text.range(of: #"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*(\([\w:]*\))?$"#, options: .regularExpression) != nil else { return nil }
        let withoutArguments = text.split(separator: "(", maxSplits: 1)[0]
        return .identifiers(withoutArguments.split(separator: ".").map(String.init))
    }

    /// The texts of the map's code spans, outside fenced blocks (the module graph is checked elsewhere).
    static func codeSpans(in markdown: String) -> [String] {
        var prose: [Substring] = [], inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if !inFence { prose.append(line) }
        }
        // Odd parts are inside backticks (a span broken over two lines keeps its line break, and is no name).
        let parts = prose.joined(separator: "\n").split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }

    /// The paragraphs and list items of the map outside fenced blocks, tables and headings: each
    /// with its first line's number and its number of lines.
    static func paragraphs(in markdown: String) -> [(line: Int, lines: Int, start: String)] {
        var found: [(line: Int, lines: Int, start: String)] = [], inFence = false
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            let isText = !inFence && !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix("|") && !line.hasPrefix("#")
            guard isText else { found.append((0, 0, "")); continue }
            // A list item starts a paragraph of its own; its indented lines continue it.
            if line.hasPrefix("- ") || found.last?.lines ?? 0 == 0 {
                found.append((index + 1, 1, String(line.prefix(40))))
            } else {
                found[found.count - 1].lines += 1
            }
        }
        return found.filter { $0.lines > 0 }
    }

    /// Every relative path (files and folders) under `Sources`, `Tests`, `scripts` and `docs`.
    static func repositoryPaths() -> [String] {
        let root = ArchitectureInvariantTests.root
        var paths: [String] = []
        for top in ["Sources", "Tests", "scripts", "docs"] {
            let folder = root.appendingPathComponent(top)
            guard let entries = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let entry as String in entries { paths.append("\(top)/\(entry)") }
        }
        return paths
    }

    /// Every word (`[A-Za-z_][A-Za-z0-9_]*`) of Tick's code: sources, tests, scripts and the build
    /// files, except the architecture suites themselves (which would name anything).
    static func codeWords(in paths: [String]) throws -> Set<String> {
        let root = ArchitectureInvariantTests.root
        let code = paths.filter { path in
            ["swift", "c", "h", "py", "sh", "modulemap"].contains((path as NSString).pathExtension)
                && !((path as NSString).lastPathComponent.hasPrefix("Architecture") && path.hasPrefix("Tests/"))
        } + ["Package.swift", "Makefile"]
        var words: Set<String> = []
        for path in code {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(path)))
            var start: Int?
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0
                let isWordByte = byte == 95 || (65...90).contains(byte) || (97...122).contains(byte) || (start != nil && (48...57).contains(byte))
                if isWordByte {
                    if start == nil { start = index }
                } else if let first = start {
                    words.insert(String(decoding: bytes[first..<index], as: UTF8.self))
                    start = nil
                }
            }
        }
        return words
    }

    @Test("Code spans are read as paths, files and identifiers, and keys, commands and SQL are left alone", arguments: [
        ("Sources/TickApp/List/", CodeName.path("Sources/TickApp/List")),
        (".ci/run", .path(".ci/run")),
        ("TickApp+Run.swift", .file("TickApp+Run.swift")),
        ("SQLiteConnection+Clock", .file("SQLiteConnection+Clock")),
        ("+Input", .file("+Input")),
        ("gen-widths.py", .file("gen-widths.py")),
        ("TickApp.run(_:)", .identifiers(["TickApp", "run"])),
        ("store.index(of:in:)", .identifiers(["store", "index"])),
        ("Committed<Value>", .identifiers(["Committed"])),
        ("TICK_SYNCHRONOUS", .identifiers(["TICK_SYNCHRONOUS"])),
    ])
    func codeNamesAreRead(span: String, name: CodeName) {
        #expect(Self.codeName(span) == name)
    }

    @Test("Text in backticks that names no code is not checked", arguments: [
        "<C-d>", "make test", "PRAGMA data_version", "--frames", "hide-completed", "STATUS:IN-PROCESS", "synchronous=FULL", "+", "docs/screens/*.keys",
    ])
    func otherSpansAreSkipped(span: String) {
        #expect(Self.codeName(span) == nil)
    }

    @Test("Every code name ARCHITECTURE.md puts in backticks is still in the code: a type, file or folder renamed or removed is renamed or removed in the map too")
    func codeNamesExist() throws {
        let architecture = try ArchitectureDocumentTests.text(of: "ARCHITECTURE.md")
        let paths = Self.repositoryPaths()
        let words = try Self.codeWords(in: paths)
        #expect(words.contains("TodoStore") && words.contains("performBatchUpdates"), "the code was read")
        let root = ArchitectureInvariantTests.root
        let fileNames = Set(paths.map { ($0 as NSString).lastPathComponent })
        var names = 0, missing: [String] = []
        for span in Set(Self.codeSpans(in: architecture)).sorted() {
            guard let name = Self.codeName(span) else { continue }
            names += 1
            let exists: Bool
            switch name {
            case .path(let path):
                exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
                    || paths.contains { $0.hasSuffix("/" + path) }
            case .file(let file):
                let wanted = file.contains(".") ? file : file + ".swift"
                exists = paths.contains { wanted.hasPrefix("+") ? $0.hasSuffix(wanted) : ($0 as NSString).lastPathComponent == wanted }
                    || FileManager.default.fileExists(atPath: root.appendingPathComponent(wanted).path)
            case .identifiers(let parts):
                // A name is a word of the code, or a file's (`LibicalGlue` is a file of C glue, no type).
                exists = parts.allSatisfy { words.contains($0) || fileNames.contains($0 + ".swift") || Self.namesOutsideTheCode.contains($0) }
            }
            if !exists { missing.append(span) }
        }
        #expect(names > 150, "the map's code spans were read")
        #expect(missing.isEmpty, "ARCHITECTURE.md names what the code no longer has (rename it there, or say what replaced it): \(missing)")
    }

    @Test("No paragraph of ARCHITECTURE.md runs over 12 lines: how a part works goes in its doc comments")
    func paragraphsAreShort() throws {
        let found = Self.paragraphs(in: try ArchitectureDocumentTests.text(of: "ARCHITECTURE.md"))
        #expect(found.count > 20, "the paragraphs were read")
        let long = found.filter { $0.lines > Self.longestParagraph }.map { "line \($0.line) (\($0.lines) lines): \($0.start)…" }
        #expect(long.isEmpty, "move the explanation into doc comments: \(long)")
    }

    @Test("Paragraphs are counted apart at blank lines, list items, tables, headings and fenced blocks")
    func paragraphsAreCounted() {
        let markdown = "# Title\n\nOne\ntwo\n- item\n  more\n- next\n\n| a |\n| b |\n```\ncode\n\n```\nlast"
        #expect(Self.paragraphs(in: markdown).map(\.lines) == [2, 2, 1, 1])
    }

    @Test("ARCHITECTURE.md stays a map, under 28,000 bytes")
    func mapIsSmall() throws {
        let size = try ArchitectureDocumentTests.text(of: "ARCHITECTURE.md").utf8.count
        #expect(size > 5_000, "the map was read")
        #expect(size <= Self.largestSize, "ARCHITECTURE.md has \(size) bytes: move explanations into doc comments next to the code")
    }
}
