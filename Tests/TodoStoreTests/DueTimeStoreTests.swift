import Foundation
import Testing
@testable import TodoStore

/// Issue 19: a due time of day, stored in the `due` column as `YYYY-MM-DDTHH:MM` (floating local time).
@Suite("Due times in the store")
struct DueTimeStoreTests {
    private static let inbox = SectionQuery(listID: TodoStore.inboxListID)

    @Test("Due texts split into a day and a time of day", arguments: [
        ("2026-12-24", "2026-12-24", nil as Int?), ("2026-12-24T18:30", "2026-12-24", 1110), ("2026-12-24T00:00", "2026-12-24", 0),
        ("2026-12-24T23:59", "2026-12-24", 1439), ("2026-12-24T24:00", "2026-12-24", nil),
    ])
    func splitting(due: String, day: String, minutes: Int?) {
        #expect(DueText.day(of: due) == day)
        #expect(DueText.minutes(of: due) == minutes)
        if let minutes { #expect(DueText.joining(day: day, minutes: minutes) == due) }
    }

    @Test("Sorting by due date orders the times of a day, a bare day before them, todos without one last")
    func sortedByDue() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        for (title, due) in [("evening", "2026-12-24T18:30"), ("none", nil), ("next day", "2026-12-25"), ("morning", "2026-12-24T09:05"),
                             ("any time", "2026-12-24"), ("late night", "2026-12-24T23:00"), ("early", "2026-12-24T00:00")] as [(String, String?)] {
            try store.add(title: title, due: due)
        }
        let sorted = try store.items(SectionQuery(listID: TodoStore.inboxListID, sort: .due), in: 0..<7)
        #expect(sorted.map(\.title) == ["any time", "early", "morning", "evening", "late night", "next day", "none"])
        // A todo's row in that order is found the same way (the rank query compares the same text).
        let evening = try #require(sorted.first { $0.title == "evening" })
        #expect(try store.index(of: evening.id, in: SectionQuery(listID: TodoStore.inboxListID, sort: .due)) == 3)
    }

