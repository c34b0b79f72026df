import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Issue 31 part 3: a todo's reminders (the VALARMs Tick can show) in the store: journaled and
/// undoable, carried by a recurring todo's next occurrence when they follow the due, found when
/// they come due, in whatever zone the clock is read, and upgraded from version 11.
@Suite("Reminders in the store")
struct ReminderStoreTests {
    /// Takes a current store back to version 11: no reminders column, its index gone, the journal
    /// and modified-time triggers as version 11 made them (triggers and index first: SQLite refuses
    /// to drop a column they name).
    static let backToVersion11SQL = StartDateStoreTests.backToVersion12SQL + """
        DROP INDEX todos_with_reminders;
        \(Schema.rebuiltTodoJournalSQL(columns: Schema.version11JournaledTodoColumns))
        DROP TRIGGER todos_modified_time;
        \(Schema.modifiedTimeTriggerSQL(columns: Schema.version11ModifyingTodoColumns))
        ALTER TABLE todos DROP COLUMN reminders;
        ALTER TABLE history_todos DROP COLUMN old_reminders; ALTER TABLE history_todos DROP COLUMN new_reminders;
        """

    static func zone(_ name: String) throws -> LocalTime { try #require(LocalTime(zoneNamed: name)) }

    /// An instant from its UTC text, `2026-12-04T08:45`.
    static func utc(_ text: String) throws -> Date {
        let reminder = try #require(Reminder(stored: text))
        return try #require(reminder.time(due: nil, in: .utc))
    }

    @Test("adding and removing reminders is one undoable step each; undo and redo bring back exactly the reminders before and after")
    func journaled() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Dentist", due: "2026-12-04T09:00", reminders: [.beforeDue(minutes: 15)]).value
        #expect(todo.reminders == [.beforeDue(minutes: 15)])
        let steps = store.undoableStepCount
        let both: [Reminder] = [.at("2026-12-03T20:00"), .beforeDue(minutes: 60), .beforeDue(minutes: 15), .beforeDue(minutes: 60)]
        let edited = try store.update(id: todo.id, reminders: both)
        #expect(edited.value.reminders == [.beforeDue(minutes: 60), .beforeDue(minutes: 15), .at("2026-12-03T20:00")])
        #expect(edited.change != .none)
        #expect(store.undoableStepCount == steps + 1)
        #expect(try store.item(id: todo.id)?.reminders == edited.value.reminders)
        try store.undo()
        #expect(try store.item(id: todo.id)?.reminders == [.beforeDue(minutes: 15)])
        try store.redo()
        #expect(try store.item(id: todo.id)?.reminders == edited.value.reminders)
        try store.update(id: todo.id, reminders: [])
        #expect(try store.item(id: todo.id)?.reminders == [])
        try store.undo()
        #expect(try store.item(id: todo.id)?.reminders == edited.value.reminders)
        // The same reminders again change nothing and add no step.
        let count = store.undoableStepCount
        #expect(try store.update(id: todo.id, reminders: edited.value.reminders.reversed()).change == .none)
        #expect(store.undoableStepCount == count)
    }

