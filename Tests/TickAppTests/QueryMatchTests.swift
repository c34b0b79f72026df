import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 30, part 2: one query language, the same matches from `tick ls QUERY…` and from `/` in the
/// app, on the same file and day.
@Suite("Query matches: tick ls and / agree")
struct QueryMatchTests {
    /// A store (today is Sunday 2026-11-29) with a todo for each kind of term.
    private static func harness() throws -> CommandHarness {
        let tick = try CommandHarness()
        for title in ["Buy milk #shop !! @today", "Oat milk @mon", "Meeting with Anna #meeting", "Old bill @2026-11-20 !",
                      "Water plants @every mon", "Book flights #travel #someday"] {
            tick.run(["add", title])
        }
        tick.run(["add", "--list", "Work", "Prepare slides #meeting !!! @2026-12-10"])
        tick.run(["add", "--list", "Work", "Review budget"])
        tick.run(["edit", "8", "--notes", "the milk budget for the offsite", "--flag"])
        tick.run(["add", "--list", "Work", "Send minutes #meeting @2026-12-24"])
        tick.run(["done", "9"])
        return tick
    }

    /// Titles `tick ls` lists for a query (with --all, as the app shows done todos).
    private static func listed(_ tick: CommandHarness, _ query: String) -> [String] {
        let outcome = tick.run(["ls", "--all", "--"] + [query])
        #expect(outcome.status == 0, "\(query): \(outcome.errors)")
        return outcome.output.split(separator: "\n").map { line in
            let title = line.split(separator: " ", omittingEmptySubsequences: true)
            return String(title.last { !$0.hasPrefix("#") && $0 != "↻" && $0 != "✎" } ?? "")
        }
    }

    /// Titles the app shows after typing `/QUERY`, section by section.
    private static func searched(_ tick: CommandHarness, _ query: String) throws -> [String] {
        let store = try TodoStore(path: tick.path)
        defer { store.close() }
        let app = TickApp(store: store, size: Size(width: 60, height: 30), theme: .standard, configuration: Configuration(),
                          today: { tick.today }, timeOfDay: { 600 })
        _ = app.renderScreen()
        let keys = query.map { $0 == " " ? "<Space>" : $0 == "<" ? "<lt>" : String($0) }.joined()
        for key in try KeyScript.parse("/" + keys) {
            app.handle(key)
            app.waitForSearch()
        }
        _ = app.renderScreen()
        var titles: [String] = []
        for section in 0..<app.list.tableView.numberOfSections {
            for row in 0..<app.list.tableView.numberOfRows(inSection: section) {
                if let item = app.list.item(at: IndexPath(row: row, section: section)) {
                    titles.append(String(item.title.split(separator: " ").last ?? ""))
                }
            }
        }
        return titles
    }

    static let queries: [(query: String, expected: [String])] = [
        ("milk", ["milk", "milk", "budget"]),
        ("meeting", ["Anna", "slides", "minutes"]),
        ("#meeting slides", ["slides"]),
        ("#meeting -#someday", ["Anna", "slides", "minutes"]),
        ("#shop milk", ["milk"]),
        ("\"oat milk\"", ["milk"]),
        ("!!", ["milk"]),
        ("!!!", ["slides"]),
        ("!none list:Work", ["budget", "minutes"]),
        ("@today", ["milk"]),
        ("@overdue", ["bill"]),
        ("@week", ["milk", "milk", "plants"]),  // @every mon without a date starts on Monday
        ("@2026-12-01..2026-12-24", ["slides", "minutes"]),
        ("@none is:open", ["Anna", "flights", "budget"]),
        ("is:done", ["minutes"]),
        ("is:flagged", ["budget"]),
        ("is:recurring", ["plants"]),
        ("list:work #meeting is:open", ["slides"]),
    ]

    @Test("tick ls QUERY and / in the app show the same todos", arguments: queries)
    func sameMatches(query: String, expected: [String]) throws {
        let tick = try Self.harness()
        #expect(Self.listed(tick, query) == expected)
        #expect(try Self.searched(tick, query) == expected)
    }
}
