import Foundation
import Testing

/// Issue 27: the built binary counts its days in the user's zone, from `TZ` in every form or, without
/// it, from `/etc/localtime`, whether a link or a copied file. `faketime` runs it at a chosen local
/// time (it reads the time it is given in the same zone); a private mount namespace gives it another
/// `/etc` without touching the machine's.
@Suite("Local time of the binary")
struct LocalTimeEndToEndTests {
    static let faketime = "/usr/bin/faketime"

    typealias Outcome = CommandLineTests.Outcome

    /// Runs `command` (its first word a program's path) with `input` on standard input, the user's
    /// config file out of the way.
    static func run(_ command: [String], input: String = "") throws -> Outcome {
        try #require(FileManager.default.isExecutableFile(atPath: TickEndToEndTests.binary), "build first: swift build (make test does)")
        try #require(FileManager.default.isExecutableFile(atPath: faketime), "faketime is missing: make test installs it (Debian package faketime)")
        return try CommandLineTests.run(Array(command.dropFirst()), input: input, executable: command[0])
    }

    /// `tick` with `arguments` on `database`, at `local` (`2026-12-02 13:06`) in `tz` (nil: TZ unset).
    static func tick(_ arguments: [String], tz: String?, at local: String, database: String, input: String = "") throws -> Outcome {
        try run(["/usr/bin/env"] + (tz.map { ["TZ=\($0)"] } ?? ["-u", "TZ"]) + Self.clockedTick(at: local, database: database) + arguments,
                input: input)
    }

    /// `faketime` running the binary at `local`, with the real monotonic clock.
    static func clockedTick(at local: String, database: String) -> [String] {
        ["FAKETIME_DONT_FAKE_MONOTONIC=1", faketime, local + ":00", TickEndToEndTests.binary, "--db", database]
    }

    /// A scratch folder for a store, removed by `body`'s end.
    static func withDatabase<T>(_ body: (String) throws -> T) throws -> T {
        let scratch = try ScratchFolder("tz")
        let folder = scratch.url
        return try body(folder.appendingPathComponent("tick.db").path)
    }

    @Test("@today is the zone's day: 13:06 on 2 December in Kiritimati, 08:00 in Tokyo by name, :name and POSIX string, 00:30 in Berlin, 20:00 on 1 December in Honolulu", arguments: [
        ("Pacific/Kiritimati", "2026-12-02 13:06", "2026-12-02"),
        ("Asia/Tokyo", "2026-12-02 08:00", "2026-12-02"),
        (":Asia/Tokyo", "2026-12-02 08:00", "2026-12-02"),
        ("JST-9", "2026-12-02 08:00", "2026-12-02"),
        ("Europe/Berlin", "2026-12-02 00:30", "2026-12-02"),
        ("Pacific/Honolulu", "2026-12-01 20:00", "2026-12-01"),
        ("UTC", "2026-12-01 23:59", "2026-12-01"),
    ])
    func atToday(tz: String, local: String, day: String) throws {
        try Self.withDatabase { database in
            let added = try Self.tick(["add", "y @today"], tz: tz, at: local, database: database)
            #expect(added.status == 0, "\(added.errors)")
            #expect(added.output == "Added 1 to Inbox: y (due \(day))\n")
            let listed = try Self.tick(["ls", "--due", "today"], tz: tz, at: local, database: database)
            #expect(listed.output.contains("y"), "--due today lists it: \(listed.output)")
            let overdue = try Self.tick(["ls", "--due", "overdue"], tz: tz, at: local, database: database)
            #expect(!overdue.output.contains("y"), "not overdue: \(overdue.output)")
        }
    }

