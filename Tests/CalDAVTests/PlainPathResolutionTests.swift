@testable import CalDAV
import Testing

/// `ServerURL.resolving(_:)` resolves a plain absolute path (every item's href in a multistatus)
/// without libcurl: these check that it gives what libcurl gives, and leaves everything else to it.
@Suite("Plain path resolution")
struct PlainPathResolutionTests {
    static let bases = ["http://127.0.0.1:5232/alice/list/", "https://dav.example.com/user/calendars/inbox/",
                        "https://dav.example.com:8443/a%20b/c/", "http://localhost/"]

    @Test("A plain absolute path resolves to the address libcurl resolves it to", arguments: bases, [
        "/alice/list/item.ics", "/user/calendars/inbox/1f0c2a4e-77b1-4c1b-9c0e-0123456789ab.ics", "/a%20b/c/x%2Fy.ics",
        "/a%20b/c/%E4%B9%B0.ics", "/", "/alice/list/", "/x/.hidden.ics", "/x/a..b/c.ics", "/x/...", "/x~y/_z-1.ics",
    ])
    func sameAsLibcurl(base: String, href: String) throws {
        let url = try ServerURL(base)
        let fast = try #require(url.resolvingPlainPath(href))
        #expect(fast == (try url.resolvingWithLibcurl(href)))
    }

    @Test("Anything but a plain absolute path is left to libcurl", arguments: [
        "item.ics", "//other.example.com/x.ics", "/a/../b.ics", "/a/./b.ics", "/a/..", "/a/.", "/..", "/a b.ics", "/a?b=c",
        "/a#b", "/a%2", "/a%zz.ics", "http://127.0.0.1:5232/alice/list/x.ics", "/a\\b.ics", "/a@b", "",
    ])
    func leftToLibcurl(href: String) throws {
        let url = try ServerURL(Self.bases[0])
        #expect(url.resolvingPlainPath(href) == nil)
    }

    @Test("A base address with a query resolves every href through libcurl")
    func baseWithQuery() throws {
        let url = try ServerURL("https://dav.example.com/cal/?x=1")
        #expect(url.resolvingPlainPath("/cal/a.ics") == nil)
        #expect(try url.resolving("/cal/a.ics").absoluteString == "https://dav.example.com/cal/a.ics")
    }
}

/// `CalDAVClient.memberPath` takes an href that is the collection's path and one plain segment as
/// it is (`ServerURL.isPlainChild`): it must name the member `member(_:of:refusingInto:)` names,
/// and refuse what it refuses.
@Suite("Member paths without resolving")
struct MemberPathTests {
    static let collections = ["http://127.0.0.1:5232/alice/list/", "https://dav.example.com/user/calendars/inbox/",
                              "https://dav.example.com:8443/a%20b/c/", "http://localhost/cal", "https://dav.example.com/x/?q=1"]

    static let hrefs = [
        "/alice/list/item.ics", "/alice/list/", "/alice/list", "/alice/list/..", "/alice/list/.", "/alice/list/...",
        "/alice/list/.hidden.ics", "/alice/list/a%2Fb.ics", "/alice/list/sub/x.ics", "/alice/other/x.ics", "/alice/list/a b.ics",
        "/user/calendars/inbox/1f0c2a4e-77b1-4c1b-9c0e-0123456789ab.ics", "/user/calendars/inbox/~x_y-1.ics",
        "/a%20b/c/x.ics", "/a b/c/x.ics", "/cal/x.ics", "/calx.ics", "/x/a.ics", "item.ics", "../x.ics",
        "http://127.0.0.1:5232/alice/list/abs.ics", "//other.example.com/alice/list/x.ics",
    ]

    @Test("A member's path is what resolving its href gives, and an href refused is refused alike",
          arguments: collections, hrefs)
    func sameAsResolving(collection: String, href: String) throws {
        let url = try ServerURL(collection)
        var refusedFast: [ItemProblem] = [], refusedResolved: [ItemProblem] = []
        let fast = try CalDAVClient.memberPath(href, of: url, refusingInto: &refusedFast)
        let resolved = try CalDAVClient.member(href, of: url, refusingInto: &refusedResolved)?.path
        #expect(fast == resolved)
        #expect(refusedFast.map(\.href) == refusedResolved.map(\.href))
    }

    @Test("One collection's plain children, checked once and asked for every href of the table in turn, name the members resolving names",
          arguments: collections)
    func checkedOncePerCollection(collection: String) throws {
        let url = try ServerURL(collection)
        let plainChildren = ServerURL.PlainChildren(of: url)
        for href in Self.hrefs + Self.hrefs.reversed() {
            var refusedOnce: [ItemProblem] = [], refusedResolved: [ItemProblem] = []
            let once = try CalDAVClient.memberPath(href, of: url, plainChildren: plainChildren, refusingInto: &refusedOnce)
            let resolved = try CalDAVClient.member(href, of: url, refusingInto: &refusedResolved)?.path
            #expect(once == resolved, "\(href)")
            #expect(refusedOnce.map(\.href) == refusedResolved.map(\.href))
            #expect(plainChildren.contains(href) == url.isPlainChild(href))
        }
    }

    @Test("The hrefs servers write for items are taken without resolving", arguments: [
        ("http://127.0.0.1:5232/alice/list/", "/alice/list/item.ics"),
        ("https://dav.example.com/user/calendars/inbox/", "/user/calendars/inbox/1f0c2a4e-77b1-4c1b-9c0e-0123456789ab.ics"),
    ])
    func plainChildren(collection: String, href: String) throws {
        #expect(try ServerURL(collection).isPlainChild(href))
    }
}
