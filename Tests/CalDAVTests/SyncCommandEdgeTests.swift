import CalDAV
import Foundation
import Testing
import TickApp
import TickTesting
import TodoStore

/// The edges of `tick sync` issue 32 found: `--config` as every command takes it, what a refused
/// login without a password says, and the `User-Agent` every request carries.
@Suite("tick sync: options, login messages and User-Agent", .serialized)
struct SyncCommandEdgeTests {
    @Test("tick sync --config PATH reads that file, after the command or before it, and every request says User-Agent: tick/VERSION")
    func configOptionAndUserAgent() throws {
        try withHostileServer(collections: ["/dav/home/": "Home"]) { server in
            try SyncCommandTests.withStorePath { database in
                try HostileSyncCommandTests.prepare(database)
                let configPath = database + ".config"
                try HostileSyncCommandTests.config(server).write(toFile: configPath, atomically: true, encoding: .utf8)
                // No TICK_CONFIG, and HOME holds no config: only --config names the server.
                let after = try HostileSyncCommandTests.runTick(["--db", database, "sync", "--config", configPath],
                                                                environment: HostileSyncCommandTests.environment)
                #expect(after.status == 0, "\(String(decoding: after.errors, as: UTF8.self))")
                #expect(String(decoding: after.output, as: UTF8.self).hasPrefix("↑ 1 changed, 0 deleted · ↓ 0 new"))
                let before = try HostileSyncCommandTests.runTick(["--db", database, "--config", configPath, "sync", "--status"],
                                                                 environment: HostileSyncCommandTests.environment)
                #expect(before.status == 0)
                #expect(String(decoding: before.output, as: UTF8.self).hasPrefix("server: \(server.homeURL.absoluteString)\n"))
                let requests = try server.requests()
                #expect(!requests.isEmpty)
                #expect(requests.allSatisfy { $0.userAgent == "tick/\(TickVersion.current)" }, "\(requests.map(\.userAgent))")
            }
        }
    }

    @Test("--config naming no file is a usage mistake that says so, not a sync without settings")
    func configOptionNamingNoFile() throws {
        try SyncCommandTests.withStorePath { database in
            let missing = database + ".no-such-config"
            let result = try HostileSyncCommandTests.runTick(["--db", database, "sync", "--config", missing], environment: [:])
            #expect(result.status == 2)
            #expect(String(decoding: result.errors, as: UTF8.self).hasPrefix("tick sync: --config names no file: \(missing)\n"))
        }
    }

    @Test("a login refused when no password was found says where the password comes from, and without a user that one is missing",
          arguments: [
            ("sync user \(TestServer.user)\n", ["No password was found: Tick takes it from sync password-command COMMAND, else the environment "
                                                + "variable TICK_SYNC_PASSWORD, else the ~/.netrc entry machine 127.0.0.1; none of them gave one."]),
            ("", ["No user name is configured: add sync user NAME to the config file.", "No password was found:"]),
          ])
    func refusedLoginWithoutPassword(userLine: String, advice: [String]) throws {
        try withRadicale { server in
            try SyncCommandTests.withStorePath { database in
                let home = URL(fileURLWithPath: database).deletingLastPathComponent().path  // holds no .netrc
                let config = "sync url \(server.homeURL.absoluteString)\n" + userLine
                let result = SyncCommandTests.tick(["sync"], database: database, config: config, environment: ["HOME": home])
                #expect(result.status == 1)
                #expect(result.errors.hasPrefix("tick sync: The server refused the user name or password (401). "), "\(result.errors)")
                for sentence in advice { #expect(result.errors.contains(sentence), "\(result.errors)") }
            }
        }
    }

    @Test("a wrong password, sent, gets no advice about where passwords come from: the server refused it")
    func wrongPasswordGetsNoPasswordAdvice() throws {
        try withRadicale { server in
            try SyncCommandTests.withStorePath { database in
                let config = "sync url \(server.homeURL.absoluteString)\nsync user \(TestServer.user)\n"
                let result = SyncCommandTests.tick(["sync"], database: database, config: config, environment: ["TICK_SYNC_PASSWORD": "wrong"])
                #expect(result.status == 1)
                #expect(result.errors.hasPrefix("tick sync: The server refused the user name or password (401). What was synced"), "\(result.errors)")
            }
        }
    }
}
