import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

/// Issue 27: "today", "late" and the agenda's groups and midnight follow the user's zone, not UTC's
/// day. The app reads an instant in a zone (`followClock(_:in:)`), as it reads the real clock in
/// the process's zone; these zones' days differ from UTC's at every hour (Kiritimati +14, Honolulu
/// −10), and the daylight-saving zones are tried on their switch days.
@Suite("Local time in the app")
struct LocalTimeScenarioTests {
    /// A zone and a day `D` in it.
    struct ZoneDay: Sendable, CustomTestStringConvertible {
        var zone: String
        var day: String
        var testDescription: String { "\(zone) on \(day)" }

        var localTime: LocalTime { LocalTime(tz: zone) }
        var dayNumber: Int { Day(iso: day)!.ordinal }

        /// The instant of `clock` (`HH:MM`) on `D` plus `days`, in this zone, as glibc's `date`
        /// reads it (an oracle that does not ask `LocalTime`).
        func instant(_ clock: String, days: Int = 0) throws -> Date {
            try GlibcDate.instant(Day(ordinal: dayNumber + days).iso + " " + clock, in: zone)
        }
    }

    static let zoneDays = [
        ZoneDay(zone: "Pacific/Kiritimati", day: "2026-12-02"),
        ZoneDay(zone: "Pacific/Honolulu", day: "2026-12-01"),
        ZoneDay(zone: "UTC", day: "2026-12-01"),
        ZoneDay(zone: "JST-9", day: "2026-12-02"),
        ZoneDay(zone: "America/New_York", day: "2026-03-07"),  // the next midnight starts the day the clocks go forward
        ZoneDay(zone: "America/New_York", day: "2026-03-08"),  // 23 hours long
        ZoneDay(zone: "Europe/Berlin", day: "2026-03-29"),
        ZoneDay(zone: "Europe/Berlin", day: "2026-10-25"),     // 25 hours long
    ]

    /// A scenario whose clock is `now` in `zoneDay`'s zone, with todos due on D (a bare day, 09:00,
    /// 23:58) and D + 1.
    private func scenario(_ zoneDay: ZoneDay, now: @escaping () -> Date) throws -> Scenario {
        let scenario = try Scenario([], size: Size(width: 40, height: 12))
        let tomorrow = Day(ordinal: zoneDay.dayNumber + 1).iso
        try scenario.store.add(title: "Rent", due: zoneDay.day)
        try scenario.store.add(title: "Standup", due: zoneDay.day + "T09:00")
        try scenario.store.add(title: "Late call", due: zoneDay.day + "T23:58")
        try scenario.store.add(title: "Ship", due: tomorrow)
        scenario.list.followClock(now, in: zoneDay.localTime)
        scenario.list.reloadFromStore()
        return scenario
    }

    /// The group rules of the agenda on screen.
    private func groups(_ scenario: Scenario) -> [String] {
        scenario.screen.filter { $0.hasPrefix("Overdue") || $0.hasPrefix("Today") || $0.hasPrefix("Tomorrow") || $0.hasPrefix("Next") }
    }

    @Test("At local 23:59 the agenda's Today is the zone's day; at local 00:00 it moves on, and today's todos are overdue", arguments: zoneDays)
    func agendaAtLocalMidnight(zoneDay: ZoneDay) throws {
        var now = try zoneDay.instant("23:59")
        let scenario = try scenario(zoneDay) { now }
        try scenario.type("A")
        #expect(groups(scenario) == [rule("Overdue · nothing"), rule("Today · 3"), rule("Tomorrow · 1"), rule("Next 7 days · nothing")])
        now = try zoneDay.instant("00:00", days: 1)
        #expect(try now.timeIntervalSince(zoneDay.instant("23:59")) == 60, "one minute later")
        #expect(scenario.app.showExternalChanges())
        #expect(groups(scenario) == [rule("Overdue · 3"), rule("Today · 1"), rule("Tomorrow · nothing"), rule("Next 7 days · nothing")])
    }