    @Test("--agenda and --due today at local 23:59 and then 00:00, on ordinary days and daylight-saving switch days", arguments: [
        ("Pacific/Kiritimati", "2026-12-02", "2026-12-03"), ("Pacific/Honolulu", "2026-12-01", "2026-12-02"),
        ("JST-9", "2026-12-02", "2026-12-03"), ("America/New_York", "2026-03-08", "2026-03-09"),
        ("America/New_York", "2026-03-07", "2026-03-08"), ("Europe/Berlin", "2026-10-25", "2026-10-26"),
    ])
    func agendaAtLocalMidnight(tz: String, day: String, next: String) throws {
        try Self.withDatabase { database in
            for title in ["Rent @\(day)", "Standup @\(day) 09:00", "Ship @\(next)"] {
                #expect(try Self.tick(["add", title], tz: tz, at: "\(day) 12:00", database: database).status == 0)
            }
            let before = try Self.tick(["ls", "--agenda"], tz: tz, at: "\(day) 23:59", database: database)
            #expect(before.output.split(separator: "\n").filter { !$0.contains("[ ]") } == ["Today", "Tomorrow"], "\(before.output)")
            #expect(before.output.components(separatedBy: "Tomorrow")[0].contains("Standup"))
            let after = try Self.tick(["ls", "--agenda"], tz: tz, at: "\(next) 00:00", database: database)
            #expect(after.output.split(separator: "\n").filter { !$0.contains("[ ]") } == ["Overdue", "Today"], "\(after.output)")
            let today = try Self.tick(["ls", "--due", "today"], tz: tz, at: "\(next) 00:00", database: database)
            #expect(today.output.contains("Ship") && !today.output.contains("Rent"), "\(today.output)")
        }
    }

    @Test("A todo repeating from completion, done at local 23:59, comes back the next local day; done at 00:00, the day after", arguments: [
        "Pacific/Kiritimati", "Pacific/Honolulu", ":Asia/Tokyo", "America/New_York",
    ])
    func recurringNearMidnight(tz: String) throws {
        try Self.withDatabase { database in
            #expect(try Self.tick(["add", "Stretch @every! day"], tz: tz, at: "2026-03-07 12:00", database: database).status == 0)
            let late = try Self.tick(["done", "1"], tz: tz, at: "2026-03-07 23:59", database: database)
            #expect(late.output.contains("Next 2: Stretch (due 2026-03-08,"), "\(late.output)")
            let early = try Self.tick(["done", "2"], tz: tz, at: "2026-03-08 00:00", database: database)
            #expect(early.output.contains("Next 3: Stretch (due 2026-03-09,"), "\(early.output)")
        }
    }

    @Test("todo.txt relative due days are read as of the zone's day", arguments: [
        ("Pacific/Kiritimati", "2026-12-02 13:06", "2026-12-02", "2026-12-03"),
        ("Pacific/Honolulu", "2026-12-01 20:00", "2026-12-01", "2026-12-02"),
    ])
    func todoTxtRelativeDays(tz: String, local: String, day: String, next: String) throws {
        try Self.withDatabase { database in
            let imported = try Self.tick(["import", "--format", "todotxt", "-"], tz: tz, at: local, database: database,
                                         input: "Call due:tod\nPay due:tom\n")
            #expect(imported.status == 0, "\(imported.errors)")
            #expect((imported.output + imported.errors).contains("read as of \(day)"), "\(imported.output)\(imported.errors)")
            let listed = try Self.tick(["ls", "--json"], tz: tz, at: local, database: database)
            #expect(listed.output.contains("\"due\": \"\(day)\"") && listed.output.contains("\"due\": \"\(next)\""), "\(listed.output)")
        }
    }

