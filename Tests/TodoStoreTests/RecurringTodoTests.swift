import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Completing or skipping a recurring todo creates the next occurrence in the same undo step, and
/// undo takes back exactly that step.
@Suite("Recurring todos")
struct RecurringTodoTests {
    private static let inbox = SectionQuery(listID: TodoStore.inboxListID)
    private static let weekly = try! RecurrenceRule(rrule: "FREQ=WEEKLY")


    /// Every todo of the store, open and done, by id.
    private func everything(_ store: TodoStore) throws -> [TodoItem] {
        try (1...50).compactMap { try store.item(id: Int64($0)) }
    }

    @Test("marking a recurring todo done creates the next one after it, due on the rule's next date, in one step")
    func doneCreatesNext() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Water plants", notes: "balcony", priority: 2, due: "2026-12-08", recurrence: Self.weekly).value
        try store.update(id: todo.id, isFlagged: true)
        let steps = store.undoableStepCount
        let result = try store.setDoneReportingNext(true, ids: [todo.id]).value
        #expect(store.undoableStepCount == steps + 1)
        let next = try #require(result.nextOccurrences.first)
        #expect(next.due == "2026-12-15" && next.title == "Water plants" && next.notes == "balcony")
        #expect(next.priority == 2 && next.isFlagged && next.recurrence == Self.weekly && !next.isDone)
        let done = try #require(try store.item(id: todo.id))
        #expect(done.isDone && done.recurrence == nil)
        // Right after the done one, in the manual order.
        #expect(next.position > done.position)
    }

    @Test("the next occurrence keeps the tags, whether the occurrence is done or skipped", arguments: [false, true])
    func nextKeepsTags(skips: Bool) throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Water plants", due: "2026-12-08", recurrence: Self.weekly, tags: ["home", "Q4-Planning"]).value
        let next = try #require(skips ? try store.skipOccurrence(id: todo.id).value
                                      : try store.setDoneReportingNext(true, ids: [todo.id]).value.nextOccurrences.first)
        #expect(next.tags == ["home", "Q4-Planning"])
        #expect(try store.items(taggedWith: "q4-planning", inList: TodoStore.inboxListID).map(\.id) == [next.id])
    }

    @Test("a todo without a due day comes back after today; an after-completion rule counts from the day it is done")
    func countsFromToday() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let today = LocalTime.fromEnvironment.day(of: fixedNow)
        let undated = try store.add(title: "a", recurrence: try RecurrenceRule(rrule: "FREQ=DAILY")).value
        let fromDone = try store.add(title: "b", due: "2020-01-01", recurrence: try RecurrenceRule(rrule: "FREQ=DAILY", countsFromCompletion: true)).value
        let result = try store.setDoneReportingNext(true, ids: [undated.id, fromDone.id]).value
        let tomorrow = try #require(try RecurrenceRule(rrule: "FREQ=DAILY").next(after: today)).due
        #expect(result.nextOccurrences.map(\.due) == [tomorrow, tomorrow])
        #expect(result.nextOccurrences.last?.recurrence?.countsFromCompletion == true)
    }

    @Test("The local day of an instant follows the time zone's rule on both sides of a daylight-saving change", arguments: [
        (1_774_740_600, "Europe/Berlin", "2026-03-29"),  // 00:30 CET, 23:30 UTC the day before
        (1_774_747_800, "Europe/Berlin", "2026-03-29"),  // 03:30 CEST, just after the clocks go forward
        (1_792_881_000, "Europe/Berlin", "2026-10-25"),  // 00:30 CEST, 22:30 UTC the day before
        (1_792_967_400, "Europe/Berlin", "2026-10-25"),  // 23:30 CET, after the clocks go back
        (1_792_967_400, "UTC", "2026-10-25"),
        (1_773_027_000, "America/New_York", "2026-03-08"),  // 23:30 EDT, 03:30 UTC the next day
    ])
    func localDayAcrossDST(seconds: Int, zone: String, expected: String) throws {
        #expect(LocalTime(tz: zone).day(of: Date(timeIntervalSince1970: TimeInterval(seconds))) == expected)
    }

    /// Zones whose day differs from UTC's at every hour, and a daylight-saving zone on its switch days.
    static let midnightCases: [(zone: String, localDay: String, local: String)] = [
        ("Pacific/Kiritimati", "2026-12-02", "23:59"), ("Pacific/Kiritimati", "2026-12-02", "00:00"),
        ("Pacific/Honolulu", "2026-12-01", "23:59"), ("Pacific/Honolulu", "2026-12-02", "00:00"),
        ("UTC", "2026-12-01", "23:59"), ("UTC", "2026-12-02", "00:00"),
        ("America/New_York", "2026-03-08", "23:59"), ("America/New_York", "2026-03-08", "00:00"),
        ("America/New_York", "2026-11-01", "23:59"), ("America/New_York", "2026-11-01", "00:00"),
        ("JST-9", "2026-12-02", "00:00"),
    ]

    @Test("A recurring todo done near local midnight counts from that local day, in any zone the store is given", arguments: midnightCases)
    func doneNearLocalMidnight(zone: String, localDay: String, local: String) throws {
        let dayNumber = try #require(Self.dayNumber(localDay))
        let instant = try GlibcDate.instant(localDay + " " + local, in: zone)
        let store = try TodoStore(inMemoryWith: { instant })
        store.localTime = LocalTime(tz: zone)
        let fromDone = try store.add(title: "Stretch", due: "2020-01-01T07:00",
                                     recurrence: try RecurrenceRule(rrule: "FREQ=DAILY", countsFromCompletion: true)).value
        let undated = try store.add(title: "Water", recurrence: try RecurrenceRule(rrule: "FREQ=DAILY")).value
        let result = try store.setDoneReportingNext(true, ids: [fromDone.id, undated.id]).value
        let nextDay = CivilTime(day: dayNumber + 1).dayText
        #expect(result.nextOccurrences.map(\.due) == [nextDay + "T07:00", nextDay])
    }

    /// The day number of `YYYY-MM-DD`.
    private static func dayNumber(_ text: String) -> Int? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        return parts.count == 3 ? CivilCalendar.days(year: parts[0], month: parts[1], day: parts[2]) : nil
    }

    @Test("undo of the completion takes back the next occurrence and restores the rule exactly; redo brings them back")
    func undoRestoresExactly() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.add(title: "other")
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=4", countsFromCompletion: true)
        let todo = try store.add(title: "Pay rent", due: "2026-12-25", recurrence: rule).value
        let before = try everything(store)
        let result = try store.setDoneReportingNext(true, ids: [todo.id]).value
        #expect(result.nextOccurrences.first?.recurrence?.rrule == "FREQ=MONTHLY;BYDAY=-1FR;COUNT=3")
        let after = try everything(store)
        try store.undo()
        #expect(try everything(store) == before)
        try store.redo()
        #expect(try everything(store) == after)
    }

    @Test("the last occurrence of a COUNT or UNTIL rule is done without a next one")
    func seriesOver() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let last = try store.add(title: "x", due: "2026-12-01", recurrence: try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=1")).value
        let ended = try store.add(title: "y", due: "2026-12-31", recurrence: try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20261231")).value
        let result = try store.setDoneReportingNext(true, ids: [last.id, ended.id]).value
        #expect(result.nextOccurrences.isEmpty)
        #expect(store.count == 2)
    }

    @Test("skipping an occurrence deletes it and creates the next one, in one undo step")
    func skip() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Standup", due: "2026-12-07", recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH")).value
        let before = try everything(store)
        let next = try #require(try store.skipOccurrence(id: todo.id).value)
        #expect(next.due == "2026-12-10" && next.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(try store.item(id: todo.id) == nil)
        #expect(store.count == 1)
        try store.undo()
        #expect(try everything(store) == before)
    }

    @Test("deleting a recurring todo stops the series: nothing comes back")
    func deleteStops() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Standup", due: "2026-12-07", recurrence: Self.weekly).value
        try store.delete(ids: [todo.id])
        #expect(store.count == 0)
    }

    @Test("a rule set and taken away is one undo step each")
    func setRecurrence() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "x").value
        try store.setRecurrence(id: todo.id, Self.weekly)
        #expect(try store.item(id: todo.id)?.recurrence == Self.weekly)
        try store.setRecurrence(id: todo.id, nil)
        #expect(try store.item(id: todo.id)?.recurrence == nil)
        try store.undo()
        #expect(try store.item(id: todo.id)?.recurrence == Self.weekly)
    }
}
