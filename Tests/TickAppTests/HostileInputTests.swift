import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

/// Titles and screens built to break a terminal app: none crashes, nothing reaches the terminal as a
/// control sequence, and every line keeps its width.
@Suite("Hostile and odd input")
struct HostileInputTests {
    static let hostileTitles = [
        "\u{1B}[2J\u{1B}[H clear screen", "\u{1B}]0;pwned\u{07} window title", "\u{1B}P+q\u{1B}\\ DCS", "C0 \u{01}\u{08}\u{0B}\u{0C}\u{0E}\u{1F} controls",
        "C1 \u{80}\u{85}\u{9B}31m\u{9D}x\u{9C}", "DEL \u{7F}", "bidi \u{202E}evil\u{202C} \u{2066}isolate\u{2069} \u{200F}",
        "ZWJ 👨‍👩‍👧‍👦 👩🏽‍💻", "combining e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306} zalgo", "\u{301} leading mark",
        "flags 🇯🇵🇺🇸 keycap 1️⃣ ❤️", "tabs\tand\nnewlines\r\n", "wide 買い物 한국어 ｆｕｌｌｗｉｄｔｈ", "\u{FEFF}BOM \u{200B}zero width",
        "surrogate-free \u{FFFD} \u{10FFFF} private \u{E000}",
    ]

    /// Every cell is printable and every line is exactly as wide as the screen.
    func checkScreen(_ canvas: Canvas, _ context: String) {
        for y in 0..<canvas.height {
            var width = 0
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                width += Int(cell.width)
                cell.scalars.forEach { value in
                    #expect(!(value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)),
                            "\(context): scalar \(String(value, radix: 16)) at \(x),\(y)")
                }
            }
            // A wide glyph counts 2 and its right half 0, so the widths add up to the line's columns.
            #expect(width == canvas.width, "\(context): line \(y) is \(width) columns")
        }
    }

    @Test("Hostile titles render as visible text of the right width at every screen width")
    func hostileTitles() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: Self.hostileTitles)
        for width in [12, 13, 20, 33, 47, 80, 121] {
            let app = makeApp(temporary.store, size: Size(width: width, height: 20))
            checkScreen(app.renderScreen().canvas, "width \(width)")
            try app.type("G<Enter>")  // the detail view wraps the whole title
            checkScreen(app.renderScreen().canvas, "details at width \(width)")
        }
    }

    @Test("A 1 MB title is stored, shown truncated, searched and opened without trouble")
    func megabyteTitle() throws {
        let temporary = try TemporaryStore()
        let huge = String(repeating: "长标题 long title ", count: 1 << 20 / 20)
        try temporary.store.add(title: huge)
        let app = makeApp(temporary.store, size: Size(width: 60, height: 10))
        #expect(app.screenLines[1].hasSuffix("…"))
        try app.type("/long<Enter>")
        #expect(app.screenLines[1].contains("long"))
        try app.type("<Esc><Enter>")
        checkScreen(app.renderScreen().canvas, "details of a 1 MB title")
        try app.type("<Esc>e<End>x<Enter>")
        #expect(try temporary.store.flatOrder().first?.title.count == huge.count + 1)
    }

    @Test("10,000 todos with the same title scroll, jump and search like any others")
    func tenThousandTwins() throws {
        let temporary = try TemporaryStore()
        try temporary.store.importItems((0..<10_000).map { _ in NewTodo(title: "Same") })
        let app = makeApp(temporary.store, size: Size(width: 40, height: 12))
        try app.type("G")
        #expect(app.list.tableView.indexPathForSelectedRow?.row == 9_999)
        try app.type("xg/same")
        #expect(app.screenLines[0].contains("1000 matches"))  // a search shows at most 1,000 per list
        try app.type("<Enter>n")
        #expect(app.lastMessage?.text.hasPrefix("Match 2 of") == true)
        #expect(app.list.tableView.reuseStatistics.cellsCreated <= 12 + 2)
    }

    @Test("Screens from 1×1 to 500×200 draw without crashing", arguments: [(1, 1), (2, 1), (1, 5), (11, 2), (12, 3), (20, 5), (500, 200), (300, 1), (1, 200)])
    func screenSizes(width: Int, height: Int) throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: (0..<50).map { "Todo \($0) 买牛奶 👍🏽" })
        let app = makeApp(temporary.store, size: Size(width: width, height: height))
        try app.type("jjGgahello<Enter>lh<Esc>?<Esc>/1<Enter>")
        let canvas = app.renderScreen().canvas
        #expect(canvas.width == width && canvas.height == height)
        checkScreen(canvas, "\(width)x\(height)")
    }

    @Test("A read-only store says so and refuses every change with a message, while reading works")
    func readOnlyStore() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(title: "Keep me")
        temporary.store.close()
        let store = try TodoStore(path: temporary.path, readOnly: true)
        defer { store.close() }
        let app = makeApp(store, size: Size(width: 70, height: 8))
        #expect(app.screenLines.last?.contains("read-only") == true)
        for keys in ["x", "d", "aNew", "e", "J", "u", "f", "lh", "v d"] {
            try app.type(keys)
            try app.type("<Esc>")
            #expect(store.count == 1 && store.doneCount == 0, "\(keys)")
        }
        try app.type("/keep<Enter>")
        #expect(app.screenLines[1].contains("Keep me"))
    }

    @Test("An endless key script is read in pieces: memory stays bounded whatever its length")
    func endlessScript() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let writeEnd = descriptors[1]
        let writer = Thread {
            let chunk = Array(String(repeating: "jk<Down><Up>", count: 4096).utf8)
            for _ in 0..<100 {  // about 5 MB, well past what is checked whole
                _ = chunk.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            }
            close(writeEnd)
        }
        writer.start()
        var reader = KeyScriptReader(handle: FileStream(descriptor: descriptors[0], closesOnDeinit: true))
        try reader.prepare()
        #expect(!reader.isWholeScript)
        var largestPiece = 0, total = 0
        while let keys = try reader.next() {
            largestPiece = max(largestPiece, keys.count)
            total += keys.count
        }
        #expect(total == 100 * 4096 * 4)
        #expect(largestPiece <= 70_000)  // one 64 KiB piece at a time, never the whole stream
    }
}
