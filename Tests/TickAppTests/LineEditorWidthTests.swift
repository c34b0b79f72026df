import Testing
import TermTable
import TickFuzzing
@testable import TickApp
import TickTesting

/// Drawing the input line measures only the characters it needs (around the cursor and on screen),
/// so editing a huge title costs no more per key than a short one. Counted, not timed.
@Suite("Input line: drawing measures what it shows, not the whole title")
struct LineEditorWidthTests {
    static let width = 60

    /// A title of about 100 KB with wide characters in it.
    static let longTitle = String(repeating: "Renew passport 买牛奶 ", count: 4_000)

    /// Draws `editor` once and returns how many characters that measured.
    private func measuredByDrawing(_ editor: inout LineEditor) -> Int {
        var canvas = Canvas(width: Self.width, height: 1)
        let before = editor.widthLookups
        _ = editor.draw(in: &canvas, at: Point(x: 0, y: 0), width: Self.width)
        return editor.widthLookups - before
    }

    @Test("opening a 100 KB title, then moving, typing and deleting, each draw measures at most two lines' worth")
    func boundedPerDraw() {
        var editor = LineEditor(text: Self.longTitle)
        #expect(Self.longTitle.utf8.count >= 100_000)
        // Each character is at least one column, so walking back from the cursor and across the
        // screen measures at most width + 1 characters each.
        let bound = 2 * (Self.width + 1)
        #expect(measuredByDrawing(&editor) <= bound)
        let keys: [Key] = [.left, .character("x"), .backspace, .alt("b"), .home, .right, .end, .control("w"),
                           .home, .alt("f"), .delete, .end, .left, .left]
        for key in keys {
            _ = editor.handle(key)
            #expect(measuredByDrawing(&editor) <= bound, "after \(key)")
        }
    }

    /// The scrolling rule, written the obvious way (sum the widths from the first shown character to
    /// the cursor; move on while they do not fit; move back while everything from there still fits,
    /// with a column for a cursor at the end): what the editor must still draw.
    struct Reference {
        var offset = 0

        mutating func draw(_ characters: [Character], cursor: Int, width: Int) -> (line: String, cursorX: Int) {
            let widths = characters.map { DisplayWidth.of(String($0)) }
            offset = min(offset, cursor)
            while offset < cursor, widths[offset..<cursor].reduce(0, +) > width - 1 { offset += 1 }
            let room = cursor == characters.count ? width - 1 : width
            while offset > 0, widths[(offset - 1)...].reduce(0, +) <= room { offset -= 1 }
            var canvas = Canvas(width: width, height: 1)
            var x = 0, cursorX = 0
            for index in offset..<characters.count {
                if index == cursor { cursorX = x }
                guard x + widths[index] <= width else { break }
                canvas.draw(String(characters[index]), at: Point(x: x, y: 0), maxWidth: width - x)
                x += widths[index]
            }
            if cursor == characters.count { cursorX = x }
            return (canvas.line(0), min(cursorX, width - 1))
        }
    }

    @Test("random edits of text with wide and zero-width characters, on a line that narrows and widens, scroll and place the cursor as the plain rule does",
          arguments: [UInt64(1), 2, 3, 4, 5])
    func sameAsThePlainRule(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet: [Character] = ["a", "b", " ", "买", "牛", "👍🏽", "\u{200B}", "e\u{301}", ",", "🇯🇵"]
        let moves: [Key] = [.left, .right, .home, .end, .alt("b"), .alt("f"), .backspace, .delete, .control("w"), .control("k")]
        var width = 12
        var editor = LineEditor(text: "")
        var reference = Reference()
        for _ in 0..<400 {
            // Now and then the line narrows or widens, as a resized terminal makes it.
            if random.next() % 8 == 0 { width = 4 + Int(random.next() % 14) }
            let roll = Int(random.next() % 10)
            let key: Key = roll < 6 ? .character(alphabet[Int(random.next() % UInt64(alphabet.count))])
                : moves[Int(random.next() % UInt64(moves.count))]
            _ = editor.handle(key)
            var canvas = Canvas(width: width, height: 1)
            let cursor = editor.draw(in: &canvas, at: Point(x: 0, y: 0), width: width)
            let expected = reference.draw(editor.characters, cursor: editor.cursor, width: width)
            #expect(cursor.x == expected.cursorX, "after \(key) in \(editor.text.debugDescription)")
            #expect(canvas.line(0) == expected.line, "after \(key) in \(editor.text.debugDescription)")
        }
    }
}
