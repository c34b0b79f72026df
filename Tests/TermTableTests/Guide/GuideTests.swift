import Foundation
import Testing

/// The guide (`Sources/TermTable/README.md`) and its examples, read from disk.
///
/// Each example lives in a test file of this folder between `// guide: <name> begin` and
/// `// guide: <name> end`; the guide shows it in a ```swift block right after `<!-- guide: <name> -->`.
struct Guide {
    /// An example's region in a test file, without its common indentation.
    struct Region {
        var name: String
        var file: String
        var text: String
    }

    /// A ```swift block of the guide and the name its marker gives it; nil text when the marker has no block
    /// after it (a placeholder).
    struct Block {
        var name: String
        var text: String?
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let guidePath = "Sources/TermTable/README.md"
    static let examplesFolder = "Tests/TermTableTests/Guide"

    /// Sections that may show a marker without a block yet, because their example is written on another branch.
    /// The lead empties this list when merging that branch (a test fails if a listed example has arrived).
    static let examplesToCome: Set<String> = [
    ]

    /// Every concept the guide must explain: its section title and the example the section shows.
    static let concepts: [(title: String, example: String)] = [
        ("Data source and delegate", "data-source"),
        ("Sections and pinned headers", "sections"),
        ("Reuse", "reuse"),
        ("Heights", "heights"),
        ("Batch updates and the consistency error", "batch-updates"),
        ("Indentation and outlines", "outline"),
        ("Diffable data source", "diffable"),
        ("Swipe actions and full swipe", "swipe-actions"),
        ("Editing and multiple selection", "editing"),
        ("Reorder", "reorder"),
        ("Prefetching and cancellation", "prefetching"),
        ("Empty state", "empty-state"),
        ("Scroll to row", "scroll-to-row"),
        ("Refresh control", "refresh-control"),
    ]

    static func text(of path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The example regions of every Swift file in the examples folder, in file order.
    static func regions() throws -> [Region] {
        let folder = root.appendingPathComponent(examplesFolder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { try regions(in: text(of: "\(examplesFolder)/\($0)"), file: $0) }
    }

    /// The regions of one file; an unclosed or mismatched region is reported by name, never skipped.
    static func regions(in source: String, file: String) throws -> [Region] {
        var found: [Region] = []
        var open: (name: String, lines: [Substring])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let name = marker(trimmed, suffix: " begin") {
                if let open { throw GuideError("\(file): region \(open.name) is not closed before \(name) begins") }
                open = (name, [])
            } else if let name = marker(trimmed, suffix: " end") {
                guard let current = open, current.name == name else { throw GuideError("\(file): \(name) ends but was not begun") }
                found.append(Region(name: name, file: file, text: dedented(current.lines)))
                open = nil
            } else {
                open?.lines.append(line)
            }
        }
        if let open { throw GuideError("\(file): region \(open.name) is not closed") }
        return found
    }

    private static func marker(_ line: String, suffix: String) -> String? {
        guard line.hasPrefix("// guide: "), line.hasSuffix(suffix) else { return nil }
        return String(line.dropFirst("// guide: ".count).dropLast(suffix.count))
    }

    /// The lines without the indentation they all share (blank lines do not count), joined with newlines.
    static func dedented(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix(while: { $0 == " " }).count }
        let common = indents.min() ?? 0
        return lines.map { $0.allSatisfy { $0 == " " } ? "" : String($0.dropFirst(common)) }.joined(separator: "\n")
    }

    /// The guide's marked blocks, in order.
    static func blocks(in guide: String) -> [Block] {
        let lines = guide.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- guide: "), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst("<!-- guide: ".count).dropLast(" -->".count))
            guard index < lines.count, lines[index] == "```swift" else {
                blocks.append(Block(name: name, text: nil))
                continue
            }
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            blocks.append(Block(name: name, text: body.joined(separator: "\n")))
        }
        return blocks
    }

    /// The guide's `## ` sections: title and body.
    static func sections(in guide: String) -> [(title: String, body: String)] {
        var sections: [(title: String, body: String)] = []
        for line in guide.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                sections.append((String(line.dropFirst(3)), ""))
            } else if !sections.isEmpty {
                sections[sections.count - 1].body += line + "\n"
            }
        }
        return sections
    }
}