    @Test("The due-day index orders times within a day and windows of days take the timed todos of their days")
    func dueIndexWithTimes() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.add(title: "bare high", priority: 3, due: "2026-12-01")
        try store.add(title: "at 9", due: "2026-12-01T09:00")
        try store.add(title: "at 8 high", priority: 3, due: "2026-12-01T08:00")
        try store.add(title: "late yesterday", due: "2026-11-30T23:59")
        try store.add(title: "midnight tomorrow", due: "2026-12-02T00:00")
        func window(_ from: String?, _ before: String?) throws -> [String] {
            var titles: [String] = []
            try store.forEachOpenTodo(due: .init(from: from, before: before)) { titles.append($0.title) }
            return titles
        }
        #expect(try window("2026-12-01", "2026-12-02") == ["bare high", "at 8 high", "at 9"])
        #expect(try window(nil, "2026-12-01") == ["late yesterday"])
        #expect(try window("2026-12-02", nil) == ["midnight tomorrow"])
    }

    @Test("A recurring todo's next occurrence keeps its time of day, across a daylight-saving change too", arguments: [
        // Europe's clocks go forward on 2026-03-29 and back on 2026-10-25, America's on 2026-03-08 and 2026-11-01.
        ("FREQ=DAILY", "2026-03-28T09:00", "2026-03-29T09:00"),
        ("FREQ=DAILY", "2026-03-07T09:00", "2026-03-08T09:00"),
        ("FREQ=WEEKLY", "2026-10-22T07:30", "2026-10-29T07:30"),
        ("FREQ=WEEKLY;BYDAY=SU", "2026-10-25T02:30", "2026-11-01T02:30"),
        ("FREQ=MONTHLY", "2026-01-31T18:00", "2026-03-31T18:00"),
        ("FREQ=DAILY", "2026-12-31", "2027-01-01"),
    ])
    func recurrenceKeepsTime(rule: String, due: String, next: String) throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Standup", due: due, recurrence: try RecurrenceRule(rrule: rule)).value
        let result = try store.setDoneReportingNext(true, ids: [todo.id]).value
        #expect(result.nextOccurrences.map(\.due) == [next])
    }

    @Test("An after-completion rule counts from the day it is done and keeps the todo's time of day")
    func afterCompletionKeepsTime() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let rule = try RecurrenceRule(rrule: "FREQ=DAILY", countsFromCompletion: true)
        let todo = try store.add(title: "Water plants", due: "2020-01-01T07:15", recurrence: rule).value
        let result = try store.setDoneReportingNext(true, ids: [todo.id]).value
        let tomorrow = try #require(rule.next(after: LocalTime.fromEnvironment.day(of: fixedNow))).due
        #expect(result.nextOccurrences.map(\.due) == [tomorrow + "T07:15"])
    }

    @Test("JSON carries the due time both ways; files with bare days still import")
    func jsonRoundTrip() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.add(title: "party", due: "2026-12-24T18:30")
        try store.add(title: "all day", due: "2026-12-25")
        var text = ""
        try JSONFormat.export(store) { text += $0 }
        #expect(text.contains(#""due": "2026-12-24T18:30""#))
        let document = try JSONFormat.decode(Data(text.utf8))
        // `add` puts a todo at the top: the list reads "all day", then "party".
        #expect(document.todos.map(\.due) == ["2026-12-25", "2026-12-24T18:30"])
        let copy = try TodoStore(inMemoryWith: fixedClock)
        try copy.importDocument(document)
        #expect(try copy.items(Self.inbox, in: 0..<2).map(\.due) == ["2026-12-25", "2026-12-24T18:30"])
    }

    @Test("JSON refuses a malformed due time at its line", arguments: ["2026-12-24T25:00", "2026-12-24T18:3", "2026-12-24 18:30", "2026-12-24T6pm"])
    func jsonRefusesBadTimes(due: String) {
        let text = "{\"todos\": [{\"title\": \"a\",\n\"due\": \"\(due)\"}]}"
        #expect(throws: InteropError.self) { try JSONFormat.decode(Data(text.utf8)) }
    }

    @Test("todo.txt keeps the day only: due:YYYY-MM-DD is written and read back")
    func todoTxtDropsTime() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let item = try store.add(title: "party", due: "2026-12-24T18:30").value
        let line = TodoTxtFormat.line(for: item, listName: nil, zone: .fromEnvironment)
        #expect(line.hasSuffix("party due:2026-12-24"))
        let document = try TodoTxtFormat.decode(Data((line + "\n").utf8), zone: .fromEnvironment)
        #expect(document.todos.map(\.due) == ["2026-12-24"])
    }

    @Test("Whether a listing shows due times is read from the due-day index for a window and from a list's rows for a list")
    func timedDueChecks() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let work = try store.addList(named: "Work").value
        try store.add(title: "plain", due: "2026-11-29")
        try store.add(title: "timed", listID: work.id, due: "2026-11-29T09:00")
        let done = try store.add(title: "done timed", due: "2026-11-30T09:00").value
        _ = try store.setDone(true, ids: [done.id])
        #expect(try store.hasTimedOpenDue(in: .init(from: "2026-11-29", before: "2026-11-30")))
        #expect(try !store.hasTimedOpenDue(in: .init(from: "2026-11-30", before: nil)))
        #expect(try !store.hasTimedOpenDue(in: .init(from: nil, before: "2026-11-29")))
        #expect(try store.hasTimedDue(inLists: [work.id]))
        #expect(try !store.hasTimedDue(inLists: [TodoStore.inboxListID], includesDone: false))
        #expect(try store.hasTimedDue(inLists: [TodoStore.inboxListID]))
        #expect(try store.hasTimedDue(inLists: [TodoStore.inboxListID], includesOpen: false))
        let windowPlan = try store.connection.query("""
            EXPLAIN QUERY PLAN SELECT EXISTS(SELECT 1 FROM todos INDEXED BY todos_open_by_due_day WHERE completed_at IS NULL
            AND due IS NOT NULL AND length(due) > 10 AND due >= '2026-11-29' AND due < '2026-11-30')
            """) { $0.string(at: 3) }
        #expect(windowPlan.contains { $0.contains("USING INDEX todos_open_by_due_day (due>? AND due<?)") }, "\(windowPlan)")
        let listPlan = try store.connection.query("""
            EXPLAIN QUERY PLAN SELECT EXISTS(SELECT 1 FROM todos WHERE list_id = 1 AND length(due) > 10)
            """) { $0.string(at: 3) }
        #expect(listPlan.contains { $0.contains("USING") && $0.contains("(list_id=?") }, "\(listPlan)")
    }
}
