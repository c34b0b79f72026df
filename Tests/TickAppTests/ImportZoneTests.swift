import Foundation
import Testing
@testable import TickApp
import TodoStore

/// `tick import` and `tick export` turn times into days in the zone the command was given
/// (`CommandContext.localTime`), never the process's: each test runs the same file in two zones
/// whose days differ from UTC's (and from each other's) at every hour, whatever zone the tests run
/// in (`make test-zone` runs them in Kiritimati).
@Suite("Import and export: days in the command's zone")
struct ImportZoneTests {
    /// UTC−10: 2026-12-03T10:00Z is local midnight of December 3.
    static let honolulu = LocalTime(tz: "Pacific/Honolulu")
    /// UTC+14: 2026-12-03T10:00Z is local midnight of December 4.
    static let kiritimati = LocalTime(tz: "Pacific/Kiritimati")
    /// The two zones with the day 2026-12-03T10:00Z is in each.
    static let zones: [(name: String, instantDay: String)] = [("Pacific/Honolulu", "2026-12-03"), ("Pacific/Kiritimati", "2026-12-04")]

    /// Runs `tick ARGUMENTS` in `zone` (today 2026-11-29 there).
    static func run(_ tick: CommandHarness, _ arguments: [String], in zone: String, input: String = "") -> CommandHarness.Outcome {
        tick.run(arguments, input: input) { $0.localTime = LocalTime(tz: zone) }
    }

    /// The one todo of the store titled `title`.
    static func todo(_ title: String, in tick: CommandHarness) throws -> NewTodo {
        try #require(try tick.withStore { try $0.exportDocument().todos }.first { $0.title == title })
    }

    @Test("taskwarrior: a due at an instant is the day it is in the command's zone; local midnight is a day without a time",
          arguments: zones)
    func taskwarrior(zone: String, instantDay: String) throws {
        let tick = try CommandHarness()
        let file = tick.file("tw.json")
        try #"[{"description":"Pay rent","due":"20261203T100000Z","entry":"20261201T080000Z","status":"pending","uuid":"00000000-0000-4000-8000-000000000001"}]"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = Self.run(tick, ["import", file], in: zone)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(try Self.todo("Pay rent", in: tick).due == instantDay)
    }

    @Test("iCalendar (.ics and a vdir): a UTC due is the command's zone's day and time; a floating due and a date stay as written",
          arguments: zones)
    func calendar(zone: String, instantDay: String) throws {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:test",
                    "BEGIN:VTODO", "UID:a", "SUMMARY:Instant", "DUE:20261203T100000Z", "END:VTODO",
                    "BEGIN:VTODO", "UID:b", "SUMMARY:Floating", "DUE:20261205T093000", "END:VTODO",
                    "BEGIN:VTODO", "UID:c", "SUMMARY:Date", "DUE;VALUE=DATE:20261206", "END:VTODO",
                    "END:VCALENDAR", ""].joined(separator: "\r\n")
        let tick = try CommandHarness()
        let file = tick.file("tasks.ics")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        // The same calendar as a vdir collection: read a file at a time (`CalendarInterop.read`).
        let vdir = tick.file("vdir")
        try FileManager.default.createDirectory(atPath: vdir + "/work", withIntermediateDirectories: true)
        try text.replacingOccurrences(of: "UID:", with: "UID:v").write(toFile: vdir + "/work/all.ics", atomically: true, encoding: .utf8)
        for source in [file, vdir] {
            let outcome = Self.run(tick, ["import", source], in: zone)
            #expect(outcome.status == 0, "\(outcome.errors)")
        }
        for prefix in ["", "v"] {
            func due(_ uid: String) throws -> String? { try tick.withStore { try $0.item(uid: prefix + uid)?.due } }
            #expect(try due("a") == instantDay + "T00:00", "\(prefix)a")
            #expect(try due("b") == "2026-12-05T09:30" && due("c") == "2026-12-06", "\(prefix)b, \(prefix)c")
        }
    }

    @Test("todo.txt: a creation date is the start of that day in the command's zone, and an export there writes it back; a due day stays",
          arguments: zones)
    func todoTxt(zone: String, instantDay: String) throws {
        let tick = try CommandHarness()
        let file = tick.file("todo.txt")
        try "2026-12-03 Buy milk due:2026-12-05\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(Self.run(tick, ["import", file], in: zone).status == 0)
        let milk = try Self.todo("Buy milk", in: tick)
        #expect(milk.due == "2026-12-05")
        let created = try #require(milk.createdAt)
        #expect(LocalTime(tz: zone).day(of: created) == "2026-12-03" && LocalTime(tz: zone).minutesOfDay(at: created) == 0)
        #expect(Self.run(tick, ["export", "--format", "todotxt"], in: zone).output == "2026-12-03 Buy milk due:2026-12-05\n")
        // Honolulu's midnight is Kiritimati's next midnight, and the other way round a day earlier.
        let other = zone == "Pacific/Honolulu" ? ("Pacific/Kiritimati", "2026-12-04") : ("Pacific/Honolulu", "2026-12-02")
        #expect(Self.run(tick, ["export", "--format", "todotxt"], in: other.0).output == "\(other.1) Buy milk due:2026-12-05\n")
    }

    @Test("iCalendar export: a due time is written in the command's zone, by its name", arguments: zones)
    func calendarExport(zone: String, instantDay: String) throws {
        let tick = try CommandHarness()
        #expect(Self.run(tick, ["add", "Call Ann @2026-12-05 9:30am"], in: zone).status == 0)
        #expect(try Self.todo("Call Ann", in: tick).due == "2026-12-05T09:30")
        let exported = Self.run(tick, ["export", "--format", "ics"], in: zone).output
        #expect(exported.contains("DUE;TZID=\(zone):20261205T093000\r\n"), "\(exported)")
    }
}
