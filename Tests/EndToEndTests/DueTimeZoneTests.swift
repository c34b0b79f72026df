import Foundation
import Testing

/// Issue 19: a due time is floating wall-clock time, so the built binary gives the same answers in
/// every time zone, across a daylight-saving change too.
@Suite("Due times in any time zone")
struct DueTimeZoneTests {
    @Test("A daily todo due at 9:00 the day before the clocks change comes back at 9:00, whatever TZ says", arguments: [
        ("America/New_York", "2026-03-07T09:00", "2026-03-08T09:00"),  // clocks go forward on 2026-03-08
        ("Europe/Berlin", "2026-03-28T09:00", "2026-03-29T09:00"),     // and on 2026-03-29 here
        ("Europe/Berlin", "2026-10-24T02:30", "2026-10-25T02:30"),     // 02:30 happens twice on 2026-10-25
        ("Pacific/Auckland", "2026-04-04T09:00", "2026-04-05T09:00"),  // clocks go back on 2026-04-05
    ])
    func floatingAcrossDaylightSaving(zone: String, due: String, next: String) throws {
        let database = CommandLineTests.scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let environment = ["TZ": zone]
        let added = try CommandLineTests.run(["--db", database, "add", "--due", due, "--every", "day", "Standup"], environment: environment)
        #expect(added.status == 0, "\(added.errors)")
        let done = try CommandLineTests.run(["--db", database, "done", "1"], environment: environment)
        #expect(done.status == 0, "\(done.errors)")
        #expect(done.output.contains("due \(next.replacingOccurrences(of: "T", with: " "))"), "\(done.output)")
        let listed = try CommandLineTests.run(["--db", database, "ls", "--json"], environment: ["TZ": "UTC"])
        #expect(listed.output.contains("\"due\": \"\(next)\""), "\(listed.output)")
    }

    @Test("A key script piped to the binary adds “buy milk @today 18:00” and the due column shows the time")
    func keyScriptShowsTheTime() throws {
        let database = CommandLineTests.scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let outcome = try CommandLineTests.run(["--db", database, "--size", "40x4"],
                                               input: "<Today 2026-11-27 10:00>abuy milk @today 18:00<Enter>", environment: ["TZ": "Asia/Tokyo"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.split(separator: "\n").dropFirst().first == "[ ] buy milk                today 18:00")
        let listed = try CommandLineTests.run(["--db", database, "ls"])
        #expect(listed.output == "1  [ ]  2026-11-27 18:00  Inbox  buy milk\n")
    }
}
