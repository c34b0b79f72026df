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

    @Test("Any limit cuts at that many characters, counting an emoji family or a flag as one", arguments: [
        ("milk", 1, "“…”"), ("m", 1, "“m”"), ("milk", 4, "“milk”"), ("milk!", 4, "“mil…”"),
        ("👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧", 3, "“👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧”"), ("🇯🇵🇯🇵🇯🇵🇯🇵", 3, "“🇯🇵🇯🇵…”"),
        ("a\r\nb", 3, "“a b”"), ("line\u{2028}break", 32, "“line break”"),
    ])
    func limits(text: String, limit: Int, quoted: String) {
        #expect(TitleQuoting.quoted(text, limit: limit) == quoted)
    }
}
