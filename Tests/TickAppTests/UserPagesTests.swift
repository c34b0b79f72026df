import Foundation
import Testing

/// Issue 33: the README is a front page and the user guide is in docs/; the links between them
/// (and to CONTRIBUTING.md) lead somewhere.
@Suite("The README and the user guide")
struct UserPagesTests {
    /// Pages whose links are checked (ARCHITECTURE.md links to the guide and to its own sections).
    static func linkedPages() throws -> [String] { try UserPages.paths() + ["CONTRIBUTING.md", "ARCHITECTURE.md"] }

    @Test("The README stays a front page: at most 250 lines")
    func readmeIsShort() throws {
        let lines = try UserPages.text(of: "README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines: move the detail to docs/")
    }

    @Test("Every relative link of the pages names a file that exists, and an anchor a heading of it", arguments: try linkedPages())
    func linksLead(page: String) throws {
        let folder = (page as NSString).deletingLastPathComponent
        for link in Self.links(in: try UserPages.text(of: page)) {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            let exists = FileManager.default.fileExists(atPath: UserPages.root.appendingPathComponent(target).path)
            #expect(exists, "\(page): \(link) leads nowhere")
            guard exists, parts.count == 2 else { continue }
            let anchors = Self.anchors(in: try UserPages.text(of: target))
            #expect(anchors.contains(parts[1]), "\(page): \(link): \(target) has no heading #\(parts[1])")
        }
    }

    @Test("Links and anchors are read as GitHub makes them")
    func linkReading() {
        let page = "# Using Tick\n[a](docs/x.md#b) [web](https://example.com) [c](#notes-in-your-editor-links)\n```sh\n# not a heading\n```\n## Notes in your editor, links\n"
        #expect(Self.links(in: page) == ["docs/x.md#b", "#notes-in-your-editor-links"])
        #expect(Self.anchors(in: page) == ["using-tick", "notes-in-your-editor-links"])
    }

    /// The relative targets of `[text](target)` links, outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var links: [String] = []
        let pattern = try! NSRegularExpression(pattern: "\\]\\(([^)\\s]+)\\)")
        for line in prose(of: text) {
            let plain = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            for match in pattern.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)) {
                let link = String(plain[Range(match.range(at: 1), in: plain)!])
                if !link.contains("://"), !link.hasPrefix("mailto:") { links.append(link) }
            }
        }
        return links
    }

    /// The anchors GitHub gives the headings of `text`: lower case, spaces as `-`, punctuation left out.
    static func anchors(in text: String) -> [String] {
        prose(of: text).compactMap { line -> String? in
            guard line.hasPrefix("#"), let space = line.firstIndex(of: " "), line[..<space].allSatisfy({ $0 == "#" }) else { return nil }
            let title = line[line.index(after: space)...].lowercased()
            return String(title.compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil })
        }
    }

    /// The lines of `text` outside fenced code blocks.
    static func prose(of text: String) -> [String] {
        var inCode = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            if line.drop(while: { $0 == " " }).hasPrefix("```") { inCode.toggle(); return nil }
            return inCode ? nil : String(line)
        }
    }
}
