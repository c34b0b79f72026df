import Testing
@testable import TodoStore

/// The store's small text helpers (it links FoundationEssentials only).
@Suite("Text formatting")
struct TextFormattingTests {
    @Test("Plain-text replacing swaps every occurrence, left to right, without overlaps", arguments: [
        ("UPDATE t WHERE id IN (#)", "IN (#)", "= ?", "UPDATE t WHERE id = ?"),
        ("mark %@ done", "%@", "“买牛奶 👍🏽”", "mark “买牛奶 👍🏽” done"),
        ("aaaa", "aa", "b", "bb"),
        ("aaa", "aa", "b", "ba"),
        ("50% off_", "%", "\\%", "50\\% off_"),
        ("no match here", "#", "x", "no match here"),
        ("", "#", "x", ""),
        ("short", "much longer", "x", "short"),
        ("say \"hi\"", "\"", "\"\"", "say \"\"hi\"\""),
        // Byte-wise, not by Character: a quote carrying a combining mark is still a quote to SQLite.
        ("\"\u{301}", "\"", "\"\"", "\"\"\u{301}"),
    ])
    func replacing(text: String, target: String, replacement: String, expected: String) {
        #expect(TextFormatting.replacing(target, with: replacement, in: text) == expected)
    }

    @Test("An empty target leaves the text alone")
    func emptyTarget() {
        #expect(TextFormatting.replacing("", with: "x", in: "abc") == "abc")
    }
}
