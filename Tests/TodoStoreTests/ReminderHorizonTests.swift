import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// The open app asks for the reminders due in every minute it is open (`dueReminders`); the store
/// reads its todos only when one may come due or the file changed (`ReminderHorizon`). In
/// `ReminderStoreTests`, so `make test-zone` runs these in the process's zone too.
extension ReminderStoreTests {
    /// The day walked, its zone, and the todos' due times and reminders: an ambiguous hour on a fall-back
    /// day, a missing one on a spring-forward day, reminders sharing a minute, one after the due.
    static let walkedDays: [(zone: String?, day: String)] = [
        ("Pacific/Kiritimati", "2026-12-04"), ("Pacific/Honolulu", "2026-12-04"), ("Europe/Berlin", "2026-03-29"),
        ("Europe/Berlin", "2026-10-25"), ("America/New_York", "2026-03-08"), (nil, "2026-12-04"),
    ]

    /// Adds the walked day's todos to `store`: open ones with reminders, a done one, one without.
    static func addWalkedTodos(to store: TodoStore, day: String) throws {
        try store.add(title: "Dentist", due: day + "T09:00", reminders: [.beforeDue(minutes: 15), .beforeDue(minutes: 24 * 60)])
        try store.add(title: "Night", due: day + "T02:30", reminders: [.beforeDue(minutes: 0), .beforeDue(minutes: -30)])
        try store.add(title: "Call", reminders: [.at(day + "T08:45"), .at(day + "T01:30"), .at(day + "T23:59")])
        try store.add(title: "All day", due: day, reminders: [.beforeDue(minutes: -600)])
        let done = try store.add(title: "Done", due: day + "T10:00", reminders: [.beforeDue(minutes: 5)]).value
        try store.setDone(true, ids: [done.id])
        try store.add(title: "No reminders", due: day + "T08:45")
    }

    /// The reminders due in `start..<end`, worked out from every todo without the store's search.
    static func expectedReminders(in store: TodoStore, from start: Date, to end: Date, zone: LocalTime) throws -> [DueReminder] {
        var found: [DueReminder] = []
        for item in try store.flatOrder() where item.completedAt == nil {
            for reminder in item.reminders {
                guard let time = reminder.time(due: item.due, in: zone), time >= start, time < end else { continue }
                found.append(DueReminder(item: item, reminder: reminder, time: time))
            }
        }
        return found.sorted { ($0.time, $0.item.id) < ($1.time, $1.item.id) }
    }

