/// A WebDAV `207 Multi-Status` answer (RFC 4918 §13): one entry per resource, plus the new
/// `sync-token` of a `sync-collection` report (RFC 6578).
public struct Multistatus: Sendable, Equatable {
    /// One resource's part of the answer.
    public struct Response: Sendable, Equatable {
        /// The resource's `href`, as the server wrote it (percent-encoded; a path or a full URL).
        public var href: String
        /// The status of the whole resource (a removed member's 404), when given instead of propstats.
        public var status: Int?
        /// The properties grouped by the status the server gave them.
        public var propertyGroups: [(status: Int, properties: [XMLElement])]

        /// The property `name` in `namespace` from a 2xx group: a property the server reports as
        /// missing (404 group) counts as absent.
        public func property(_ namespace: String, _ name: String) -> XMLElement? {
            for group in propertyGroups where (200..<300).contains(group.status) {
                if let property = group.properties.first(where: { $0.is(namespace, name) }) { return property }
            }
            return nil
        }

        /// Compares hrefs, statuses and property groups.
        public static func == (left: Response, right: Response) -> Bool {
            left.href == right.href && left.status == right.status
                && left.propertyGroups.map(\.status) == right.propertyGroups.map(\.status)
                && left.propertyGroups.map(\.properties) == right.propertyGroups.map(\.properties)
        }
    }

    /// The resources, in the server's order.
    public var responses: [Response]
    /// The `sync-token` element's text, for `sync-collection` answers.
    public var syncToken: String?

    /// Reads a multistatus body; anything else is a bad response.
    public init(parsing body: [UInt8]) throws(CalDAVError) {
        let reader = MultistatusReader()
        body.withUnsafeBytes { _ = reader.consume($0) }
        self = try reader.finish()
    }

    /// A multistatus of `responses`, for readers and tests.
    public init(responses: [Response], syncToken: String?) {
        self.responses = responses
        self.syncToken = syncToken
    }

    /// One `<D:response>` element as a response.
    static func response(from element: XMLElement) throws(CalDAVError) -> Response {
        guard let href = element.child(XMLNamespace.dav, "href")?.text, !href.isEmpty else {
            throw .badResponse(reason: "a multistatus response has no href")
        }
        let groups = element.children(XMLNamespace.dav, "propstat").map { propstat in
            (status: Self.statusCode(propstat.child(XMLNamespace.dav, "status")?.text) ?? 0,
             properties: propstat.child(XMLNamespace.dav, "prop")?.children ?? [])
        }
        return Response(href: href, status: Self.statusCode(element.child(XMLNamespace.dav, "status")?.text), propertyGroups: groups)
    }

    /// `HTTP/1.1 `, how nearly every status line starts.
    private static let usualStatusStart: [UInt8] = Array("HTTP/1.1 ".utf8)

    /// The code in a status line such as `HTTP/1.1 404 Not Found`.
    static func statusCode(_ line: String?) -> Int? {
        guard let line else { return nil }
        // As nearly every server writes it: `HTTP/1.1 ` and three digits, then a space or the end.
        var text = line
        let usual: Int? = text.withUTF8 { bytes in
            guard bytes.count >= 12, bytes.count == 12 || bytes[12] == 0x20 else { return nil }
            for (offset, byte) in usualStatusStart.enumerated() where bytes[offset] != byte { return nil }
            var code = 0
            for offset in 9..<12 {
                guard bytes[offset] >= 0x30, bytes[offset] <= 0x39 else { return nil }
                code = code * 10 + Int(bytes[offset] - 0x30)
            }
            return code
        }
        if let usual { return usual }
        // The second word, as `split(separator: " ")` finds it, read from the bytes.
        let utf8 = line.utf8
        guard let firstStart = utf8.firstIndex(where: { $0 != UInt8(ascii: " ") }),
              let firstEnd = utf8[firstStart...].firstIndex(of: UInt8(ascii: " ")),
              let secondStart = utf8[firstEnd...].firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return nil }
        let secondEnd = utf8[secondStart...].firstIndex(of: UInt8(ascii: " ")) ?? utf8.endIndex
        return Int(Substring(line[secondStart..<secondEnd]))
    }
}

/// Reads a multistatus answer as its bytes arrive (an ``HTTPBodyConsumer`` for ``HTTPClient``):
/// each `<D:response>` becomes a ``Multistatus/Response`` as soon as it ends, so neither the bytes
/// nor an XML tree of the whole answer are kept.
public final class MultistatusReader: HTTPBodyConsumer {
    private var responses: [Multistatus.Response] = []
    private var syncToken: String?
    private lazy var reader = XMLStreamReader(
        checkRoot: { root throws(CalDAVError) in
            guard root.is(XMLNamespace.dav, "multistatus") else {
                throw .badResponse(reason: "expected a DAV multistatus, got <\(root.name)>")
            }
        },
        // Only responses and the sync token are read: anything else at the top is passed over unread.
        wantsRootChild: { $0.is(XMLNamespace.dav, "response") || $0.is(XMLNamespace.dav, "sync-token") },
        onRootChild: { [unowned self] element throws(CalDAVError) in
            if element.is(XMLNamespace.dav, "response") {
                responses.append(try Multistatus.response(from: element))
            } else if element.is(XMLNamespace.dav, "sync-token"), syncToken == nil {
                syncToken = element.text
            }
        })

    /// A reader with nothing read yet.
    public init() {}

    /// Only a 207's body is a multistatus; other answers are collected as usual.
    public func accepts(status: Int) -> Bool { status == 207 }

    /// Reads the next bytes; false once they cannot be a multistatus.
    public func consume(_ bytes: UnsafeRawBufferPointer) -> Bool {
        reader.feed(bytes)
    }

    /// The answer read, once every byte was consumed; throws when it was not a readable multistatus.
    public func finish() throws(CalDAVError) -> Multistatus {
        _ = try reader.finish()
        return Multistatus(responses: responses, syncToken: syncToken)
    }
}
