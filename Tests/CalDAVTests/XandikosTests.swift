import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore

/// Xandikos (Debian `xandikos`), a real server that writes a control character of an item raw into
/// its XML answers, which makes them invalid XML: one such item once stopped every sync.
@Suite("Sync with Xandikos", .serialized)
struct XandikosTests {
    @Test("an item whose title holds a raw ESC costs nothing: it is read alone, its neighbour arrives, and a change in another list goes up")
    func rawEscapeInAnItem() throws {
        let server = try TestServer(.xandikos, xandikosDefaults: true)
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