    @Test("asked minute by minute over a day, the store finds each reminder in its minute, and reads its todos only in a minute where one comes due",
          arguments: walkedDays)
    func minuteByMinute(_ zoneName: String?, _ day: String) throws {
        let zone = try zoneName.map(Self.zone) ?? .fromEnvironment
        let store = try TodoStore(inMemoryWith: fixedClock)
        try Self.addWalkedTodos(to: store, day: day)
        let dayNumber = try #require(Reminder.dayNumber(Substring(day)))
        var start = zone.instant(of: CivilTime(day: dayNumber - 1, minute: 23 * 60 + 50))
        let stop = zone.instant(of: CivilTime(day: dayNumber + 1, minute: 10))
        var said = 0, reads = 0, minutesWithReminders = 0, statements = 0, prepared = 0, minutes = 0
        while start < stop {
            let end = start.addingTimeInterval(60)
            let runBefore = store.connection.statementsRun, preparedBefore = store.connection.statementsPrepared
            let found = try store.dueReminders(from: start, to: end, in: zone)
            let run = store.connection.statementsRun - runBefore
            statements += run
            prepared += store.connection.statementsPrepared - preparedBefore
            #expect(found == (try Self.expectedReminders(in: store, from: start, to: end, zone: zone)))
            // A minute after the first in which nothing comes due costs one step of PRAGMA data_version.
            if minutes > 0 && found.isEmpty { #expect(run == 1) }
            if run > 1 { reads += 1 }
            if minutes > 0 && !found.isEmpty { minutesWithReminders += 1 }
            said += found.count
            minutes += 1
            start = end
        }
        // Dentist's 08:45 (not the day before's), Night's two, Call's three, All day's 10:00; the
        // spring-forward days move Night's, but not out of the day.
        #expect(said == 7)
        #expect(reads == 1 + minutesWithReminders)
        #expect(statements == minutes + reads)
        #expect(prepared <= 2)
    }

    @Test("a reminder added, moved or done by this connection or another is found in the next minute asked, and a done one is not")
    func changesAreSeen() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/store.db"
            let zone = try Self.zone("Pacific/Honolulu")
            let store = try openStore(path), other = try openStore(path)
            defer { store.close(); other.close() }
            let day = CivilCalendar.days(year: 2026, month: 12, day: 4)
            func wall(_ hour: Int, _ minute: Int) -> Date { zone.instant(of: CivilTime(day: day, minute: hour * 60 + minute)) }
            func titles(at hour: Int, _ minute: Int) throws -> [String] {
                try store.dueReminders(from: wall(hour, minute), to: wall(hour, minute).addingTimeInterval(60), in: zone).map(\.item.title)
            }
            let late = try store.add(title: "Late", due: "2026-12-04T20:00", reminders: [.beforeDue(minutes: 0)]).value
            #expect(try titles(at: 9, 0) == [])
            // This connection adds one at 09:02, another at 09:03; each is said in its minute.
            try store.add(title: "Mine", reminders: [.at("2026-12-04T09:02")])
            #expect(try titles(at: 9, 1) == [])
            try other.add(title: "Theirs", reminders: [.at("2026-12-04T09:03")])
            #expect(try titles(at: 9, 2) == ["Mine"])
            #expect(try titles(at: 9, 3) == ["Theirs"])
            // Another connection moves Late's due to 09:05; then this one to 09:06, and the other marks it done.
            try other.update(id: late.id, due: .some("2026-12-04T09:05"))
            #expect(try titles(at: 9, 4) == [])
            #expect(try titles(at: 9, 5) == ["Late"])
            try store.update(id: late.id, due: .some("2026-12-04T09:07"))
            #expect(try titles(at: 9, 6) == [])
            try other.setDone(true, ids: [late.id])
            #expect(try titles(at: 9, 7) == [])
            // Undone by this connection (undo of the other's step is the other's): said again in its minute.
            try store.setDone(false, ids: [late.id])
            #expect(try titles(at: 9, 7) == ["Late"])
        }
    }

    @Test("the same minutes asked in another zone are read again in that zone")
    func anotherZone() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.add(title: "Dentist", due: "2026-12-04T09:00", reminders: [.beforeDue(minutes: 15)])
        let kiritimati = try Self.zone("Pacific/Kiritimati"), honolulu = try Self.zone("Pacific/Honolulu")
        let day = CivilCalendar.days(year: 2026, month: 12, day: 4)
        let inKiritimati = kiritimati.instant(of: CivilTime(day: day, minute: 8 * 60 + 45))
        let inHonolulu = honolulu.instant(of: CivilTime(day: day, minute: 8 * 60 + 45))
        // Read in Honolulu up to a minute before Kiritimati's 08:45: the next reminder there is a day later.
        #expect(try store.dueReminders(from: inKiritimati.addingTimeInterval(-120), to: inKiritimati.addingTimeInterval(-60), in: honolulu).isEmpty)
        #expect(inHonolulu > inKiritimati.addingTimeInterval(60))
        #expect(try store.dueReminders(from: inKiritimati, to: inKiritimati.addingTimeInterval(60), in: kiritimati).map(\.item.title) == ["Dentist"])
        #expect(try store.dueReminders(from: inHonolulu, to: inHonolulu.addingTimeInterval(60), in: honolulu).map(\.item.title) == ["Dentist"])
    }
}
