import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore

/// Xandikos (Debian `xandikos`), a real server that writes a control character of an item raw into
/// its XML answers, which makes them invalid XML: one such item once stopped every sync.
@Suite("Sync with Xandikos", .serialized, .enabled(if: FileManager.default.fileExists(atPath: XandikosServer.program)))
struct XandikosTests {
    @Test("an item whose title holds a raw ESC costs nothing: it is read alone, its neighbour arrives, and a change in another list goes up")
    func rawEscapeInAnItem() throws {
        let server = try XandikosServer()
        defer { server.stop() }
        let calendar = try server.homeURL.resolving("calendar/")
        let client = try CalDAVClient(configuration: .init(connectTimeout: .seconds(5), totalTimeout: .seconds(20)))
        _ = try client.create(todoCalendar(uid: "esc-1", summary: "Title \u{1B}[31m red"), at: calendar.item("esc.ics"))
        _ = try client.create(todoCalendar(uid: "fine-1", summary: "A fine todo"), at: calendar.item("fine.ics"))
        // What Xandikos answers a multiget of that item is not XML.
        guard case .badResponse = caught({ try client.multiget(["/user/calendars/calendar/esc.ics"], in: calendar) }) else {
            Issue.record("Xandikos no longer writes the ESC raw: this test no longer tries what it says")
            return
        }
        try SyncCommandTests.withStorePath { database in
            try HostileSyncCommandTests.prepare(database)
            let config = "sync url \(server.homeURL.absoluteString)\n"
            let synced = SyncCommandTests.tick(["sync"], database: database, config: config, environment: [:])
            #expect(synced.status == 0, "\(synced.errors)")
            #expect(synced.output.hasPrefix("↑ 1 changed, 0 deleted · ↓ 2 new"), "\(synced.output)")
            let store = try TodoStore(path: database)
            defer { store.close() }
            #expect(Set(try store.flatOrder().map(\.title)).isSuperset(of: ["Title \u{1B}[31m red", "A fine todo", "Water plants"]))
            // Water plants is on the server, in the collection made for Home.
            let home = try #require(try client.discoverCalendars(at: server.homeURL).first { $0.displayName == "Home" })
            #expect(try client.listItems(in: home.url).count == 1)
            // And the next sync has nothing left to do.
            let again = SyncCommandTests.tick(["sync"], database: database, config: config, environment: [:])
            #expect(again.output == "↑ 0 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts\n", "\(again.output)")
        }
    }
}

/// Xandikos on 127.0.0.1 at a free port with a throwaway folder, its default calendar home
/// `/user/calendars/` (no authentication). Started through a Python wrapper that unblocks the
/// signals the test process blocks and exits with its parent, like `RadicaleProcess`.
final class XandikosServer {
    static let program = "/usr/bin/xandikos"
    let rootURL: ServerURL
    private let folder: URL
    private let process: Process

    /// The calendar home of the default user.
    var homeURL: ServerURL { try! rootURL.resolving("/user/calendars/") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-xandikos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try RadicaleProcess.freePort()
        let wrapper = RadicaleProcess.childPreamble + """
            from xandikos.__main__ import main
            sys.exit(main(["xandikos"] + sys.argv[1:]))
            """
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", wrapper, "-d", folder.appendingPathComponent("data").path, "--defaults",
                             "-l", "127.0.0.1", "-p", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        rootURL = try ServerURL("http://127.0.0.1:\(port)/")
        guard RadicaleProcess.waitUntilListening(process, port: port) else {
            stop()
            throw Failure("Xandikos did not start listening within 20 s")
        }
    }

    /// Stops the server and removes its folder; safe to call twice.
    func stop() {
        RadicaleProcess.stop(process)
        try? FileManager.default.removeItem(at: folder)  // A leftover temporary folder is harmless.
    }
}
