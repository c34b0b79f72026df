import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 31 part 3 on the command line: `@remind` and `--remind` on `tick add` and `tick edit`,
/// the reminders in `tick show`, and `tick remind`'s lines and exit statuses (0 some due, 1 none,
/// 2 an error), in zones whose days differ from UTC's.
@Suite("Command line: reminders")
struct CommandLineReminderTests {
    /// A context reading the clock at `wall` (a `YYYY-MM-DDTHH:MM` wall time, plus `second`) in `zone`.
    static func at(_ wall: String, second: Int = 0, in zone: LocalTime) -> (CommandContext) -> Void {
        let instant = Reminder.at(wall).time(due: nil, in: zone)!.addingTimeInterval(Double(second))
        return { context in
            context.localTime = zone
            context.clock = { instant }
        }
    }

    @Test("add takes @remind and --remind; show lists them with when they come due; edit --remind replaces them and --remind none removes them")
    func addShowEdit() throws {
        let tick = try CommandHarness()
        let utc = Self.at("2026-12-04T08:00", in: .utc)
        #expect(tick.run(["add", "Dentist @2026-12-04T09:00 @remind 15m before", "--remind", "2026-12-04T07:30"], prepare: utc).status == 0)
        let shown = tick.run(["show", "1"], prepare: utc).output
        #expect(shown.contains("reminders 15m before due (2026-12-04 08:45), 2026-12-04 07:30\n"))
        #expect(tick.run(["edit", "1", "--remind", "1h before"], prepare: utc).status == 0)
        #expect(tick.run(["show", "1"], prepare: utc).output.contains("reminders 1h before due (2026-12-04 08:00)\n"))
        #expect(tick.run(["edit", "1", "--remind", "none"], prepare: utc).status == 0)
        #expect(tick.run(["show", "1"], prepare: utc).output.contains("reminders none\n"))
        #expect(try tick.withStore { store in try store.item(id: 1)?.reminders } == [])
    }

    @Test("a --remind Tick cannot read is a usage error (status 2) that changes nothing", arguments: ["soon", "15m", "fri", "15x before", "\u{1B}[31m"])
    func unreadable(_ word: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Dentist", "--remind", "1h before"])
        let outcome = tick.run(["edit", "1", "--remind", word])
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("tick edit: cannot read the reminder"))
        #expect(!outcome.errors.contains("\u{1B}"))
        #expect(try tick.withStore { store in try store.item(id: 1)?.reminders } == [.beforeDue(minutes: 60)])
    }

    @Test("tick remind prints the reminders coming due this minute and exits 0; none due exits 1 with nothing printed",
          arguments: ["Pacific/Kiritimati", "Pacific/Honolulu", "Europe/Berlin"])
    func remindThisMinute(_ zoneName: String) throws {
        let zone = try #require(LocalTime(zoneNamed: zoneName))
        let tick = try CommandHarness()
        tick.run(["add", "Dentist @2026-12-04T09:00 @remind 15m before"])
        tick.run(["add", "Call \u{1B}]0;pwned\u{07}Mom @remind 2026-12-04T08:46"])
        let due = tick.run(["remind"], prepare: Self.at("2026-12-04T08:45", second: 40, in: zone))
        #expect(due.status == 0)
        #expect(due.output == "1  2026-12-04 08:45  Dentist\n")
        let none = tick.run(["remind"], prepare: Self.at("2026-12-04T08:44", second: 59, in: zone))
        #expect(none.status == 1 && none.output.isEmpty && none.errors.isEmpty)
        let within = tick.run(["remind", "--within", "15m"], prepare: Self.at("2026-12-04T08:40", second: 5, in: zone))
        #expect(within.status == 0)
        #expect(within.output == "1  2026-12-04 08:45  Dentist\n2  2026-12-04 08:46  Call ␛]0;pwned␇Mom\n")
    }

    @Test("tick remind a fraction of a second into the minute, as the timer starts it, prints that minute's reminders",
          arguments: ["Pacific/Kiritimati", "Pacific/Honolulu"])
    func remindJustAfterTheMinute(_ zoneName: String) throws {
        let zone = try #require(LocalTime(zoneNamed: zoneName))
        let tick = try CommandHarness()
        tick.run(["add", "Dentist @2026-12-04T09:00 @remind 15m before"])
        for fraction in [0.004, 0.5, 59.75] {
            let instant = Reminder.at("2026-12-04T08:45").time(due: nil, in: zone)!.addingTimeInterval(fraction)
            let due = tick.run(["remind"], prepare: { context in
                context.localTime = zone
                context.clock = { instant }
            })
            #expect(due.status == 0 && due.output == "1  2026-12-04 08:45  Dentist\n", "at 08:45 + \(fraction) s")
        }
    }

    @Test("a reminder on Berlin's spring-forward day comes due at the instant its wall time names")
    func daylightSaving() throws {
        let zone = try #require(LocalTime(zoneNamed: "Europe/Berlin"))
        let tick = try CommandHarness()
        tick.run(["add", "Early train @2026-03-29T03:30 @remind 2h before"])
        // 03:30 CEST is 01:30 UTC; two hours before is 23:30 UTC, 00:30 CET on the 29th.
        let due = tick.run(["remind"], prepare: Self.at("2026-03-29T00:30", in: zone))
        #expect(due.status == 0 && due.output == "1  2026-03-29 00:30  Early train\n")
        #expect(tick.run(["remind"], prepare: Self.at("2026-03-29T01:30", in: zone)).status == 1)
    }

    @Test("tick remind --json prints one object per reminder")
    func json() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Dentist @2026-12-04T09:00 @remind 15m before"])
        let outcome = tick.run(["remind", "--json"], prepare: Self.at("2026-12-04T08:45", in: .utc))
        #expect(outcome.status == 0)
        #expect(outcome.output == "{\"id\": 1, \"time\": \"2026-12-04T08:45\", \"reminder\": \"due-15\", \"title\": \"Dentist\", \"due\": \"2026-12-04T09:00\"}\n")
    }

    @Test("tick remind exits 2 on a usage mistake and on a store it cannot read, never 1 (\"none due\")")
    func errors() throws {
        let tick = try CommandHarness()
        let bad = tick.run(["remind", "--within", "soon"])
        #expect(bad.status == 2 && bad.errors.contains("cannot read --within"))
        let garbage = tick.file("garbage.db")
        #expect(FileManager.default.createFile(atPath: garbage, contents: Data("not a database at all, not at all".utf8)))
        let unreadable = tick.run(["remind", "--db", garbage])
        #expect(unreadable.status == 2 && unreadable.errors.hasPrefix("tick remind: "))
    }

    @Test("tick remind exits 2 when the reminders due cannot be written (a full disk), never 1 (\"none due\")",
          arguments: [false, true])
    func outputFails(json: Bool) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Dentist @2026-12-04T09:00 @remind 15m before"])
        let at = Self.at("2026-12-04T08:45", in: .utc)
        let outcome = tick.run(["remind"] + (json ? ["--json"] : [])) { context in
            at(context)
            context.write = { _ in throw WriteFailure(number: ENOSPC) }
        }
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("cannot write to standard output: No space left on device"))
    }
}
