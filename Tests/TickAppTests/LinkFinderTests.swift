import Testing
@testable import TickApp

/// `o` opens the first link of a todo's title, else of its notes.
@Suite("Finding the link o opens")
struct LinkFinderTests {
    @Test("The first http, https or mailto address, or a www. name, without the punctuation after it", arguments: [
        ("Read https://example.com/a?b=1#c today", "https://example.com/a?b=1#c"),
        ("see (https://example.com/a).", "https://example.com/a"),
        ("links: http://a.example, https://b.example", "http://a.example"),
        ("https://en.wikipedia.org/wiki/Heat_(1995_film)", "https://en.wikipedia.org/wiki/Heat_(1995_film)"),
        ("(https://en.wikipedia.org/wiki/Heat_(1995_film))", "https://en.wikipedia.org/wiki/Heat_(1995_film)"),
        ("Is it https://example.com/faq?", "https://example.com/faq"),
        ("'https://example.com/x';", "https://example.com/x"),
        ("[https://example.com/list]", "https://example.com/list"),
        ("<https://example.com/angle>", "https://example.com/angle"),
        ("mail mailto:ann@example.com!", "mailto:ann@example.com"),
        ("Book at www.example.org.", "https://www.example.org"),
        ("HTTPS://Example.COM/X", "HTTPS://Example.COM/X"),
        ("日本 https://例え.jp/パス 語", "https://例え.jp/パス"),
    ])
    func firstLink(text: String, link: String) {
        #expect(LinkFinder.firstLink(in: text) == link)
    }

    @Test("Text without a whole link has none", arguments: [
        "Buy milk", "https://", "mailto:", "www.", "xhttps://example.com", "awww.example.com", "ftp://example.com", "",
    ])
    func noLink(text: String) {
        #expect(LinkFinder.firstLink(in: text) == nil)
    }

    @Test("A control or format character ends the link, so none is ever handed to a program", arguments: [
        ("https://example.com/a\u{1B}[31mred", "https://example.com/a"),
        ("https://example.com/b\u{7}", "https://example.com/b"),
        ("https://example.com/c\u{202E}txt.exe", "https://example.com/c"),
        ("https://example.com/d\u{0}x", "https://example.com/d"),
        ("https://example.com/e\u{85}x", "https://example.com/e"),
    ])
    func controlCharacters(text: String, link: String) throws {
        let found = try #require(LinkFinder.firstLink(in: text))
        #expect(found == link)
        #expect(!found.contains { $0.isControlCharacter })
    }

    @Test("The title's link comes before the notes'; the notes' is used when the title has none")
    func titleFirst() {
        #expect(LinkFinder.firstLink(title: "Call https://title.example", notes: "https://notes.example") == "https://title.example")
        #expect(LinkFinder.firstLink(title: "Call Ann", notes: "number at\nhttps://notes.example/ann") == "https://notes.example/ann")
        #expect(LinkFinder.firstLink(title: "Call Ann", notes: "") == nil)
    }
}
