import Foundation
import TermTable
import TickApp
import TodoStore
import TickTesting

/// Feeds key streams to the whole app on an in-memory canvas and checks it after every key: no
/// crash, the rows on screen are the store's rows, cells created stay within the screen's bound, no
/// control character reaches the screen, and (issue 27) the list on screen is the list a fresh open of
/// the same store draws, told the same selection and scroll (`SessionView`): a page, a column or a
/// row the app forgot to update shows as a difference.
///
/// The store is made before the app opens it, by connections of its own (`FuzzStore`), with every kind
/// of row column; while the app runs, another connection now and then changes the store as another
/// process or the background sync would, and the app sees it after the next key, as it would a
/// moment later at its next look.
///
/// Every choice (which key, which title piece, which size, which store) is drawn from `Source`: a
/// seeded `SplitMix64` for the timed driver, or `FuzzBytes` over libFuzzer's input, so that the
/// coverage-guided fuzzer steers the choices by mutating bytes.
public struct AppFuzzer<Source: RandomNumberGenerator> {
    /// What went wrong, and after which key.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    var random: Source
    /// Keys played so far (the failing prefix is printed to turn a crash into a regression test).
    public private(set) var played: [Key] = []
    /// What happened besides keys, in order: changes made elsewhere ("before key 12, changed
    /// elsewhere: sync: deleted #4") and restarts ("after key 80, quit and opened the store again").
    public private(set) var events: [String] = []
    /// The fresh-open comparison runs after the first key and then after every `freshOpenInterval`-th
    /// key (1: every key). A fresh open costs a connection and a first frame.
    public var freshOpenInterval = 1
    /// Fresh opens compared so far.
    public private(set) var freshOpens = 0

    /// The day every run lives on (due dates are seeded around it), so that a seed replays exactly.
    static var today: Day { Day(year: 2026, month: 11, day: 27)! }
    /// 10:00, the time of day of every run.
    static var timeOfDay: Int { 10 * 60 }

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

    /// Plays `count` keys over a store made at `path` (which must not exist yet), checking after each
    /// one. The keys are played in sessions: now and then the app quits and a new one opens the file on
    /// a new connection, as a restart would, so that many keys are a first key after a fresh open.
    public mutating func run(path: String, keys count: Int) throws {
        try FuzzStore.seed(path: path, today: Self.today, using: &random)
        // Another process, or the background sync: its own connection to the file.
        let elsewhere = try TodoStore(path: path, durability: .noSync)
        defer { elsewhere.close() }
        var size = Size(width: 80, height: 24)
        var tallest = 24
        var canvas = Canvas(width: 80, height: 24)
        var step = 0
        while step < count {
            let store = try TodoStore(path: path)
            defer { store.close() }
            let app = TickApp(store: store, size: size, today: { Self.today }, timeOfDay: { Self.timeOfDay })
            _ = app.render(into: &canvas)  // the first frame comes before the first key
            var sessionKeys = 0
            let sessionLength = 20 + Int(random.next() % 400)
            while step < count, sessionKeys < sessionLength {
                // Now and then the store changes elsewhere before the next key, which the app handles before it looks.
                let changedElsewhere = random.next() % 100 < 4
                if changedElsewhere {
                    let said: String
                    do {
                        said = try FuzzStore.changeElsewhere(on: elsewhere, today: Self.today, using: &random)
                    } catch {
                        said = "refused: \(error)"  // a name taken, say: nothing changed
                    }
                    events.append("before key \(played.count + 1), changed elsewhere: \(said)")
                }
                // The first keys after an open lean toward a change (a reorder, done, a flag, a priority):
                // the first change shown after a fresh open is where a state the opening left unprimed shows.
                let keys = sessionKeys == 0 && random.next() % 2 == 0 ? firstKeys() : nextKeys(tallest: &tallest)
                for key in keys {
                    played.append(key)
                    sessionKeys += 1
                    app.handle(key)
                    if app.isFinished { return }
                    // Searches finish before the next key, so a seed replays exactly.
                    app.waitForSearch()
                    if changedElsewhere { app.showExternalChanges() }
                    _ = app.render(into: &canvas)
                    if sessionKeys <= 2 || step % max(1, freshOpenInterval) == 0 {
                        // A fresh open stands for a restart: what the app puts off to an idle moment or
                        // the quit (the collapsed parents) is written first, as quitting would.
                        app.saveDeferredState()
                        try checkFreshOpen(app, path: path, canvas: canvas, step: step)
                    }
                    try check(app, store: store, canvas: canvas, tallest: tallest, step: step)
                    step += 1
                }
            }
            size = app.size
            // Quitting writes what waited for an idle moment.
            app.saveDeferredState()
            events.append("after key \(played.count), quit and opened the store again")
        }
    }

