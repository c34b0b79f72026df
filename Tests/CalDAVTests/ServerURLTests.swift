import CalDAV
import Testing

@Suite("Server URLs")
struct ServerURLTests {
    @Test("Loopback hosts are recognized, and only they", arguments: [
        ("http://127.0.0.1:5232/", true), ("http://localhost/", true), ("http://LOCALHOST:80/", true),
        ("http://127.10.0.3/", true), ("http://[::1]:5232/", true),
        ("http://128.0.0.1/", false), ("http://127.0.0.1.example.com/", false), ("http://localhost.example.com/", false),
        ("http://10.0.0.1/", false), ("https://example.com/", false),
    ])
    func loopback(url: String, isLoopback: Bool) throws {
        #expect(try ServerURL(url).isLoopback == isLoopback)
    }

    @Test("A URL with a user name or password is refused, and the message does not repeat them", arguments: [
        "https://alice:hunter2@example.com/dav/", "https://alice@example.com/dav/",
    ])
    func userInformationRefused(url: String) {
        let error = caught { try ServerURL(url) }
        guard case .invalidURL = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
        #expect(!error!.description.contains("hunter2") && !error!.description.contains("alice"))
    }

    @Test("Other schemes, relative addresses and control characters are refused", arguments: [
        "ftp://example.com/", "file:///etc/passwd", "/just/a/path", "https://example.com/a\u{1B}[2Jb/",
    ])
    func unusable(url: String) {
        guard case .invalidURL = caught({ try ServerURL(url) }) else {
            Issue.record("\(url) was accepted")
            return
        }
    }

    @Test("Hrefs resolve against the collection: absolute paths, relative names and full URLs", arguments: [
        ("/user/other/", "https://dav.example.com:8443/user/other/"),
        ("item.ics", "https://dav.example.com:8443/user/list/item.ics"),
        ("https://dav.example.com:8443/user/x.ics", "https://dav.example.com:8443/user/x.ics"),
        ("/user/list/a%20b.ics", "https://dav.example.com:8443/user/list/a%20b.ics"),
    ])
    func resolving(href: String, expected: String) throws {
        let base = try ServerURL("https://dav.example.com:8443/user/list/")
        #expect(try base.resolving(href).absoluteString == expected)
    }

    @Test("An item lies inside its collection only below its path, on the same server, without dot segments however written", arguments: [
        ("http://h:80/dav/work/a.ics", true), ("http://h/dav/work/sub/a.ics", true), ("http://H:80/dav/work/%41.ics", true),
        ("http://h/dav/work/", false), ("http://h/dav/work", false), ("http://h/dav/workshop/a.ics", false),
        ("http://h/secret/x.ics", false), ("http://h/dav/work/%2e%2e/%2e%2e/secret/y.ics", false),
        ("http://h/dav/work/%2E%2E/x.ics", false), ("http://h/dav/work/..%2F..%2Fx.ics", false), ("http://h/dav/work/a%5C..%5Cb", false),
        ("http://h/dav/work/a%00.ics", false), ("http://h/dav/work/a%zz.ics", false),
        ("https://h/dav/work/a.ics", false), ("http://h:8080/dav/work/a.ics", false), ("http://other/dav/work/a.ics", false),
    ])
    func inside(url: String, isInside: Bool) throws {
        #expect(try ServerURL(url).isInside(ServerURL("http://h/dav/work/")) == isInside)
    }
}
