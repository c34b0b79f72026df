import Foundation
import TermTable
import TickApp
import TodoStore
import TickTesting

/// Feeds key streams to the whole app on an in-memory canvas and checks it after every key: no
/// crash, the rows on screen are the store's rows, and cells created stay within the screen's bound.
///
/// Every choice (which key, which title piece, which size) is drawn from `Source`: a seeded
/// `SplitMix64` for the timed driver, or `FuzzBytes` over libFuzzer's input, so that the coverage-
/// guided fuzzer steers the choices by mutating bytes.
public struct AppFuzzer<Source: RandomNumberGenerator> {
    /// What went wrong, and after which key.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    var random: Source
    /// Keys played so far (the failing prefix is printed to turn a crash into a regression test).
    public private(set) var played: [Key] = []

    /// A fuzzer drawing its choices from `source`.
    public init(source: Source) { random = source }

    /// Keys a person (or a cat on the keyboard) might press, weighted toward the app's bindings.
    private mutating func nextKeys(tallest: inout Int) -> [Key] {
        let roll = random.next() % 100
        if (55..<70).contains(roll) {
            // Titles in every script, including the hostile ones.
            let pieces = ["买", "牛奶", "👍🏽", "👨‍👩‍👧", "e\u{301}", "\u{202E}", "\u{200D}", "🇯🇵", "❤️", "ab", " ", "!!", "@tom", "@+3d", " @today 9am", " @fri 15:00", " @every week", " #tag", "#日本", "\u{FFFD}"]
            if roll < 58 {
                // A paste: pieces, line breaks and controls that must stay text (several lines may ask a question).
                let breaks = ["\r", "\n", "\r\n", "\t", "\u{1B}[2J", "dd", "\u{0}"]
                let text = (0..<Int(1 + random.next() % 6)).map { _ in
                    random.next() % 3 == 0 ? breaks[Int(random.next() % UInt64(breaks.count))] : pieces[Int(random.next() % UInt64(pieces.count))]
                }.joined()
                return [.paste(text)]
            }
            return pieces[Int(random.next() % UInt64(pieces.count))].map { .character($0) }
        }
        return [nextKey(tallest: &tallest)]
    }

    private mutating func nextKey(tallest: inout Int) -> Key {
        let roll = random.next() % 100
        switch roll {
        case 0..<45:
            let bound = Array("jkggGxdaeulhJKfvVznNHsmL/ yb?tTabc1!@+-AAW")  // no q: a run should not end early
            return .character(bound[Int(random.next() % UInt64(bound.count))])
        case 45..<55:
            let named: [Key] = [.enter, .escape, .tab, .backTab, .backspace, .delete, .up, .down, .left, .right,
                                .home, .end, .pageUp, .pageDown, .control("d"), .control("u"), .control("r"),
                                .control("w"), .control("k"), .control("a"), .control("e"), .alt("b"), .alt("f"), .function(1), .function(12)]
            return named[Int(random.next() % UInt64(named.count))]
        case 70..<73:
            let width = 1 + Int(random.next() % 200), height = 1 + Int(random.next() % 80)
            tallest = max(tallest, height)
            return .resize(width: width, height: height)
        case 73..<78:
            let kinds: [MouseEvent.Kind] = [.press(.left), .release(.left), .drag(.left), .wheelUp, .wheelDown]
            return .mouse(MouseEvent(kind: kinds[Int(random.next() % 5)], x: Int(random.next() % 100), y: Int(random.next() % 40)))
        default:
            // Any letter but q, which would end the run (typed inside a title it is drawn from the pieces' letters).
            let letters = Array("abcdefghijklmnoprstuvwxyz")
            return .character(letters[Int(random.next() % UInt64(letters.count))])
        }
    }

    /// Plays `count` keys on a fresh app over the store at `path`, checking after each one.
    public mutating func run(path: String, keys count: Int) throws {
        let store = try TodoStore(path: path)
        defer { store.close() }
        let app = TickApp(store: store, size: Size(width: 80, height: 24))
        var tallest = 24
        var canvas = Canvas(width: 80, height: 24)
        var step = 0
        while step < count {
            for key in nextKeys(tallest: &tallest) {
                played.append(key)
                app.handle(key)
                if app.isFinished { return }
                // Searches finish before the next key, so a seed replays exactly.
                app.waitForSearch()
                _ = app.render(into: &canvas)
                try check(app, store: store, canvas: canvas, tallest: tallest, step: step)
                step += 1
            }
        }
    }

    private func check(_ app: TickApp, store: TodoStore, canvas: Canvas, tallest: Int, step: Int) throws {
        let table = app.list.tableView
        let created = table.reuseStatistics.cellsCreated
        guard created <= tallest + 2 else {
            throw Failure(description: "step \(step): \(created) cells created for a screen at most \(tallest) lines tall")
        }
        guard !app.hasOverlay, canvas.width >= 40 else { return }  // the list is covered, or too narrow to read titles
        for indexPath in table.indexPathsForVisibleRows {
            guard let rect = table.rectForRow(at: indexPath), rect.minY >= 1, table.indexPathForSwipedRow != indexPath else { continue }
            let query = app.list.query(forSection: indexPath.section)
            guard let truth = try store.items(query, in: indexPath.row..<(indexPath.row + 1)).first else {
                throw Failure(description: "step \(step): row \(indexPath) is on screen but the store has no such row")
            }
            // Compared as scalars: a glyph can end in a joiner that would merge graphemes in a String search.
            // Up to the first space: with titles wrapped, a word too long for what is left of the
            // first line starts on the next one.
            let glyphs = GlyphSequence(truth.title).prefix(4)
            let firstWord = glyphs.prefix { !$0.scalars.values.allSatisfy { $0 == 0x20 } }
            let prefix = (firstWord.isEmpty ? Array(glyphs.prefix(1)) : Array(firstWord)).flatMap { $0.scalars.values }
            let line = canvas.line(rect.minY)
            let scalars = line.unicodeScalars.map(\.value)
            let found = prefix.isEmpty || (0...max(0, scalars.count - prefix.count)).contains { Array(scalars.dropFirst($0).prefix(prefix.count)) == prefix }
            guard found || line.hasPrefix("▾") || line.hasPrefix("▸") else {
                throw Failure(description: "step \(step): row \(indexPath) shows \(line.debugDescription); the store has \(truth.title.debugDescription)")
            }
        }
        for cell in canvas.cells {
            var bad = false
            cell.scalars.forEach { if $0 < 0x20 || (0x7F...0x9F).contains($0) { bad = true } }
            guard !bad else { throw Failure(description: "step \(step): a control character reached the canvas") }
        }
    }
}
