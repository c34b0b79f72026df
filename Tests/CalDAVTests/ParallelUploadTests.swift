import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
@testable import TodoSync

/// Uploads sent several at once (`HTTPClient.Configuration.parallelRequests`, `sync
/// parallel-uploads`): the same server and stores as one at a time, each answer recorded against
/// its own todo, a 412 among them merged as alone, and a failed PUT among them stopping the sync as
/// one at a time would, with every PUT the server took recorded. Against Radicale and Xandikos.
@Suite("Parallel uploads against Radicale and Xandikos", .serialized)
struct ParallelUploadTests {
    typealias Device = SyncEngineTests.Device

    /// A client of the tests' kind sending up to `parallelRequests` requests at once.
    static func client(_ server: TestServer, parallelRequests: Int) throws -> CalDAVClient {
        try CalDAVClient(configuration: .init(credentials: TestServer.credentials, connectTimeout: .seconds(5), totalTimeout: .seconds(20),
                                              parallelRequests: parallelRequests))
    }

    /// Every synced item of `device` has the ETag the server lists for it, and every item on the
    /// server is one of them: nothing the server took is unknown here, no answer went to another todo.
    static func expectRecordedAsOnServer(_ device: Device, _ server: TestServer) throws {
        let client = try server.client()
        var listed: [String: String] = [:]
        for calendar in try client.discoverCalendars(at: server.homeURL) where calendar.supportsTodos {
            for item in try client.listItems(in: calendar.url) { listed[item.href] = item.etag }
        }
        var recorded: [String: String] = [:]
        for todo in try device.store.flatOrder() {
            if let synced = try device.store.syncedItem(todoID: todo.id) { recorded[synced.href] = synced.etag }
        }
        #expect(recorded == listed)
    }

    @Test("a first upload four at a time leaves the server and both stores as one at a time does, each todo recorded with its own item's ETag",
          arguments: CalDAVServerKind.allCases)
    func firstUpload(on kind: CalDAVServerKind) throws {
        try withServer(kind) { server in
            let scratch = try ScratchFolder("parallel-upload")
            let first = try Device(scratch.url.appendingPathComponent("a.db").path, home: server.homeURL,
                                   client: Self.client(server, parallelRequests: 4))
            let second = try Device(scratch.url.appendingPathComponent("b.db").path, home: server.homeURL,
                                    client: Self.client(server, parallelRequests: 1))
            defer { first.store.close(); second.store.close() }
            try first.store.add(titles: (0..<25).map { "Errand \($0)" })
            _ = try first.store.add(titles: (0..<12).map { "Report \($0)" }, listID: first.list("Work"))
            let summary = try first.sync()
            #expect(summary.sentChanges == 37)
            // Side by side: more connections than the one of the requests sent alone, never more than four more.
            if kind == .xandikos { #expect((2...5).contains(first.client.http.connectionCount)) }
            #expect(first.client.http.startedRequests == 0)
            try Self.expectRecordedAsOnServer(first, server)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            // Edits and deletions go up four at a time too.
            for todo in try first.store.flatOrder().prefix(10) { _ = try first.store.update(id: todo.id, title: todo.title + " (edited)") }
            _ = try first.store.delete(ids: try first.store.flatOrder().suffix(6).map(\.id))
            let again = try first.sync()
            #expect(again.sentChanges == 10 && again.sentDeletions == 6)
            try Self.expectRecordedAsOnServer(first, server)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("a todo changed on the server between the pull and the push gets its 412 among parallel PUTs: fetched, merged and sent again; the others go up",
          arguments: CalDAVServerKind.allCases)
    func preconditionFailedAmongParallel(on kind: CalDAVServerKind) throws {
        try withServer(kind) { server in
            let scratch = try ScratchFolder("parallel-412")
            let first = try Device(scratch.url.appendingPathComponent("a.db").path, home: server.homeURL,
                                   client: Self.client(server, parallelRequests: 4))
            let second = try Device(scratch.url.appendingPathComponent("b.db").path, home: server.homeURL, client: server.client())
            defer { first.store.close(); second.store.close() }
            try first.store.add(titles: (0..<8).map { "Chore \($0)" })
            try first.sync()
            try second.sync()
            for todo in try first.store.flatOrder() { _ = try first.store.update(id: todo.id, title: todo.title + "!") }
            let engine = SyncEngine(store: first.store, client: first.client, home: first.home, zone: .fromEnvironment)
            engine.betweenPullAndPush = {
                _ = try second.store.update(id: second.todo("Chore 2").id, notes: "Use the blue bucket")
                try second.sync()
            }
            let summary = try engine.sync()
            #expect(summary.sentChanges == 8 && summary.conflicts == 0)
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.todo("Chore 2!").notes == "Use the blue bucket")
            #expect(try first.todo("Chore 2!").notes == "Use the blue bucket")
            #expect(try second.contents().filter { $0.contains("!|") }.count == 8)
            try Self.expectRecordedAsOnServer(first, server)
        }
    }

    @Test("one PUT failing among parallel ones (a 500, a lost answer) stops the sync as one at a time; every PUT the server took is recorded, the failed todo waits, and the next sync finishes with nothing lost or doubled",
          arguments: CalDAVServerKind.allCases, ["status 500", "forward-reset"])
    func failureAmongParallel(on kind: CalDAVServerKind, fault: String) throws {
        let configuration = HTTPClient.Configuration(credentials: TestServer.credentials, totalTimeout: .seconds(20), parallelRequests: 4)
        try SyncFaultTests.withDevices(on: kind, configuration: configuration) { server, proxy, first, second in
            try first.store.add(titles: (0..<10).map { "Letter \($0)" })
            // The first PUT through, the second fails, the others through.
            try proxy.inject("on PUT", "on PUT \(fault)")
            let error = SyncFaultTests.failure { try first.sync() }
            #expect(error == (fault == "forward-reset" ? .connectionReset : .serverError(status: 500, retryAfter: nil)))
            let pending = try first.store.pendingSyncChanges()
            #expect(!pending.isEmpty && pending.count < 10)
            // The server holds exactly what the store recorded (after a lost answer, the one item
            // the server made unknown here, until the next sync's pull recognizes it).
            let recorded = try first.store.flatOrder().filter { try first.store.syncedItem(todoID: $0.id) != nil }.count
            #expect(recorded == 10 - pending.count)
            let onServer = try SyncEngineTests.serverUIDs(server).count
            #expect(onServer == recorded + (fault == "forward-reset" ? 1 : 0))
            if fault == "status 500" { try Self.expectRecordedAsOnServer(first, server) }
            #expect(first.client.http.startedRequests == 0)
            try first.sync()
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.contents().count == 10)
            try Self.expectRecordedAsOnServer(first, server)
        }
    }
}
