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
    var random: Source
    /// Every step so far, keys, changes made elsewhere and restarts, in order: a failing run's steps
    /// replay it (`AppFuzzer.replay`) and shrink (`FuzzShrinker`).
    public private(set) var steps: [FuzzStep] = []
    /// Keys played so far (the failing prefix is printed to turn a crash into a regression test).
    public var played: [Key] { steps.compactMap(\.key) }
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
    private mutating func nextKeys() -> [Key] {
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
        return [nextKey()]
    }

    private mutating func nextKey() -> Key {
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

    /// Plays exactly `count` keys (fewer only when the app quits) over a store made at `path` (which
    /// must not exist yet), checking after each one (`AppRunner`). The keys are played in sessions: now and then the app quits and a new one opens
    /// the file on a new connection, as a restart would, so that many keys are a first key after a fresh open.
    public mutating func run(path: String, keys count: Int) throws {
        try FuzzStore.seed(path: path, today: Self.today, using: &random)
        let runner = try AppRunner(path: path)
        defer {
            freshOpens = runner.freshOpens
            runner.close()
        }
        var step = 0
        while step < count {
            if step > 0 {
                try runner.restart()
                steps.append(.restart)
            }
            var sessionKeys = 0
            let sessionLength = 20 + Int(random.next() % 400)
            while step < count, sessionKeys < sessionLength {
                // Now and then the store changes elsewhere before the next key, which the app handles before it looks.
                let changedElsewhere = random.next() % 100 < 4
                if changedElsewhere {
                    let said: String
                    do {
                        let change = try FuzzStore.drawChange(on: runner.elsewhere, today: Self.today, using: &random)
                        steps.append(.change(change))
                        said = runner.make(change).map { "\(change), refused: \($0)" } ?? change.description  // a name taken, say: nothing changed
                    } catch {
                        said = "refused: \(error)"
                    }
                    events.append("before key \(played.count + 1), changed elsewhere: \(said)")
                }
                // The first keys after an open lean toward a change (a reorder, done, a flag, a priority):
                // the first change shown after a fresh open is where a state the opening left unprimed shows.
                let keys = sessionKeys == 0 && random.next() % 2 == 0 ? firstKeys() : nextKeys()
                // A title piece is several keys: only as many as `count` still allows are played.
                for key in keys.prefix(count - step) {
                    steps.append(.key(key, looks: changedElsewhere))
                    sessionKeys += 1
                    let freshOpen = sessionKeys <= 2 || step % max(1, freshOpenInterval) == 0
                    if try runner.press(key, looks: changedElsewhere, freshOpen: freshOpen) { return }
                    step += 1
                }
            }
            // Quitting writes what waited for an idle moment.
            runner.app.saveDeferredState()
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
}
