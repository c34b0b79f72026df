@testable import CalDAV
import Testing

/// Discovery follows the server's redirects, but only where the credentials stay safe.
@Suite("CalDAV discovery through redirects")
struct RedirectTests {
    @Test("/.well-known/caldav (RFC 6764) redirects to the root, and discovery goes on from there to the calendar home")
    func wellKnown() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Work")
            let discovery = try client.discover(at: server.rootURL.resolving("/.well-known/caldav"))
            #expect(discovery.calendars.map(\.url) == [collection])
            #expect(discovery.home == server.homeURL)
        }
    }

    @Test("a moved calendar home (301, 308) is followed on the same server, and new collections belong where it moved", arguments: [301, 308])
    func movedHome(status: Int) throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Work")
            try proxy.inject("redirect \(status) \(server.homeURL.path)")
            let discovery = try client.discover(at: proxy.rootURL.resolving("/old/place/"))
            #expect(discovery.calendars.map(\.url.path) == [collection.path])
            #expect(discovery.home == proxy.proxied(server.homeURL))
        }
    }

    @Test("a redirect to another host is not followed: one request, and the message names where it pointed")
    func otherHostRefused() throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            let client = try server.client()
            try proxy.inject("redirect 301 http://127.0.0.2:\(server.port)/tick-user/")
            let error = caught { try client.discover(at: proxy.rootURL.resolving("/tick-user/")) }
            #expect(client.http.requestCount == 1)
            guard case .badResponse(let reason) = error else {
                Issue.record("expected a refused redirect, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("redirects to http://127.0.0.2:\(server.port)/tick-user/, another host"))
        }
    }

    @Test("redirects that go on and on stop after a few, with a clear error")
    func redirectLoop() throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            let client = try server.client()
            try proxy.inject(contentsOf: Array(repeating: "redirect 302 /again/", count: 10))
            #expect(caught { try client.discover(at: proxy.rootURL.resolving("/start/")) } == .badResponse(reason: "more than 5 redirects from /start/"))
            #expect(client.http.requestCount == 6)
        }
    }

    @Test("only redirects to the same scheme, host and port are followed", arguments: [
        ("http://dav.example.com/a/", "http://dav.example.com/b/", true),
        ("http://dav.example.com/a/", "https://dav.example.com/b/", false),
        ("https://dav.example.com/a/", "http://dav.example.com/b/", false),
        ("https://dav.example.com/a/", "https://other.example.com/b/", false),
        ("https://dav.example.com/a/", "https://dav.example.com:8443/b/", false),
        ("https://DAV.example.com/a/", "https://dav.example.com:443/b/", true),
        ("http://dav.example.com:8080/a/", "http://dav.example.com:8080/b/", true),
    ])
    func followRules(source: String, target: String, follows: Bool) throws {
        #expect(CalDAVClient.mayFollow(from: try ServerURL(source), to: try ServerURL(target)) == follows)
    }
}
