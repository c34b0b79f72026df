import Foundation
import Synchronization
import Testing
import TermTable
@testable import TickApp
@testable import TodoStore

/// Issue 19, search that never makes you wait: a keystroke in the search line is answered at once
/// while the store finds the matches on its second connection; the list shows them when they come.
@Suite("Background search scenarios")
struct BackgroundSearchScenarioTests {
    /// The titles on screen, in order.
    private func shownTitles(_ scenario: Scenario) -> [String] {
        scenario.screen.filter { $0.hasPrefix("[") }.map { String($0.dropFirst(4)) }
    }

    /// A gate that holds the background search of one text until opened.
    final class Gate: Sendable {
        let text: String
        private let entered = DispatchSemaphore(value: 0), opened = DispatchSemaphore(value: 0)
        private let armed = Mutex(true)
        init(_ text: String) { self.text = text }
        /// Called by the search: waits, the first time it sees `text`, until `open()`.
        func hold(_ text: String) {
            guard text == self.text, armed.withLock({ armed in defer { armed = false }; return armed }) else { return }
            entered.signal()
            opened.wait()
        }
        /// Waits until the search is held.
        func waitUntilHeld() { entered.wait() }
        func open() { opened.signal() }
    }

    @Test("A keystroke shows in the input line at once; the list keeps its rows and the status line says searching… until the matches come")
    func keystrokeAnsweredAtOnce() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Ship it"], size: Size(width: 40, height: 8))
        let gate = Gate("mi")
        scenario.store.backgroundSearchHooks.willSearch = { gate.hold($0) }
        try scenario.typeWithoutWaiting("/mi")
        gate.waitUntilHeld()
        #expect(scenario.app.isSearching)
        #expect(shownTitles(scenario) == ["Buy milk", "Call mom", "Ship it"])
        #expect(scenario.screen[scenario.screen.count - 2].hasPrefix("/mi"))
        #expect(scenario.status.hasPrefix("searching…"))
        gate.open()
        scenario.app.waitForSearch()
        #expect(shownTitles(scenario) == ["Buy milk"])
        #expect(!scenario.status.hasPrefix("searching…"))
    }

    @Test("No match is said only once the search has finished")
    func noMatchOnlyWhenFinished() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 8))
        let gate = Gate("mzq")
        scenario.store.backgroundSearchHooks.willSearch = { gate.hold($0) }
        try scenario.type("/m")
        try scenario.type("z")  // "mz": no match, shown once finished
        #expect(scenario.screen.contains { $0.contains("No todos match “mz”") })
        try scenario.typeWithoutWaiting("q")
        gate.waitUntilHeld()
        #expect(!scenario.screen.contains { $0.contains("No todos match “mzq”") })
        #expect(scenario.status.hasPrefix("searching…"))
        gate.open()
        scenario.app.waitForSearch()
        #expect(scenario.screen.contains { $0.contains("No todos match “mzq”") })
    }

    @Test("An answer for text no longer typed never shows: “a” found after “ab” was typed is dropped")
    func staleAnswerNeverShows() throws {
        let scenario = try Scenario(["apple", "abacus", "zebra"], size: Size(width: 40, height: 8))
        // The search for "ab" is held before it starts, so its answer cannot come before the look below.
        let gate = Gate("ab")
        scenario.store.backgroundSearchHooks.willSearch = { gate.hold($0) }
        try scenario.typeWithoutWaiting("/a")
        // The answer for "a" is found and waits for the run loop, which has not looked yet…
        scenario.store.waitForSearch()
        // …when "b" is typed.
        try scenario.typeWithoutWaiting("b")
        gate.waitUntilHeld()
        _ = scenario.app.showFoundSearches()
        gate.open()
        #expect(shownTitles(scenario) == ["apple", "abacus", "zebra"], "the stale “a” matches showed")
        scenario.app.waitForSearch()
        #expect(shownTitles(scenario) == ["abacus"])
    }

    @Test("A newer keystroke interrupts the older search's running statement")
    func newerKeystrokeInterrupts() throws {
        let scenario = try Scenario((0..<300).map { "task \($0)" } + ["abacus"], size: Size(width: 40, height: 8))
        let gate = Gate("a")
        scenario.store.backgroundSearchHooks.whileQuerying = { gate.hold($0) }
        try scenario.typeWithoutWaiting("/a")
        gate.waitUntilHeld()
        try scenario.typeWithoutWaiting("b")
        gate.open()
        scenario.app.waitForSearch()
        #expect(scenario.store.interruptedSearches == 1)
        #expect(shownTitles(scenario) == ["abacus"])
    }

    @Test("Matches appear as they are found: those near the top first, the rest when the whole pass ends")
    func firstScreenFirst() throws {
        var titles = (0..<5_000).map { "todo \($0)" }
        titles[1] = "zq near the top"
        titles[4_900] = "zq far down"
        let scenario = try Scenario([], size: Size(width: 40, height: 8))
        try scenario.store.importItems(titles.map { NewTodo(title: $0) })
        scenario.list.reloadFromStore()
        // The search is held when its second part (the whole pass) starts.
        let calls = Mutex(0)
        let gate = Gate("zq")
        scenario.store.backgroundSearchHooks.whileQuerying = { text in
            // Only "zq" counts: the search for "z" may or may not get far enough to be heard before "q" stops it.
            guard text == "zq" else { return }
            if calls.withLock({ $0 += 1; return $0 }) == 2 { gate.hold(text) }
        }
        try scenario.typeWithoutWaiting("/zq")
        gate.waitUntilHeld()
        #expect(scenario.app.showFoundSearches())
        #expect(shownTitles(scenario) == ["zq near the top"])
        #expect(scenario.status.hasPrefix("searching…"))
        gate.open()
        scenario.app.waitForSearch()
        #expect(shownTitles(scenario) == ["zq near the top", "zq far down"])
    }

    @Test("One-character CJK and emoji searches run in the background and find their todos", arguments: [
        ("买", ["买牛奶"]), ("奶", ["买牛奶", "牛奶糖"]), ("🍎", ["🍎 apple"]), ("👍🏽", ["thumbs 👍🏽 up"]),
    ])
    func cjkAndEmoji(text: String, titles: [String]) throws {
        let scenario = try Scenario(["买牛奶", "牛奶糖", "🍎 apple", "thumbs 👍🏽 up", "plain"], size: Size(width: 40, height: 10))
        try scenario.typeWithoutWaiting("/" + text)
        #expect(scenario.app.isSearching)
        scenario.app.waitForSearch()
        #expect(shownTitles(scenario) == titles)
    }

    @Test("Enter before the matches came keeps the text typed, searched there and then")
    func enterFinishesTheSearch() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 40, height: 8))
        let gate = Gate("mil")
        scenario.store.backgroundSearchHooks.willSearch = { gate.hold($0) }
        try scenario.typeWithoutWaiting("/mil")
        gate.waitUntilHeld()
        try scenario.typeWithoutWaiting("<Enter>")
        #expect(!scenario.app.isSearching)
        #expect(scenario.status.contains("“mil”"))
        gate.open()
        scenario.store.waitForSearch()
        #expect(!scenario.app.showFoundSearches())
    }

    @Test("A key script waits for each keystroke's search, so its screens are the same on every run")
    func keyScriptsWait() throws {
        let temporary = try ScenarioStore()
        var titles = (0..<3_000).map { "todo \($0)" }
        titles[2_500] = "zq"
        try temporary.store.importItems(titles.map { NewTodo(title: $0) })
        let screen = try ScriptRunner.run(script: "/zq", store: temporary.store, size: Size(width: 40, height: 6)).screen
        #expect(screen.lines.contains { $0.contains("[ ] zq") })
        #expect(!screen.lines.contains { $0.contains("todo 0") })
    }
}
