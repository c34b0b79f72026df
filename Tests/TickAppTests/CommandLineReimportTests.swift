import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30's "a second import of the same export changes nothing", for each of Tick's own export
/// formats, with todos that have every field (a due time, a rule, a flag, notes, tags, done).
@Suite("Command line: importing an export back changes nothing")
struct CommandLineReimportTests {
    /// A store with a todo of each kind.
    static func filled() throws -> CommandHarness {
        let tick = try CommandHarness()
        tick.run(["add", "--due", "2026-12-24T18:30", "Carols #music !!!"])
        tick.run(["add", "--list", "Work", "Standup @every mon"])
        tick.run(["add", "Buy milk #home"])
        tick.run(["edit", "3", "--notes", "oat\nor soy", "--flag"])
        tick.run(["add", "--list", "Work", "Ship release"])
        tick.run(["done", "4"])
        return tick
    }

    @Test("Tick's JSON, iCalendar and todo.txt exports imported back add nothing, write nothing and make no undo step", arguments: [
        ("json", "4 todos already there under the same UID were unchanged"),
        ("ics", "4 todos already there under the same UID were unchanged"),
        ("todotxt", "skipped 4 todos that looked like duplicates of todos already there (--allow-duplicates adds them)"),
    ])
    func exportBack(format: String, says: String) throws {
        let tick = try Self.filled()
        let file = tick.file("backup.\(format)")
        #expect(tick.run(["export", "--format", format, file]).status == 0)
        let before = tick.output("export", "--format", "json")
        let again = tick.run(["import", file])
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output == "Imported 0 todos (0 done) into 0 lists from \(file); \(says)\n")
        #expect(tick.output("export", "--format", "json") == before)
        // The last step is still the one before the import (done), not an import.
        let last = try tick.withStore { try $0.undo().value?.description }
        #expect(last?.hasPrefix("import") == false, "\(last ?? "no step")")
    }

    /// A calendar with one todo another client marked done without COMPLETED (Tick infers the time
    /// from LAST-MODIFIED), titled `title`, last modified at `modified`, with `extra` lines.
    static func doneElsewhere(_ title: String, modified: String, extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other client//EN", "BEGIN:VTODO", "UID:done-elsewhere",
          "CREATED:20261120T080000Z", "LAST-MODIFIED:\(modified)", "DTSTAMP:\(modified)", "SUMMARY:\(title)", "STATUS:COMPLETED"]
         + extra + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    @Test("a changed calendar imported again keeps the completion time Tick inferred for a todo done there without COMPLETED, as a sync does; a real COMPLETED or a cancel there is taken")
    func inferredCompletionTimeStays() throws {
        let tick = try CommandHarness()
        let file = tick.file("tasks.ics")
        func importing(_ text: String) throws -> TodoItem {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let result = tick.run(["import", file])
            #expect(result.status == 0, "\(result.errors)")
            return try #require(try tick.withStore { try $0.item(uid: "done-elsewhere") })
        }
        let inferred = Date(timeIntervalSince1970: 1_796_029_200)  // 2026-11-30 09:00 UTC, the first LAST-MODIFIED
        #expect(try importing(Self.doneElsewhere("Sort the receipts", modified: "20261130T090000Z")).completedAt == inferred)
        // Renamed there: a new LAST-MODIFIED, still no COMPLETED. It was done on 30 November, not when renamed.
        let renamed = try importing(Self.doneElsewhere("Sort the old receipts", modified: "20261202T100000Z"))
        #expect(renamed.title == "Sort the old receipts" && renamed.completedAt == inferred)
        // A real COMPLETED there: its time is taken.
        let completed = try importing(Self.doneElsewhere("Sort the old receipts", modified: "20261203T020000Z",
                                                         extra: ["COMPLETED:20261201T120000Z"]))
        #expect(completed.completedAt == Date(timeIntervalSince1970: 1_796_126_400))  // 2026-12-01 12:00 UTC
        // Cancelled there without COMPLETED: finished another way, so its own time.
        let cancelled = try importing(Self.doneElsewhere("Sort the old receipts", modified: "20261203T030000Z")
            .replacingOccurrences(of: "STATUS:COMPLETED", with: "STATUS:CANCELLED"))
        #expect(cancelled.status == .cancelled && cancelled.completedAt == Date(timeIntervalSince1970: 1_796_266_800))  // 2026-12-03 03:00 UTC
    }

    @Test("a todo.txt imported again, later and in another zone, changes no completion time: a done line without a date stays done as of its first import",
          arguments: ["Pacific/Kiritimati", "Pacific/Honolulu"])
    func todoTxtCompletionTimesStay(zoneName: String) throws {
        let zone = try #require(LocalTime(zoneNamed: zoneName))
        let tick = try CommandHarness()
        let file = tick.file("todo.txt")
        try "x Sort the receipts\nx 2026-11-20 2026-11-01 Pay rent +Work\nx 2026-11-21 Water plants id:1\nx Repot p:1\n(A) Call Mom\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        func importing(_ path: String, in zone: LocalTime) -> CommandHarness.Outcome {
            tick.run(["import", path], prepare: { $0.localTime = zone })
        }
        let start = Date()
        #expect(importing(file, in: zone).status == 0)
        let end = Date()
        let done = try tick.withStore { store in try store.flatOrder().filter(\.isDone) }
        let times = Dictionary(uniqueKeysWithValues: done.map { ($0.title, $0.completedAt) })
        // Without a date, done as of the import; with one, as of that day's start in the zone of the import.
        for title in ["Sort the receipts", "Repot"] {
            let time = try #require(times[title] ?? nil)
            #expect(time >= start.addingTimeInterval(-0.001) && time <= end, "\(title)")
        }
        let rent = try #require(times["Pay rent"] ?? nil)
        #expect(zone.day(of: rent) == "2026-11-20" && zone.minutesOfDay(at: rent) == 0)
        let before = tick.output("export", "--format", "json")
        // Again (a moment later, so a new "now" would show), here and in UTC; then Tick's own todo.txt export of it, imported back.
        for again in [zone, LocalTime.utc] {
            Thread.sleep(forTimeInterval: 0.01)
            let outcome = importing(file, in: again)
            #expect(outcome.status == 0 && outcome.output.hasPrefix("Imported 0 todos"), "\(outcome.output)\(outcome.errors)")
            #expect(tick.output("export", "--format", "json") == before)
        }
        let exported = tick.file("exported.txt")
        #expect(tick.run(["export", "--format", "todotxt", exported]).status == 0)
        #expect(try String(contentsOfFile: exported, encoding: .utf8).split(separator: "\n").contains("x Sort the receipts"))
        #expect(importing(exported, in: zone).status == 0)
        #expect(tick.output("export", "--format", "json") == before)
    }
}
