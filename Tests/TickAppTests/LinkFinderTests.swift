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

    /// Characters that count how often they are read, so the work of a search is a number, not a time.
    struct CountingCharacters: RandomAccessCollection {
        final class Counter { var reads = 0 }
        let characters: [Character]
        let counter = Counter()
        var startIndex: Int { 0 }
        var endIndex: Int { characters.count }
        subscript(position: Int) -> Character {
            counter.reads += 1
            return characters[position]
        }
    }

    /// Texts built to make a careless search quadratic: a link followed by a long run of closing
    /// brackets (the `o` that froze the screen for 11–16 s), many opening ones, angle brackets,
    /// quotes, sentence punctuation, and schemes that never complete.
    static let craftedTexts: [(name: String, text: String)] = [
        ("a link and 20,000 )", "see https://example.com/a" + String(repeating: ")", count: 20_000)),
        ("a scheme and 20,000 )", "https://" + String(repeating: ")", count: 20_000)),
        ("20,000 ( after a link", "https://example.com/" + String(repeating: "(", count: 20_000)),
        ("20,000 [ then ]", "https://x.example/" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
        ("links cut by <", String(repeating: "https://a<", count: 4_000)),
        ("links cut by quotes", String(repeating: "www.\"", count: 8_000)),
        ("a scheme and 20,000 dots", "www." + String(repeating: ".", count: 20_000)),
        ("unfinished schemes", String(repeating: "http:/", count: 8_000)),
        ("schemes after punctuation", String(repeating: ".mailto:", count: 5_000)),
    ]

    @Test("Crafted texts are searched in work linear in their length, at most 40 reads per character", arguments: craftedTexts.map(\.name))
    func linearWork(name: String) {
        let text = Self.craftedTexts.first { $0.name == name }!.text
        let characters = CountingCharacters(characters: Array(text))
        _ = LinkFinder.firstLink(in: characters)
        #expect(characters.counter.reads <= 40 * characters.count, "\(characters.counter.reads) reads for \(characters.count) characters")
    }

    @Test("The crafted texts still give the link a person would expect", arguments: [
        ("see https://example.com/a" + String(repeating: ")", count: 20_000), "https://example.com/a"),
        ("https://" + String(repeating: ")", count: 20_000) + " www.example.org", "https://www.example.org"),
        ("https://x.example/(" + String(repeating: ")", count: 5_000), "https://x.example/()"),
    ])
    func craftedLinks(text: String, link: String) {
        let found = LinkFinder.firstLink(in: text)
        #expect(found == link, "found \(found.map { "\($0.prefix(60))… (\($0.count) characters)" } ?? "none")")
    }

    @Test("An address longer than 8 KB is not a link; one of exactly 8 KB is")
    func lengthBound() {
        let long = "https://example.com/" + String(repeating: "a", count: LinkFinder.maximumLength - 19)
        #expect(long.utf8.count == LinkFinder.maximumLength + 1)
        #expect(LinkFinder.firstLink(in: long + " https://short.example") == "https://short.example")
        let fits = "https://example.com/" + String(repeating: "é", count: (LinkFinder.maximumLength - 20) / 2)
        #expect(fits.utf8.count == LinkFinder.maximumLength)
        #expect(LinkFinder.firstLink(in: fits + ". done")?.count == fits.count)
        #expect(LinkFinder.firstLink(in: "call " + long + ")))") == nil)
    }
}