    /// A first key after an open that changes something, sometimes after a move of the selection.
    private mutating func firstKeys() -> [Key] {
        let moves: [Key] = [.character("G"), .character("g"), .character("j"), .character("k"), .down]
        let changes = Array("JKxf+-").map(Key.character)
        let prefix = random.next() % 2 == 0 ? [moves[Int(random.next() % UInt64(moves.count))]] : []
        return prefix + [changes[Int(random.next() % UInt64(changes.count))]]
    }

    /// Compares the list on screen with the list of an app opened afresh on the same store (a new
    /// connection, a new app, told the same view: `SessionView`), cell by cell, text and style, but
    /// for the scroll indicator (it counts rows measured, which a fresh app has not) and the row a swipe
    /// slid aside. An input line or a question below the list shortens it: the fresh app's screen is as
    /// much shorter. Skipped while a layer covers the list, and while a search filters it.
    private mutating func checkFreshOpen(_ app: TickApp, path: String, canvas: Canvas, step: Int) throws {
        let table = app.list.tableView
        guard app.showsList, app.list.options.filter == nil, app.list.pendingSearch == nil,
              app.size.width >= TickApp.minimumSize.width, app.size.height >= TickApp.minimumSize.height,
              table.frame.height + 1 >= TickApp.minimumSize.height, app.list.readFailure == nil else { return }
        let view = app.sessionView
        let store = try TodoStore(path: path, durability: .noSync)
        defer { store.close() }
        // As tall as the list and the status line: the lines an input line takes are left out.
        let fresh = TickApp(store: store, size: Size(width: app.size.width, height: table.frame.height + 1),
                            today: app.list.today, timeOfDay: app.list.timeOfDay)
        fresh.restore(view)
        // The theme `T` chose is this session's, as the view is: the fresh app is told it too.
        fresh.useTheme(app.themeName, on: app.themeColors)
        // Its start-up message (a collapsed list's, say) may wrap above its status line: the list is what is compared.
        fresh.clearMessage()
        let freshCanvas = fresh.renderScreen().canvas
        freshOpens += 1
        let frame = table.frame
        let swiped = table.indexPathForSwipedRow.flatMap { table.rectForRow(at: $0) }
        for y in frame.minY..<min(frame.maxY, canvas.height) {
            if let swiped, y >= swiped.minY, y < swiped.maxY { continue }
            for x in frame.minX..<min(frame.maxX - 1, canvas.width) where canvas[x, y] != freshCanvas[x, y] {
                let lines = (frame.minY..<min(frame.maxY, canvas.height)).map { "  \(canvas.line($0).debugDescription)  |  \(freshCanvas.line($0).debugDescription)" }
                throw Failure(description: "step \(step): line \(y), column \(x) differs from a fresh open of the store (\(view)):\n"
                              + "  this app  |  a fresh open\n" + lines.joined(separator: "\n"))
            }
        }
        guard app.list.counts == fresh.list.counts, app.list.lists.map(\.id) == fresh.list.lists.map(\.id) else {
            throw Failure(description: "step \(step): the counts or lists differ from a fresh open of the store")
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
