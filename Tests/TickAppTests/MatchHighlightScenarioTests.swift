import TermTable
import Testing
@testable import TickApp

/// Search matches in titles of printable ASCII are highlighted byte by byte (the common case's
/// shortcut); these check them against the glyph-by-glyph way every other title takes.
@Suite("Match highlights")
struct MatchHighlightScenarioTests {
    /// The columns of `line` drawn in the match style, from column `from`.
    private func matchedColumns(_ scenario: Scenario, line: Int, from: Int) -> [Int] {
        let canvas = scenario.canvas
        return (from..<canvas.width).filter { canvas[$0, line].style == scenario.theme.match }
    }

    @Test("an ASCII title's matches are the cells a title with one non-ASCII letter gets, at every width, up to the edge", arguments: [
        "aa", "milk", "MiL", "k", "a m", "text w"
    ])
    func asciiMatchesAsGlyphs(needle: String) throws {
        // The same text but its first letter: the second title takes the glyph-by-glyph way.
        let rest = " aaa Milk mIlKy and then some text with milk and milk"
        for width in 30...44 {
            // The first todo matches every search and takes the selection, whose style covers the row.
            let scenario = try Scenario(["a milk text with aa", "x" + rest, "é" + rest], size: Size(width: width, height: 8))
            try scenario.type("/" + needle)
            let ascii = try #require(scenario.line(containing: "x aaa"))
            let other = try #require(scenario.line(containing: "é aaa"))
            let start = try #require(scenario.canvas.line(ascii).range(of: "x aaa")).lowerBound.utf16Offset(in: scenario.canvas.line(ascii))
            let found = matchedColumns(scenario, line: ascii, from: start + 1)
            // At the widest, every search has a match on screen (narrower, "text w" runs off the edge).
            if width == 44 { #expect(!found.isEmpty) }
            #expect(found == matchedColumns(scenario, line: other, from: start + 1), "width \(width)")
        }
    }
}
