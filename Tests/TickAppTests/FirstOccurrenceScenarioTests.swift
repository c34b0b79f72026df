import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 30, part 3 in the app: a recurring todo added without a date starts on its first occurrence.
@Suite("First occurrence scenarios")
struct FirstOccurrenceScenarioTests {
    @Test("a with @every and no date: the todo is due on the rule's first day from today on (Friday 2026-11-27)",
          arguments: [("Standup @every weekday", "2026-11-27"), ("Gym @every mon,thu", "2026-11-30"), ("Stretch @every day", "2026-11-27")])
    func added(typed: String, due: String) throws {
        let scenario = try Scenario()
        try scenario.type("a" + typed.map { $0 == " " ? "<Space>" : String($0) }.joined() + "<Enter><Esc>")
        let item = try #require(try scenario.store.item(id: 1))
        #expect(item.due == due)
        #expect(item.recurrence != nil)
    }
}
