import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 29's read keys, counted instead of timed: `j`, page down and a search keystroke whose
/// matches are cached (what `make bench` presses again and again) ask the store for as much work
/// (SQLite's virtual-machine steps on the key thread's connection, `TodoStore.statementSteps`) in a
/// store ten times the size. A read that walks rows in proportion to the store (a count, a scan,
/// reading ahead past the pages around the screen) shows as steps that grow with it; an index seek
/// takes the same steps however deep the tree.
@Suite("A read key's cost does not grow with the store")
struct StoreSizeKeyCostTests {
    static let size = Size(width: 40, height: 10)
    /// Todos whose titles hold "milk" (the search's matches), the same in every store.
    static let matches = 40

    /// An Inbox of `todos` todos, `matches` of them "Buy milk …" spread through it, opened afresh on 40×10.
    static func store(todos: Int) throws -> Scenario {
        let scenario = try Scenario(["First"], size: size)
        let store = scenario.store
        let first = try scenario.id(of: "First")
        let inbox = try #require(try store.lists().first)
        let every = todos / matches
        let titles = (1..<todos).map { $0 % every == 0 ? "Buy milk \($0)" : "Todo \($0)" }
        _ = try store.add(titles.map { NewTodo(title: $0, listName: inbox.name) }, toList: inbox.id, after: first)
        try scenario.restart()
        return scenario
    }

    /// Statement steps per key of each kind, over several presses after a warm-up.
    struct Cost: CustomStringConvertible {
        var scroll = 0
        var page = 0
        var search = 0
        var description: String { "j \(scroll), page down \(page), search keystroke \(search)" }
    }

    /// Steps of the keys in `script`, typed as a key script would type them.
    static func steps(of script: String, in scenario: Scenario) throws -> Int {
        let before = scenario.store.statementSteps
        try scenario.type(script)
        return scenario.store.statementSteps - before
    }

    static func cost(todos: Int) throws -> Cost {
        let scenario = try store(todos: todos)
        var cost = Cost()
        // The selection at the bottom edge, as `make bench` scrolls: each j brings one row in.
        try scenario.type(String(repeating: "j", count: 12))
        cost.scroll = try steps(of: String(repeating: "j", count: 40), in: scenario) / 40
        cost.page = try steps(of: String(repeating: "<PageDown>", count: 8), in: scenario) / 8
        // The first round searches; the next ones find the matches cached, as the bench's presses do.
        try scenario.type("/m<Esc><Esc>")
        for _ in 0..<3 {
            try scenario.type("/")
            cost.search += try steps(of: "m", in: scenario)
            #expect(scenario.screen.dropFirst().first?.contains("Buy milk") == true, "\(scenario.screen)")
            try scenario.type("<Esc><Esc>")
        }
        cost.search /= 3
        return cost
    }

    @Test("j, page down and a cached search keystroke take as many statement steps in 4,000 todos as in 400")
    func readKeysStayFlat() throws {
        let small = try Self.cost(todos: 400), large = try Self.cost(todos: 4_000)
        #expect(small.scroll > 0 && small.page > 0 && small.search > 0, "\(small)")
        // A few steps of slack for where rows fall in their rank blocks; a count or a scan of the
        // list costs thousands more in the larger store.
        #expect(large.scroll <= small.scroll + small.scroll / 10 + 20, "large: \(large); small: \(small)")
        #expect(large.page <= small.page + small.page / 10 + 20, "large: \(large); small: \(small)")
        #expect(large.search <= small.search + small.search / 10 + 20, "large: \(large); small: \(small)")
    }
}
