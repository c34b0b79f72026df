import Testing
@testable import TodoStore

/// User text quoted inside messages and undo descriptions: one line, at most 40 characters.
@Suite("Quoting user text in messages")
struct QuotingTests {
    @Test("Text is quoted on one line and cut to 40 characters with “…”", arguments: [
        ("Buy milk", "“Buy milk”"),
        (String(repeating: "a", count: 40), "“" + String(repeating: "a", count: 40) + "”"),
        (String(repeating: "a", count: 41), "“" + String(repeating: "a", count: 39) + "…”"),
        ("two\nlines", "“two lines”"),
        ("tab\there", "“tab\there”"),
        ("买牛奶 🎉", "“买牛奶 🎉”"),
        (String(repeating: "买", count: 41), "“" + String(repeating: "买", count: 39) + "…”"),
        ("", "“”"),
    ])
    func quoting(text: String, quoted: String) {
        #expect(StoreError.quoted(text) == quoted)
    }
}