    @Test("A todo due at 9:00 turns late at local 9:01, and one due 23:58 at 23:59, not by UTC's clock", arguments: zoneDays)
    func lateAtLocalTimes(zoneDay: ZoneDay) throws {
        var now = try zoneDay.instant("09:00")
        let scenario = try scenario(zoneDay) { now }
        _ = scenario.app.renderScreen()
        let theme = Theme.standard
        func style(_ title: String) throws -> Style? {
            let line = try #require(scenario.line(containing: title))
            return scenario.style(of: "today", onLine: line)
        }
        #expect(try style("Standup") == theme.dueToday)
        now = try zoneDay.instant("09:01")
        scenario.app.showClockChange()
        _ = scenario.app.renderScreen()
        #expect(try style("Standup") == theme.overdue)
        #expect(try style("Late call") == theme.dueToday)
        now = try zoneDay.instant("23:59")
        scenario.app.showClockChange()
        _ = scenario.app.renderScreen()
        #expect(try style("Late call") == theme.overdue)
    }

    @Test("@today typed at local 00:00, 13:06 and 23:59 is the zone's day", arguments: zoneDays)
    func atToday(zoneDay: ZoneDay) throws {
        for clock in ["00:00", "13:06", "23:59"] {
            let scenario = try Scenario([], size: Size(width: 40, height: 6))
            let instant = try zoneDay.instant(clock)
            scenario.list.followClock({ instant }, in: zoneDay.localTime)
            try scenario.type("ay @today<Enter>")
            #expect(try scenario.store.item(id: scenario.id(of: "y"))?.due == zoneDay.day, "\(clock)")
        }
    }

    @Test("The details show when a todo was created and done in the zone's wall-clock time", arguments: [
        ("Pacific/Kiritimati", "2026-11-27 23:0"), ("Pacific/Honolulu", "2026-11-26 23:0"), ("UTC", "2026-11-27 09:0"),
        ("JST-9", "2026-11-27 18:0"),
    ])
    func detailsTimes(zone: String, prefix: String) throws {
        // The scenario clock reads 2026-11-27 09:00 UTC and on, a minute a reading.
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 14))
        scenario.list.followClock({ TickingClock.start }, in: LocalTime(tz: zone))
        try scenario.type("x<Enter>")
        let created = try #require(scenario.screen.first { $0.hasPrefix("Created") })
        let completed = try #require(scenario.screen.first { $0.hasPrefix("Completed") })
        #expect(created.hasPrefix("Created    " + prefix), "\(created)")
        #expect(completed.hasPrefix("Completed  " + prefix), "\(completed)")
    }

    @Test("A due time at 02:30 on the day the clocks skip it is not late at 01:59 and late a minute later, at 03:00", arguments: [
        ZoneDay(zone: "America/New_York", day: "2026-03-08"), ZoneDay(zone: "Europe/Berlin", day: "2026-03-29"),
        ZoneDay(zone: "<-05>5<-04>,M3.2.0,M11.1.0", day: "2026-03-08"),
    ])
    func skippedDueTime(zoneDay: ZoneDay) throws {
        var now = try zoneDay.instant("01:59")
        let scenario = try Scenario([], size: Size(width: 40, height: 6))
        try scenario.store.add(title: "Backup", due: zoneDay.day + "T02:30")
        scenario.list.followClock({ now }, in: zoneDay.localTime)
        scenario.list.reloadFromStore()
        _ = scenario.app.renderScreen()
        let line = try #require(scenario.line(containing: "Backup"))
        // The selected row adds its own attributes: the colour tells late from due today.
        #expect(scenario.style(of: "today 2:30", onLine: line)?.foreground == Theme.standard.dueToday.foreground)
        now = now.addingTimeInterval(60)
        #expect(zoneDay.localTime.minutesOfDay(at: now) == 180, "the clocks jump from 01:59 to 03:00")
        scenario.app.showClockChange()
        _ = scenario.app.renderScreen()
        #expect(scenario.style(of: "today 2:30", onLine: line)?.foreground == Theme.standard.overdue.foreground)
    }
}
