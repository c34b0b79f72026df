import Testing
@testable import TermTable

/// Breaking text into lines by display width: spaces for words, anywhere for CJK, split for over-long words.
@Suite("Text wrapping")
struct TextWrappingTests {
    static func wrapped(_ text: String, _ width: Int, keepsLineBreaks: Bool = false) -> [String] {
        TextWrapping.wrap(StyledText(text), width: width, keepsLineBreaks: keepsLineBreaks).map { $0.map(\.glyph.text).joined() }
    }

    @Test("Text wraps to the expected lines", arguments: [
        // English breaks at spaces, dropping the space at the break.
        ("the quick brown fox jumps", 10, ["the quick", "brown fox", "jumps"]),
        ("the quick brown fox", 9, ["the quick", "brown fox"]),
        ("two  spaces", 4, ["two", "spac", "es"]),
        // CJK breaks anywhere; a wide glyph never straddles the edge.
        ("日本語のテキストを折り返す", 6, ["日本語", "のテキ", "ストを", "折り返", "す"]),
        ("日本語のテキスト", 5, ["日本", "語の", "テキ", "スト"]),
        // Mixed: breaks between CJK and Latin, never inside the Latin word.
        ("abc日本語def", 6, ["abc日", "本語", "def"]),
        ("Tick 日本語 todo", 8, ["Tick 日", "本語", "todo"]),
        // A single word longer than the line is split.
        ("supercalifragilistic", 8, ["supercal", "ifragili", "stic"]),
        ("a supercalifragilistic", 8, ["a", "supercal", "ifragili", "stic"]),
        // Emoji are two columns wide and break like CJK.
        ("👍👍👍", 4, ["👍👍", "👍"]),
        ("ok 👍 done", 5, ["ok 👍", "done"]),
        // Combining marks stay on their letter and take no column.
        ("cafe\u{301} au lait", 5, ["cafe\u{301}", "au", "lait"]),
        ("e\u{301}e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}e\u{301}"]),
        // Edges: empty text is one empty line; a space at the break adds no empty line; a leading space is kept.
        ("", 5, [""]),
        ("hello ", 5, ["hello"]),
        ("hello world ", 5, ["hello", "world"]),
        (" abcdefgh", 4, [" abc", "defg", "h"]),
        (" abcde日", 6, [" abcde", "日"]),
    ] as [(String, Int, [String])])
    func wraps(text: String, width: Int, lines: [String]) {
        #expect(Self.wrapped(text, width) == lines)
        #expect(TextWrapping.lineCount(StyledText(text), width: width) == lines.count)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line) is wider than \(width)") }
    }

    @Test("Line breaks end lines when kept, and show as placeholders otherwise")
    func lineBreaks() {
        #expect(Self.wrapped("one\ntwo three", 5, keepsLineBreaks: true) == ["one", "two", "three"])
        #expect(Self.wrapped("one\ntwo", 10) == ["one\u{240A}two"])
    }

    @Test("Styles survive wrapping, span by span")
    func stylesSurvive() {
        var text = StyledText("plain ")
        text.append("bold words", style: Style(attributes: .bold))
        let lines = TextWrapping.wrap(text, width: 6)
        #expect(lines.map { $0.map(\.glyph.text).joined() } == ["plain", "bold", "words"])
        #expect(lines[1].allSatisfy { $0.style.attributes.contains(.bold) })
        #expect(lines[0].allSatisfy { $0.style == .plain })
    }

    /// Rows of wrapping text with automatic heights, drawn 9 columns wide.
    static func screen(_ rows: [String], height: Int) -> [String] {
        final class WrappingSource: TableViewDataSource {
            let rows: [String]
            init(_ rows: [String]) { self.rows = rows }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                cell.wrapsText = true
                cell.text = StyledText(rows[indexPath.row])
                return cell
            }
        }
        let source = WrappingSource(rows)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 9, height: height))
        table.showsVerticalScrollIndicator = false
        table.rowHeight = TableView.automaticDimension
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        var canvas = Canvas(width: 9, height: height)
        withExtendedLifetime(source) { table.draw(in: &canvas) }
        return canvas.lines
    }

    @Test("Wrapped CJK, mixed and emoji rows draw as expected on screen")
    func wrappedRowsOnScreen() {
        let lines = Self.screen(["日本語のテキスト", "buy 牛乳 and 卵", "👍 done", "cafe\u{301} au lait"], height: 10)
        #expect(lines == ["日本語の", "テキスト", "buy 牛乳", "and 卵", "👍 done", "cafe\u{301} au", "lait", "", "", ""])
    }
}
