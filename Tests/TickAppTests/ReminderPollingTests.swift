import Foundation
import Testing
import TermTable
@testable import TickApp
@testable import TodoStore

/// The run loop calls `showDueReminders()` twice a second while Tick is open. A poll in the same
/// minute as the last look reads nothing; a new minute costs one step of `PRAGMA data_version`
/// unless a reminder comes due in it or the store changed (`TodoStore.dueReminders`).
@Suite("Reminder polling")
struct ReminderPollingTests {
    /// The instant of `hour:minute` on 2026-03-29 (Berlin springs forward at 02:00) in `zone`.
    static func wall(_ hour: Int, _ minute: Int, in zone: LocalTime) -> Date {
        zone.instant(of: CivilTime(day: CivilCalendar.days(year: 2026, month: 3, day: 29), minute: hour * 60 + minute))
    }

    @Test("polled twice a second for two idle hours, the app says each reminder in its minute and reads the todos only then, one statement a minute otherwise",
          arguments: ["Pacific/Kiritimati", "Pacific/Honolulu", "Europe/Berlin"])
    func idleHours(_ zoneName: String) throws {
        let zone = try #require(LocalTime(zoneNamed: zoneName))
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        let clock = ScenarioClock(Self.wall(1, 30, in: zone).addingTimeInterval(0.25))
        scenario.list.followClock({ clock.time }, in: zone)
        try scenario.store.add(title: "Early", reminders: [.at("2026-03-29T01:45")])
        try scenario.store.add(title: "Late", reminders: [.at("2026-03-29T03:10")])
        try scenario.store.add(title: "Due", due: "2026-03-29T03:30", reminders: [.beforeDue(minutes: 15)])
        let connection = scenario.store.connection
        scenario.app.showDueReminders()
        var said: [String] = [], reads = 0, lookedMinutes = 0
        let prepared = connection.statementsPrepared
        for _ in 0..<(2 * 3600 * 2) {
            clock.advance(seconds: 0.5)
            let run = connection.statementsRun
            if scenario.app.showDueReminders() {
                said.append("\(Due.clock(zone.civilTime(of: clock.time).minute)) \(scenario.status.prefix(while: { $0 != "(" }))")
            }
            switch connection.statementsRun - run {
            case 0: break
            case 1: lookedMinutes += 1
            default: reads += 1
            }
        }
        let lateTime = Due.clock(zone.civilTime(of: Self.wall(3, 10, in: zone)).minute)
        let dueTime = Due.clock(zone.civilTime(of: Self.wall(3, 15, in: zone)).minute)
        #expect(said == ["1:45 Reminder: “Early” ", "\(lateTime) Reminder: “Late” ", "\(dueTime) Reminder: “Due” "])
        // The first minute read the todos (nothing was known), then only the three minutes that said one.
        #expect(reads == 4)
        #expect(lookedMinutes + reads == 120)
        #expect(connection.statementsPrepared - prepared <= 1)
    }

    @Test("a reminder another process adds is said in its minute though the app read the todos before")
    func anotherProcessAdds() throws {
        let zone = LocalTime.utc
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        let clock = ScenarioClock(Self.wall(9, 0, in: zone).addingTimeInterval(0.25))
        scenario.list.followClock({ clock.time }, in: zone)
        scenario.app.showDueReminders()
        clock.advance(seconds: 60)
        #expect(!scenario.app.showDueReminders())
        let other = try TodoStore(path: scenario.temporary.path)
        try other.add(title: "Theirs", reminders: [.at("2026-03-29T09:02")])
        other.close()
        clock.advance(seconds: 60)
        #expect(scenario.app.showDueReminders())
        #expect(scenario.status.hasPrefix("Reminder: “Theirs” (9:02)"))
    }
}