    @Test("deleting a todo and undoing it brings its reminders back")
    func deleteUndo() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Call", due: "2026-12-04", reminders: [.beforeDue(minutes: -30)]).value
        try store.delete(ids: [todo.id])
        try store.undo()
        #expect(try store.item(id: todo.id)?.reminders == [.beforeDue(minutes: -30)])
    }

    @Test("changing a todo's reminders counts as a modification (a sync sends it and it wins by its time)")
    func modifies() throws {
        let clock = HandClock()
        let store = try TodoStore(inMemoryWith: clock.now)
        let todo = try store.add(title: "Call").value
        let before = try store.modificationDate(ofTodo: todo.id)
        clock.advance(seconds: 60)
        try store.update(id: todo.id, reminders: [.at("2026-12-04T09:00")])
        let after = try store.modificationDate(ofTodo: todo.id)
        #expect(after != before)
        #expect(after == clock.now())
    }

    @Test("a reminder the store cannot keep is refused with its reason, and nothing changes",
          arguments: [Reminder.at("2026-02-30T09:00"), .at("2026-12-04T24:00"), .at("tomorrow"), .beforeDue(minutes: Reminder.maximumMinutes + 1)])
    func refused(_ reminder: Reminder) throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let todo = try store.add(title: "Call").value
        #expect(throws: StoreError.invalidReminder(reminder.stored)) { try store.update(id: todo.id, reminders: [reminder]) }
        #expect(throws: StoreError.invalidReminder(reminder.stored)) { try store.add(title: "x", reminders: [reminder]) }
        #expect(try store.item(id: todo.id)?.reminders == [])
    }

    @Test("stored words read back as the same reminders; other words are passed over")
    func storedWords() {
        let reminders: [Reminder] = [.beforeDue(minutes: 15), .beforeDue(minutes: 0), .beforeDue(minutes: -10), .at("2026-12-04T09:00")]
        #expect(Reminder.stored(reminders) == "due-15 due-0 due+10 2026-12-04T09:00")
        #expect(Reminder.decoded("due-15 junk due+10 2026-12-04T09:00 due-x 2026-13-01T09:00") ==
                [.beforeDue(minutes: 15), .beforeDue(minutes: -10), .at("2026-12-04T09:00")])
        #expect(Reminder.stored([]) == nil)
    }

    /// When a reminder comes due, in zones whose days differ from UTC's at every hour and across a
    /// daylight-saving switch (Berlin springs forward at 02:00 on 2026-03-29).
    @Test("a reminder's time is the due's wall time in the zone, minus its minutes; a wall time is that instant in the zone",
          arguments: [
            ("Pacific/Kiritimati", "2026-12-04T09:00", Reminder.beforeDue(minutes: 15), "2026-12-03T18:45"),
            ("Pacific/Kiritimati", "2026-12-04", Reminder.beforeDue(minutes: 15), "2026-12-03T09:45"),
            ("Pacific/Honolulu", "2026-12-04", Reminder.beforeDue(minutes: 15), "2026-12-04T09:45"),
            ("Pacific/Honolulu", "2026-12-04T23:30", Reminder.beforeDue(minutes: -45), "2026-12-05T10:15"),
            ("Europe/Berlin", "2026-03-29T03:30", Reminder.beforeDue(minutes: 120), "2026-03-28T23:30"),
            ("Europe/Berlin", "2026-03-29T01:30", Reminder.beforeDue(minutes: 0), "2026-03-29T00:30"),
            ("Europe/Berlin", "2026-03-29T12:00", Reminder.at("2026-03-29T09:00"), "2026-03-29T07:00"),
            ("Europe/Berlin", "2026-03-29T12:00", Reminder.at("2026-03-29T01:00"), "2026-03-29T00:00"),
          ])
    func timeInZone(_ zoneName: String, _ due: String, _ reminder: Reminder, _ expected: String) throws {
        let zone = try Self.zone(zoneName)
        #expect(reminder.time(due: due, in: zone) == (try Self.utc(expected)))
    }

    @Test("a reminder before the due of a todo without one never comes due")
    func withoutDue() {
        #expect(Reminder.beforeDue(minutes: 15).time(due: nil, in: .utc) == nil)
    }

    @Test("the reminders coming due in a window are those of open todos, earliest first, whatever the zone",
          arguments: ["Pacific/Kiritimati", "Pacific/Honolulu", "Europe/Berlin"])
    func dueInWindow(_ zoneName: String) throws {
        let zone = try Self.zone(zoneName)
        let store = try TodoStore(inMemoryWith: fixedClock)
        let dentist = try store.add(title: "Dentist", due: "2026-12-04T09:00", reminders: [.beforeDue(minutes: 15), .beforeDue(minutes: 24 * 60)]).value
        let call = try store.add(title: "Call", reminders: [.at("2026-12-04T08:50"), .beforeDue(minutes: 5)]).value
        let done = try store.add(title: "Done already", due: "2026-12-04T09:00", reminders: [.beforeDue(minutes: 10)]).value
        try store.setDone(true, ids: [done.id])
        try store.add(title: "No reminders", due: "2026-12-04T08:50")
        let start = zone.instant(of: CivilTime(day: CivilCalendar.days(year: 2026, month: 12, day: 4), minute: 8 * 60 + 45))
        let found = try store.dueReminders(from: start, to: start.addingTimeInterval(15 * 60), in: zone)
        #expect(found.map(\.item.id) == [dentist.id, call.id])
        #expect(found.map(\.reminder) == [.beforeDue(minutes: 15), .at("2026-12-04T08:50")])
        #expect(found.map(\.time) == [start, start.addingTimeInterval(5 * 60)])
        // The end is not in the window; the start is.
        #expect(try store.dueReminders(from: start.addingTimeInterval(60), to: start.addingTimeInterval(5 * 60), in: zone).isEmpty)
    }

    @Test("a recurring todo's next occurrence keeps the reminders that follow the due, not one at a wall time")
    func recurring() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY")
        let todo = try store.add(title: "Standup", due: "2026-12-04T09:00", recurrence: rule,
                                 reminders: [.beforeDue(minutes: 10), .at("2026-12-04T08:00")]).value
        let next = try #require(try store.setDoneReportingNext(true, ids: [todo.id]).value.nextOccurrences.first)
        #expect(next.due == "2026-12-11T09:00")
        #expect(next.reminders == [.beforeDue(minutes: 10)])
        #expect(try store.item(id: todo.id)?.reminders == [.beforeDue(minutes: 10), .at("2026-12-04T08:00")])
    }

    @Test("a version 11 store upgrades: its todos have no reminders, undo of a step from before the upgrade still works, reminders can be added")
    func upgradesVersion11() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            do {
                let store = try openStore(path)
                let todos = try store.add(titles: ["a", "b"])
                try store.update(id: todos[1].id, title: "b edited")
                try store.connection.execute(Self.backToVersion11SQL + "PRAGMA user_version = 11;")
                store.close()
            }
            let store = try openStore(path)
            defer { store.close() }
            #expect(try store.connection.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
            let items = try store.flatOrder()
            #expect(items.allSatisfy { $0.reminders.isEmpty })
            try store.undo()
            #expect(try store.flatOrder().map(\.title) == ["a", "b"])
            try store.update(id: items[0].id, reminders: [.beforeDue(minutes: 5)])
            try store.undo()
            #expect(try store.item(id: items[0].id)?.reminders == [])
            #expect(try store.integrityProblems() == [])
        }
    }

    @Test("an import keeps a todo's reminders, and an import by UID updates them")
    func imported() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        var todo = NewTodo(title: "Dentist", due: "2026-12-04T09:00")
        todo.uid = "dentist-1"
        todo.reminders = [.beforeDue(minutes: 30), .beforeDue(minutes: 30)]
        _ = try store.importItems([todo], options: ImportOptions())
        #expect(try store.item(uid: "dentist-1")?.reminders == [.beforeDue(minutes: 30)])
        todo.reminders = [.at("2026-12-04T08:00")]
        _ = try store.importItems([todo], options: ImportOptions())
        #expect(try store.item(uid: "dentist-1")?.reminders == [.at("2026-12-04T08:00")])
    }
}

/// A clock tests move by hand, shared with the code that reads it.
final class HandClock: @unchecked Sendable {
    private var time = fixedNow

    /// The time now.
    var now: @Sendable () -> Date { { [self] in time } }

    /// Moves the clock on.
    func advance(seconds: Double) { time = time.addingTimeInterval(seconds) }
}
