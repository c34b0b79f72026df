import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
@testable import TodoSync

/// Issue 34: a local edit is never swallowed by an item this device created on the server without
/// recording it (its answer lost). Whether the next sync meets that item at its pull or at its
/// create's 412 (If-None-Match), the todo as it is here goes up, and so does every later edit.
@Suite("A local edit survives an upload the server took unrecorded", .serialized)
struct LocalEditTests {
    typealias Device = SyncEngineTests.Device

    /// The item at `todo`'s address in the first synced collection, as an earlier create of it left
    /// it: made with `title`.
    static func putEarlierCopy(of todo: TodoItem, titled title: String, on server: TestServer, collection href: String) throws {
        _ = try server.client().create(todoCalendar(uid: todo.uid, summary: title), at: server.rootURL.resolving(href + todo.uid + ".ics"))
    }

    @Test("a create that meets its item already on the server (412 on If-None-Match) with an older title sends the title here, and a later edit goes up too",
          arguments: CalDAVServerKind.allCases)
    func createMeetsOlderCopy(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.sync()
            let collection = try #require(try first.store.syncCollections().first).href
            let todo = try first.store.add(title: "Pay rent").value
            _ = try first.store.update(id: todo.id, title: "Pay the rent")
            let engine = SyncEngine(store: first.store, client: first.client, home: first.home, zone: .fromEnvironment)
            // After the pull, before the create: the copy an earlier, unrecorded create left there.
            engine.betweenPullAndPush = { try Self.putEarlierCopy(of: todo, titled: "Pay rent", on: server, collection: collection) }
            #expect(try engine.sync().sentChanges == 1)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.todo("Pay the rent").uid == todo.uid)

            _ = try first.store.update(id: todo.id, title: "Pay the rent by Friday")
            #expect(try first.sync().sentChanges == 1)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.todo("Pay the rent by Friday").uid == todo.uid)
        }
    }

    @Test("a create whose answer was lost, then an edit here: the next sync's pull meets the older copy and the edit goes up, even made in the create's second",
          arguments: CalDAVServerKind.allCases, [1, 0])
    func lostCreateThenEdit(on kind: CalDAVServerKind, editMinute: Int) throws {
        try withServer(kind) { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            let scratch = try ScratchFolder("local-edit")
            let here = try ConflictRuleTests.Device(scratch.url.appendingPathComponent("here.db").path, server: server,
                                                    home: proxy.proxied(server.homeURL))
            let there = try Device(scratch.url.appendingPathComponent("there.db").path, home: server.homeURL, client: server.client())
            defer { here.store.close(); there.store.close() }
            let todo = try here.store.add(title: "Pay rent").value
            try proxy.inject("on PUT forward-reset")
            #expect(SyncFaultTests.failure { try here.sync() } == .connectionReset)
            // The edit comes a minute after the create the server took, or in the same second (a LAST-MODIFIED tie).
            try here.edit(.title("Pay the rent"), minutes: editMinute)
            try here.sync()
            try there.sync()
            #expect(try here.store.pendingSyncChanges() == [] && there.store.pendingSyncChanges() == [])
            #expect(try here.todo()?.title == "Pay the rent")
            #expect(try there.todo("Pay the rent").uid == todo.uid)
            #expect(try ConflictRuleTests.serverTodos(server).map(\.title) == ["Pay the rent"])
        }
    }
}