    @Test("iCalendar DUE: by zone name (TZ=:Asia/Tokyo, Kiritimati), in UTC for a zone without one (JST-9), and back to the same wall time", arguments: [
        (":Asia/Tokyo", "2026-12-24T18:30", "DUE;TZID=Asia/Tokyo:20261224T183000", "2026-12-24T09:30"),
        ("Pacific/Kiritimati", "2026-12-02T13:06", "DUE;TZID=Pacific/Kiritimati:20261202T130600", "2026-12-01T23:06"),
        ("JST-9", "2026-12-24T18:30", "DUE:20261224T093000Z", "2026-12-24T09:30"),
        ("America/New_York", "2026-03-08T02:30", "DUE;TZID=America/New_York:20260308T023000", "2026-03-08T07:30"),
    ])
    func iCalendarDue(tz: String, due: String, line: String, utc: String) throws {
        try Self.withDatabase { database in
            #expect(try Self.tick(["add", "--due", due, "Call"], tz: tz, at: "2026-12-01 12:00", database: database).status == 0)
            let exported = try Self.tick(["export", "--format", "ics"], tz: tz, at: "2026-12-01 12:00", database: database)
            #expect(exported.output.contains(line + "\r\n"), "\(exported.output)")
            for (zone, expected) in [(tz, due), ("UTC", utc)] {
                let copy = database + "-\(zone.hashValue)"
                let imported = try Self.tick(["import", "--format", "ics", "-"], tz: zone, at: "2026-12-01 12:00", database: copy,
                                             input: exported.output)
                #expect(imported.status == 0, "\(imported.errors)")
                let listed = try Self.tick(["ls", "--json"], tz: zone, at: "2026-12-01 12:00", database: copy)
                #expect(listed.output.contains("\"due\": \"\(expected)\""), "\(zone): \(listed.output)")
            }
        }
    }

    // MARK: - /etc/localtime alone

    /// Whether this process may make a private mount namespace and bind-mount in it (root here).
    static let canMountPrivately: Bool = {
        guard let outcome = try? CommandLineTests.run(["-m", "sh", "-c", "mount --bind /tmp /tmp"], executable: "/usr/bin/unshare")
        else { return false }
        return outcome.status == 0
    }()

    /// A copy of `/etc` whose `localtime` is `zone`, as a link or a copied file (its `timezone` still
    /// names the machine's zone, as in a container that copied only `localtime`).
    static func scratchEtc(zone: String, copied: Bool) throws -> URL {
        let etc = FileManager.default.temporaryDirectory.appendingPathComponent("tick-etc-\(UUID().uuidString)")
        let copy = try CommandLineTests.run(["-a", "/etc", etc.path], executable: "/bin/cp")
        try #require(copy.status == 0, "cp -a /etc: \(copy.errors)")
        let localtime = etc.appendingPathComponent("localtime").path
        try? FileManager.default.removeItem(atPath: localtime)
        if copied {
            try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/" + zone, toPath: localtime)
        } else {
            try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: "/usr/share/zoneinfo/" + zone)
        }
        return etc
    }

    @Test("Without TZ, /etc/localtime (a link, or a copied file) gives the day and the zone's name for iCalendar",
          .enabled(if: canMountPrivately, "needs a private mount namespace (unshare -m) and mount --bind, which this machine does not permit"),
          arguments: [false, true])
    func etcLocaltimeOnly(copied: Bool) throws {
        let etc = try Self.scratchEtc(zone: "Pacific/Kiritimati", copied: copied)
        defer { try? FileManager.default.removeItem(at: etc) }
        try Self.withDatabase { database in
            func tick(_ arguments: [String]) throws -> Outcome {
                // /etc of the new namespace only: the machine's stays as it is.
                try Self.run(["/usr/bin/unshare", "-m", "sh", "-c", "mount --bind \"$0\" /etc && exec \"$@\"", etc.path,
                              "/usr/bin/env", "-u", "TZ"] + Self.clockedTick(at: "2026-12-02 13:06", database: database) + arguments)
            }
            let added = try tick(["add", "y @today 18:00"])
            #expect(added.status == 0, "\(added.errors)")
            #expect(added.output == "Added 1 to Inbox: y (due 2026-12-02 18:00)\n")
            let exported = try tick(["export", "--format", "ics"])
            #expect(exported.output.contains("DUE;TZID=Pacific/Kiritimati:20261202T180000\r\n"), "\(exported.output)")
        }
    }
}
