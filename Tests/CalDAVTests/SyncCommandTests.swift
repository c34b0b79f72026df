import CalDAV
import Foundation
import Testing
import TickApp
import TickTesting
import TodoStore

/// `tick sync` and `tick sync --status` against a real Radicale, with the config file's sync lines.
@Suite("tick sync", .serialized)
struct SyncCommandTests {
    /// Runs `tick ARGUMENTS` on the store at `database` with `config` as the config file's text.
    static func tick(_ arguments: [String], database: String, config: String, environment: [String: String],
                     localTime: LocalTime = .utc) -> (status: Int32, output: String, errors: String) {
        var output = "", errors = ""
        guard case let .command(command, rest, databasePath) = CommandLineTool.route(["--db", database] + arguments) else {
            return (-1, "", "not a command")
        }
        let context = CommandContext(databasePath: databasePath, environment: environment,
                                     today: Day(Date(), in: localTime), localTime: localTime, write: { output += $0 }, writeError: { errors += $0 })
        context.configuration = Configuration.parse(config, path: "config")
        let status = CommandLineTool.run(command, arguments: rest, context: context)
        return (status, output, errors)
    }

    static func withStorePath(_ body: (String) throws -> Void) throws {
        let scratch = try ScratchFolder("sync-cmd")
        let folder = scratch.url
        try body(folder.appendingPathComponent("tick.db").path)
    }

    @Test("tick sync prints what it did, --status shows the last sync and what waits to go up, and the password never appears")
    func syncAndStatus() throws {
        try withRadicale { server in
            try Self.withStorePath { database in
                let config = "sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\nsync list Private no\n"
                let environment = ["TICK_SYNC_PASSWORD": RadicaleServer.password, "PATH": "/usr/bin:/bin"]
                do {
                    let store = try TodoStore(path: database)
                    _ = try store.add(title: "Pay rent")
                    _ = try store.add(title: "Secret plan", listID: try store.addList(named: "Private").value.id)
                    store.close()
                }
                let synced = Self.tick(["sync"], database: database, config: config, environment: environment)
                #expect(synced.status == 0)
                #expect(synced.output == "↑ 1 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts\n")
                #expect(synced.errors == "")
                do {
                    let store = try TodoStore(path: database)
                    let rent = try #require(try store.flatOrder().first { $0.title == "Pay rent" })
                    _ = try store.update(id: rent.id, title: "Pay the rent")
                    store.close()
                }
                let status = Self.tick(["sync", "--status"], database: database, config: config, environment: environment)
                #expect(status.status == 0)
                let lines = status.output.split(separator: "\n").map(String.init)
                #expect(lines.count == 3)
                #expect(lines.first == "server: \(server.homeURL.absoluteString)")
                #expect(lines[1].hasPrefix("last sync: 20") && lines[1].hasSuffix(": ↑ 1 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts"))
                #expect(lines.last == "waiting to go up: 1 changed, 0 deleted")
                for text in [synced.output, synced.errors, status.output, status.errors] { #expect(!text.contains(RadicaleServer.password)) }
            }
        }
    }

    @Test("tick sync --dry-run counts what would go up and come down, and changes neither the store nor the server")
    func dryRun() throws {
        try withRadicale { server in
            try Self.withStorePath { database in
                let other = database + ".other"
                let config = "sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\n"
                let environment = ["TICK_SYNC_PASSWORD": RadicaleServer.password]
                do {
                    let store = try TodoStore(path: database)
                    _ = try store.add(title: "Pay rent")
                    _ = try store.add(title: "Water plants")
                    store.close()
                }
                let before = Self.tick(["sync", "--dry-run"], database: database, config: config, environment: environment)
                #expect(before.status == 0)
                #expect(before.output == "dry run, nothing changed: ↑ 2 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted\n")
                #expect(Self.tick(["sync"], database: database, config: config, environment: environment).status == 0)
                #expect(Self.tick(["sync"], database: other, config: config, environment: environment).status == 0)
                do {
                    let store = try TodoStore(path: other)
                    _ = try store.add(title: "Call Mom")
                    let rent = try #require(try store.flatOrder().first { $0.title == "Pay rent" })
                    _ = try store.update(id: rent.id, title: "Pay the rent")
                    store.close()
                }
                #expect(Self.tick(["sync"], database: other, config: config, environment: environment).status == 0)
                do {
                    let store = try TodoStore(path: database)
                    let plants = try #require(try store.flatOrder().first { $0.title == "Water plants" })
                    _ = try store.delete(ids: [plants.id])
                    store.close()
                }
                let preview = Self.tick(["sync", "--dry-run"], database: database, config: config, environment: environment)
                #expect(preview.output == "dry run, nothing changed: ↑ 0 changed, 1 deleted · ↓ 1 new, 1 changed, 0 deleted\n")
                // Nothing was changed: the same question gets the same answer, and the real sync does it all.
                #expect(Self.tick(["sync", "--dry-run"], database: database, config: config, environment: environment).output == preview.output)
                #expect(Self.tick(["sync"], database: database, config: config, environment: environment).output
                    == "↑ 0 changed, 1 deleted · ↓ 1 new, 1 changed, 0 deleted · 0 conflicts\n")
            }
        }
    }

    @Test("a wrong password fails with a clear message and exit status 1, without repeating it; sync without a url says how to configure it")
    func failures() throws {
        try withRadicale { server in
            try Self.withStorePath { database in
                let config = "sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\n"
                let wrong = Self.tick(["sync"], database: database, config: config, environment: ["TICK_SYNC_PASSWORD": "not-the-Pa55word"])
                #expect(wrong.status == 1)
                #expect(wrong.output == "")
                #expect(wrong.errors == "tick sync: The server refused the user name or password (401). What was synced before the failure is kept; tick sync goes on from there.\n")
                #expect(!wrong.errors.contains("not-the-Pa55word"))
                let unconfigured = Self.tick(["sync"], database: database, config: "", environment: [:])
                #expect(unconfigured.status == 1)
                #expect(unconfigured.errors == "tick sync: sync is not configured: add a line like sync url https://dav.example.com/calendars/me/ to the config file\n")
            }
        }
    }
}
