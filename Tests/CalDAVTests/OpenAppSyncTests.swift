import Foundation
import Testing
import TickApp
import TodoStore

/// The open app syncing in the background: the real `tick` in tmux on store A, the command line on
/// store B, one real Radicale between them. (`TestSupport.TmuxSession` is the real-terminal harness.)
@Suite("tick open with sync", .serialized, .enabled(if: TmuxSession.isAvailable))
struct OpenAppSyncTests {
    static let tick = RadicaleServer.root.appendingPathComponent(".build/debug/tick").path

    @Test("A todo added and synced on another device appears after the sync key, the status line says synced, and q quits at once")
    func forceKeyBringsRemoteTodo() throws {
        try withRadicale { server in
            try SyncCommandTests.withStorePath { storeA in
                let storeB = storeA + ".b"
                let folder = (storeA as NSString).deletingLastPathComponent
                let configPath = folder + "/config"
                let config = "sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\n"
                try config.write(toFile: configPath, atomically: true, encoding: .utf8)
                let environment = ["TICK_SYNC_PASSWORD": RadicaleServer.password]
                do {
                    let store = try TodoStore(path: storeA)
                    _ = try store.add(title: "Pay rent")
                    store.close()
                }
                let session = try TmuxSession(command: "\(Self.tick) --db \(storeA) --config \(configPath)", width: 80, height: 8,
                                              environment: environment)
                // The first sync runs by itself once the first frame is out.
                try session.waitFor(text: "✓ synced", timeout: 30)
                let added = SyncCommandTests.tick(["add", "From the phone"], database: storeB, config: config, environment: environment)
                #expect(added.status == 0, "\(added.errors)")
                let synced = SyncCommandTests.tick(["sync"], database: storeB, config: config, environment: environment)
                #expect(synced.status == 0, "\(synced.errors)")
                #expect(synced.output.contains("↓ 1 new"), "B received A's todo: \(synced.output)")
                try session.sendKeys("S")
                let screen = try session.waitFor("the todo from B", timeout: 30) { $0.contains { $0.contains("From the phone") } }
                #expect(screen.contains { $0.contains("Pay rent") })
                // A message wider than the space beside the counts wraps onto the line above the status line.
                let status = try session.waitFor("synced again", timeout: 30) { $0.suffix(2).joined(separator: " ").contains("Synced: ↑ 0 changed") }
                #expect(status.last?.contains("✓ synced") == true, "\(status)")
                #expect(!status.joined().contains(RadicaleServer.password))
                try session.sendKeys("q")
                #expect(try session.waitForExit(timeout: 10) == 0)
            }
        }
    }
}

@Suite("Quitting tick during a sync", .serialized, .enabled(if: TmuxSession.isAvailable))
struct QuitDuringSyncTests {
    @Test("q or Ctrl-C during a sync that hangs quits at once, restores the terminal, and the next sync sends everything", arguments: [
        ("q", Int32(0)), ("C-c", Int32(130)),
    ])
    func quitDuringHangingSync(key: String, exitStatus: Int32) throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            try SyncCommandTests.withStorePath { storeA in
                let folder = (storeA as NSString).deletingLastPathComponent
                let configPath = folder + "/config"
                let environment = ["TICK_SYNC_PASSWORD": RadicaleServer.password]
                let throughProxy = "sync url \(proxy.proxied(server.homeURL).absoluteString)\nsync user \(RadicaleServer.user)\n"
                try throughProxy.write(toFile: configPath, atomically: true, encoding: .utf8)
                do {
                    let store = try TodoStore(path: storeA)
                    _ = try store.add(title: "Pay rent")
                    store.close()
                }
                // The first request of the first sync gets no answer for a long while.
                try proxy.inject("slow 50")
                let session = try TmuxSession(command: "\(OpenAppSyncTests.tick) --db \(storeA) --config \(configPath)", width: 80, height: 8,
                                              environment: environment)
                try session.waitFor(text: "syncing…", timeout: 30)
                try session.sendKeys(key)
                #expect(try session.waitForExit(timeout: 5) == exitStatus)
                #expect(try session.query("#{alternate_on}") == "0", "the terminal is back from the alternate screen")
                // Nothing was lost: a sync straight to the server sends the todo.
                let direct = "sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\n"
                let synced = SyncCommandTests.tick(["sync"], database: storeA, config: direct, environment: environment)
                #expect(synced.status == 0, "\(synced.errors)")
                #expect(synced.output.hasPrefix("↑ 1 changed"), "\(synced.output)")
            }
        }
    }
}
