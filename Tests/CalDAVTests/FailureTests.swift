import CalDAV
import Foundation
import Testing

@Suite("CalDAV failures against a real server")
struct FailureTests {
    @Test("A wrong password is one request that fails as unauthorized, and no message names the user or the password")
    func wrongPassword() throws {
        try withRadicale { server in
            let wrong = HTTPClient.Credentials(user: RadicaleServer.user, password: "wrong-Pa55word")
            let client = try server.client(credentials: wrong)
            let error = caught { try client.discoverCalendars(at: server.rootURL) }
            #expect(error == .unauthorized)
            #expect(client.http.requestCount == 1)
            let texts = [error.map(String.init(describing:)) ?? "", "\(wrong)", String(reflecting: wrong), dumped(wrong)]
            for text in texts {
                #expect(!text.contains("wrong-Pa55word"), "\(text)")
                #expect(!text.contains(RadicaleServer.user), "\(text)")
            }
        }
    }

    @Test("A collection deleted on the server fails as not found, for listings, sync reports and new items")
    func deletedCollection() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Doomed")
            let token = try client.changes(in: collection, since: nil).syncToken
            // Another device deletes the collection.
            try server.client().deleteCollection(collection)
            #expect(caught { try client.changes(in: collection, since: token) } == .notFound(path: collection.path))
            #expect(caught { try client.listItems(in: collection) } == .notFound(path: collection.path))
        }
    }

    @Test("A server stopped between two requests fails the second as a connection failure, with no credentials in it")
    func serverStopped() throws {
        let server = try RadicaleServer()
        defer { server.stop() }
        let client = try server.client()
        let collection = server.newCollectionURL()
        try client.makeCalendar(at: collection, displayName: "Going away")
        server.stop()
        let error = caught { try client.listItems(in: collection) }
        guard case .connectionFailed = error else {
            Issue.record("expected a connection failure, got \(String(describing: error))")
            return
        }
        #expect(!String(describing: error!).contains(RadicaleServer.password))
    }

    @Test("Plain http to a host that is not a loopback address is refused before any request is made")
    func insecureRefused() throws {
        let client = try CalDAVClient(configuration: .init(credentials: RadicaleServer.credentials))
        let error = caught { try client.discoverCalendars(at: ServerURL("http://caldav.example.com/dav/")) }
        #expect(error == .insecureConnectionRefused(host: "caldav.example.com"))
        #expect(client.http.requestCount == 0)
    }

    @Test("With insecure connections allowed, plain http to another host is attempted")
    func insecureAllowed() throws {
        // 192.0.2.0/24 is reserved for documentation: nothing answers there.
        let client = try CalDAVClient(configuration: .init(connectTimeout: .milliseconds(200), totalTimeout: .milliseconds(400), allowsInsecure: true))
        let error = caught { try client.get(ServerURL("http://192.0.2.1/item.ics")) }
        #expect(client.http.requestCount == 1)
        #expect(error != .insecureConnectionRefused(host: "192.0.2.1"))
        #expect(error != nil)
    }

    @Test("A server that accepts the connection and never answers fails as timed out")
    func silentServer() throws {
        let silent = try listeningSocket(port: 0)
        defer { close(silent.descriptor) }
        let client = try CalDAVClient(configuration: .init(connectTimeout: .seconds(2), totalTimeout: .milliseconds(300)))
        #expect(caught { try client.get(ServerURL("http://127.0.0.1:\(silent.port)/item.ics")) } == .timedOut)
    }

    @Test("Nothing listening on a loopback port fails as a connection failure")
    func nothingListening() throws {
        let client = try CalDAVClient(configuration: .init())
        let error = caught { try client.get(ServerURL("http://127.0.0.1:\(try freePort())/item.ics")) }
        guard case .connectionFailed = error else {
            Issue.record("expected a connection failure, got \(String(describing: error))")
            return
        }
    }
}

private func dumped<T>(_ value: T) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
