import CalDAV
import Foundation
import Testing
import TodoStore

/// `openssl`, if installed: it makes the self-signed certificate at test time.
private let openssl: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// `tick sync` when the connection is refused, not trusted or told to wait: the exit status and
/// the message a user sees (run as `SyncCommandTests` runs it).
@Suite("tick sync faults", .serialized)
struct SyncCommandFaultTests {
    static let environment = ["TICK_SYNC_PASSWORD": RadicaleServer.password]

    static func config(_ url: String, _ extra: String = "") -> String {
        "sync url \(url)\nsync user \(RadicaleServer.user)\n" + extra
    }

    /// A store at `database` holding one todo.
    static func storeWithOneTodo(_ database: String) throws {
        let store = try TodoStore(path: database)
        defer { store.close() }
        _ = try store.add(title: "Pay rent")
    }

    @Test("over https with a self-signed certificate, tick sync is refused without ca-file (saying how to fix it) and syncs with it",
          .enabled(if: openssl != nil, "openssl is not installed"))
    func selfSignedHTTPS() throws {
        let (certificate, folder) = try HTTPSTests().selfSignedCertificate()
        defer { try? FileManager.default.removeItem(at: folder) }  // A leftover temporary folder is harmless.
        try withRadicale(certificate: certificate) { server in
            try SyncCommandTests.withStorePath { database in
                try Self.storeWithOneTodo(database)
                let url = server.homeURL.absoluteString
                #expect(url.hasPrefix("https://"))
                let refused = SyncCommandTests.tick(["sync"], database: database, config: Self.config(url), environment: Self.environment)
                #expect(refused.status == 1)
                #expect(refused.output == "")
                #expect(refused.errors.hasPrefix("tick sync: The server's TLS certificate could not be verified: "))
                #expect(refused.errors.contains("name that certificate with sync ca-file PATH."))
                let trusted = SyncCommandTests.tick(["sync"], database: database, config: Self.config(url, "sync ca-file \(certificate.certificateFile)\n"),
                                                    environment: Self.environment)
                #expect(trusted.errors == "")
                #expect(trusted.status == 0)
                #expect(trusted.output == "↑ 1 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts\n")
            }
        }
    }

    @Test("plain http to a host that is not this machine is refused before anything is sent, saying which line allows it")
    func plainHTTPRefused() throws {
        try SyncCommandTests.withStorePath { database in
            try Self.storeWithOneTodo(database)
            // 192.0.2.0/24 is reserved for documentation: nothing would answer there anyway.
            let refused = SyncCommandTests.tick(["sync"], database: database, config: Self.config("http://192.0.2.1/dav/"), environment: Self.environment)
            #expect(refused.status == 1)
            #expect(refused.errors == "tick sync: Refusing plain http to 192.0.2.1: use https (only loopback addresses may use http unless insecure "
                + "connections are allowed). To send the password in clear anyway, add sync insecure yes. What was synced before the failure is kept; "
                + "tick sync goes on from there.\n")
            #expect(!refused.errors.contains(RadicaleServer.password))
        }
    }

    @Test("503 with Retry-After makes tick sync exit with status 1 and say when to try again; the next tick sync works")
    func serviceUnavailable() throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            try SyncCommandTests.withStorePath { database in
                try Self.storeWithOneTodo(database)
                let config = Self.config(proxy.proxied(server.homeURL).absoluteString)
                try proxy.inject("status 503 300")
                let refused = SyncCommandTests.tick(["sync"], database: database, config: config, environment: Self.environment)
                #expect(refused.status == 1)
                #expect(refused.errors == "tick sync: The server failed with status 503; it asks to be tried again in 5 min. "
                    + "What was synced before the failure is kept; tick sync goes on from there.\n")
                let synced = SyncCommandTests.tick(["sync"], database: database, config: config, environment: Self.environment)
                #expect(synced.status == 0)
                #expect(synced.output == "↑ 1 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts\n")
            }
        }
    }

    @Test("tick sync given the server's root or its /.well-known/caldav finds the calendar home and makes new collections there",
          arguments: ["/", "/.well-known/caldav"])
    func discoveryFromRoot(path: String) throws {
        try withRadicale { server in
            try SyncCommandTests.withStorePath { database in
                try Self.storeWithOneTodo(database)
                let url = try server.rootURL.resolving(path).absoluteString
                let synced = SyncCommandTests.tick(["sync"], database: database, config: Self.config(url), environment: Self.environment)
                #expect(synced.errors == "")
                #expect(synced.output == "↑ 1 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts\n")
                let calendars = try server.client().discoverCalendars(at: server.homeURL)
                #expect(calendars.map(\.displayName) == ["Inbox"])
                #expect(calendars.allSatisfy { $0.url.path.hasPrefix(server.homeURL.path) })
            }
        }
    }
}
