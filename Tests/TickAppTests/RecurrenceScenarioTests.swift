import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Recurring todos in the app: `@every` in a title, `x` (alone, swiped or on marked rows) creating
/// the next occurrence as one undo step, and `d` asking whether to skip or stop. Today is Friday
/// 2026-11-27.
@Suite("Recurrence scenarios")
struct RecurrenceScenarioTests {
    private func scenario() throws -> Scenario {
        let scenario = try Scenario([], size: Size(width: 60, height: 8))
        try scenario.type("aWater plants @fri @every week<Enter>")
        return scenario
    }

    @Test("@every in a title sets the rule, and the row shows ↻ after the due date")
    func addedWithRule() throws {
        let scenario = try scenario()
        let todo = try #require(try scenario.store.item(id: try scenario.id(of: "Water plants")))
        #expect(todo.due == "2026-11-27" && todo.recurrence?.rrule == "FREQ=WEEKLY")
        let line = try #require(scenario.line(containing: "Water plants"))
        #expect(scenario.screen[line].hasSuffix("today ↻"))
    }

    @Test("x completes this occurrence and adds the next after it; the status line says when it comes back; u takes back both")
    func doneCreatesNext() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("x")
        #expect(scenario.app.lastMessage?.text == "Done — next on Fri 4 Dec · u undoes")
        let next = try #require(try scenario.store.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<5).first { !$0.isDone })
        #expect(next.due == "2026-12-04" && next.recurrence?.rrule == "FREQ=WEEKLY")
        #expect(scenario.screen.contains { $0.contains("Water plants") && $0.hasSuffix("in 7 d ↻") })
        try scenario.type("u")
        #expect(try StoreSnapshot(scenario.store) == before)
    }

    @Test("Swiping Done on a recurring todo brings the next occurrence too; swiping Delete asks like d")
    func swipes() throws {
        let scenario = try scenario()
        try scenario.type("l<Enter>")
        #expect(scenario.app.lastMessage?.text == "Done — next on Fri 4 Dec · u undoes")
        #expect(scenario.store.count == 2)
        try scenario.type("u")
        #expect(scenario.store.count == 1)
        try scenario.type("h<Enter>")
        #expect(scenario.screen.contains { $0.hasPrefix("“Water plants” repeats:") })
        try scenario.type("<Esc>")
        #expect(scenario.store.count == 1)
    }

    @Test("Marked rows done in editing mode bring their next occurrences, in one step")
    func markedDone() throws {
        let scenario = try scenario()
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("v x")
        #expect(scenario.app.lastMessage?.text == "Marked 1 todo done · 1 comes back · u undoes")
        #expect(scenario.store.count == 2)
        try scenario.type("<Esc>u")
        #expect(try StoreSnapshot(scenario.store) == before)
    }

    @Test("d on a recurring todo asks; s skips to the next occurrence, t stops the series, Esc keeps it")
    func deleteAsks() throws {
        let scenario = try scenario()
        try scenario.type("d")
        #expect(scenario.screen.contains { $0.hasPrefix("“Water plants” repeats: s skip this one · t stop the series") })
        try scenario.type("<Esc>")
        #expect(scenario.store.count == 1)
        try scenario.type("ds")
        #expect(scenario.app.lastMessage?.text == "Skipped — next on Fri 4 Dec · u undoes")
        let next = try #require(try scenario.store.item(id: try scenario.id(of: "Water plants")))
        #expect(next.due == "2026-12-04" && next.recurrence != nil && scenario.store.count == 1)
        try scenario.type("dt")
        #expect(scenario.store.count == 0)
        try scenario.type("u")
        #expect(try scenario.store.item(id: next.id)?.recurrence?.rrule == "FREQ=WEEKLY")
    }

    @Test("Editing the title shows the rule as @every; taking it out stops the recurrence")
    func editTitle() throws {
        let scenario = try scenario()
        let id = try scenario.id(of: "Water plants")
        let todo = try #require(try scenario.store.item(id: id))
        #expect(scenario.list.editableTitle(of: todo) == "Water plants @2026-11-27 @every week")
        #expect(scenario.app.run { try $0.editTitle("Water plants @every! 2 weeks", of: todo) })
        #expect(try scenario.store.item(id: id)?.recurrence == (try RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=2", countsFromCompletion: true)))
        #expect(scenario.app.run { try $0.editTitle("Water plants", of: todo) })
        #expect(try scenario.store.item(id: id)?.recurrence == nil)
    }
}

@Suite("Recurrence in the details")
struct RecurrenceDetailScenarioTests {
    @Test("The details of a recurring todo show the rule in words and as an RRULE; e edits it as @every in the title")
    func detailsShowRule() throws {
        let scenario = try Scenario([], size: Size(width: 90, height: 14))
        try scenario.type("aRent @2026-12-25 @every! month on the last friday<Enter><Enter>")
        #expect(scenario.screen.contains("Repeats    every month on the last fri after done · RRULE:FREQ=MONTHLY;BYDAY=-1FR"))
        try scenario.type("e")
        #expect(scenario.screen.contains { $0.contains("Rent @2026-12-25 @every! month on the last fri") })
        try scenario.type("<C-u>Rent @every 2 weeks<Enter>")
        let id = try scenario.id(of: "Rent")
        #expect(try scenario.store.item(id: id)?.recurrence?.rrule == "FREQ=WEEKLY;INTERVAL=2")
        #expect(scenario.screen.contains { $0.hasPrefix("Repeats    every 2 weeks · RRULE:FREQ=WEEKLY;INTERVAL=2") })
    }

    @Test("A todo that does not recur has no Repeats line")
    func noLineWithoutRule() throws {
        let scenario = try Scenario(["Plain"], size: Size(width: 60, height: 14))
        try scenario.type("<Enter>")
        #expect(!scenario.screen.contains { $0.hasPrefix("Repeats") })
    }
}