struct GuideError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@Suite("The TermTable guide and its tested examples")
struct GuideTests {
    @Test("Every example block of the guide is its test's region, byte for byte")
    func blocksMatchRegions() throws {
        let regions = Dictionary(try Guide.regions().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for block in Guide.blocks(in: try Guide.text(of: Guide.guidePath)) {
            guard let text = block.text else {
                #expect(Guide.examplesToCome.contains(block.name),
                        "the guide's marker \(block.name) has no ```swift block after it, and \(block.name) is not an example to come")
                continue
            }
            guard let region = regions[block.name] else {
                Issue.record("the guide shows \(block.name), but no file in \(Guide.examplesFolder) has a region of that name")
                continue
            }
            #expect(text == region.text, "the guide's \(block.name) differs from \(region.file); the block should read:\n```swift\n\(region.text)\n```")
        }
    }

    @Test("Every example region appears in the guide, once, and its name is used once")
    func regionsAppearInGuide() throws {
        let regions = try Guide.regions()
        let shown = Guide.blocks(in: try Guide.text(of: Guide.guidePath)).filter { $0.text != nil }.map(\.name)
        for region in regions {
            #expect(shown.filter { $0 == region.name }.count == 1,
                    "\(region.file)'s example \(region.name) should appear once in the guide, after <!-- guide: \(region.name) -->:\n```swift\n\(region.text)\n```")
        }
        let names = regions.map(\.name)
        #expect(Set(names).count == names.count, "two regions share a name: \(names.sorted())")
    }

    @Test("Every concept has a section with its example, or a placeholder only for an example to come")
    func everyConceptHasASection() throws {
        let guide = try Guide.text(of: Guide.guidePath)
        let sections = Guide.sections(in: guide)
        let regionNames = Set(try Guide.regions().map(\.name))
        for concept in Guide.concepts {
            guard let section = sections.first(where: { $0.title == concept.title }) else {
                Issue.record("the guide has no section \"## \(concept.title)\"")
                continue
            }
            let blocks = Guide.blocks(in: section.body).filter { $0.name == concept.example }
            #expect(!blocks.isEmpty, "the section \(concept.title) has no <!-- guide: \(concept.example) --> marker")
            if Guide.examplesToCome.contains(concept.example) { continue }
            #expect(blocks.contains { $0.text != nil }, "the section \(concept.title) shows no example")
            #expect(regionNames.contains(concept.example), "no test has the region \(concept.example)")
        }
    }

    @Test("An example to come is dropped from the allow-list once it has arrived")
    func examplesToComeHaveNotArrived() throws {
        let arrived = Guide.examplesToCome.intersection(try Guide.regions().map(\.name))
        #expect(arrived.isEmpty, "these examples have arrived: put them in the guide and remove them from Guide.examplesToCome: \(arrived.sorted())")
    }

    @Test("Every TermTable name in the guide's table from UIKit exists in the engine's source")
    func mappedNamesExist() throws {
        let guide = try Guide.text(of: Guide.guidePath)
        guard let table = Guide.sections(in: guide).first(where: { $0.title == "From UIKit to TermTable" }) else {
            Issue.record("the guide has no section \"## From UIKit to TermTable\"")
            return
        }
        let folder = Guide.root.appendingPathComponent("Sources/TermTable")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let words = Set(try sources.flatMap { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        }.map(String.init))
        let rows = table.body.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count > 25, "the table's rows were not found")
        for row in rows {
            // The TermTable column and the notes; the first column is UIKit's.
            let columns = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst(2)
            for span in columns.joined(separator: "|").split(separator: "`", omittingEmptySubsequences: false).enumerated()
            where span.offset % 2 == 1 {
                for name in span.element.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) where !words.contains(String(name)) {
                    Issue.record("the guide's table names \(name) (in `\(span.element)`), which the engine's source does not have")
                }
            }
        }
    }

    @Test("Regions are read from their markers with the common indentation removed")
    func regionReading() throws {
        let source = "func f() {\n    // guide: x begin\n    let a = 1\n\n        let b = 2\n    // guide: x end\n}\n"
        let regions = try Guide.regions(in: source, file: "F.swift")
        #expect(regions.map(\.name) == ["x"])
        #expect(regions.first?.text == "let a = 1\n\n    let b = 2")
        #expect(throws: GuideError.self) { try Guide.regions(in: "// guide: y begin\nlet c = 3\n", file: "G.swift") }
    }

    @Test("Blocks are read after their markers, and a marker without a block is a placeholder")
    func blockReading() {
        let guide = "## A\n<!-- guide: a -->\n```swift\nlet a = 1\n```\n## B\n<!-- guide: b -->\nSoon.\n"
        let blocks = Guide.blocks(in: guide)
        #expect(blocks.map(\.name) == ["a", "b"])
        #expect(blocks.map(\.text) == ["let a = 1", nil])
        #expect(Guide.sections(in: guide).map(\.title) == ["A", "B"])
    }
}
