/// The CalDAV operations a sync needs (RFC 4791, RFC 6578, RFC 4918), each one or a few requests
/// over one ``HTTPClient``. It knows nothing of todos: items are iCalendar text and ETags.
///
/// Item addresses are paths (`href`s as the server wrote them) resolved against the collection
/// they belong to; a failed status becomes a ``CalDAVError`` and nothing is retried here.
public final class CalDAVClient {
    /// The HTTP client underneath (its ``HTTPClient/requestCount`` counts this client's requests).
    public let http: HTTPClient

    /// A client that sends its requests through `http`.
    public init(http: HTTPClient) {
        self.http = http
    }

    /// A client with its own ``HTTPClient`` made from `configuration`.
    public convenience init(configuration: HTTPClient.Configuration) throws(CalDAVError) {
        self.init(http: try HTTPClient(configuration: configuration))
    }

    // MARK: Items

    /// Reads the item at `url`.
    public func get(_ url: ServerURL) throws(CalDAVError) -> CalendarItem {
        let response = try send(HTTPRequest(method: "GET", url: url), expecting: [200])
        guard let etag = response.entityTag else { throw .badResponse(reason: "GET \(url.path) gave no ETag") }
        return CalendarItem(href: url.path, etag: etag, calendarData: response.text)
    }

    /// Creates the item at `url` only if nothing is there yet (`If-None-Match: *`); returns its
    /// ETag. An item already there fails with ``CalDAVError/preconditionFailed(path:)``.
    public func create(_ calendarData: String, at url: ServerURL) throws(CalDAVError) -> String {
        let request = Self.createRequest(calendarData, at: url)
        return try putResult(of: request, answer: http.send(request))
    }

    /// Replaces the item at `url` only if its ETag is still `etag` (`If-Match`); returns the new
    /// ETag. A changed or deleted item fails with ``CalDAVError/preconditionFailed(path:)``.
    public func update(_ calendarData: String, at url: ServerURL, ifMatch etag: String) throws(CalDAVError) -> String {
        let request = Self.updateRequest(calendarData, at: url, ifMatch: etag)
        return try putResult(of: request, answer: http.send(request))
    }

    /// The request ``create(_:at:)`` sends, for a caller that sends several at once
    /// (``HTTPClient/start(_:)``) and reads each answer with ``putResult(of:answer:)``.
    public static func createRequest(_ calendarData: String, at url: ServerURL) -> HTTPRequest {
        putRequest(calendarData, at: url, condition: ("If-None-Match", "*"))
    }

    /// The request ``update(_:at:ifMatch:)`` sends (see ``createRequest(_:at:)``).
    public static func updateRequest(_ calendarData: String, at url: ServerURL, ifMatch etag: String) -> HTTPRequest {
        putRequest(calendarData, at: url, condition: ("If-Match", etag))
    }

    private static func putRequest(_ calendarData: String, at url: ServerURL, condition: (name: String, value: String)) -> HTTPRequest {
        HTTPRequest(method: "PUT", url: url, headers: [("Content-Type", "text/calendar; charset=utf-8"), condition],
                    body: Array(calendarData.utf8))
    }

    /// The new ETag from the answer to a PUT made by ``createRequest(_:at:)`` or
    /// ``updateRequest(_:at:ifMatch:)``, as ``create(_:at:)`` and ``update(_:at:ifMatch:)`` read
    /// it: a failed status is its error, and an answer without an ETag costs one more request.
    public func putResult(of request: HTTPRequest, answer: HTTPResponse) throws(CalDAVError) -> String {
        try Self.checkedStatus(of: answer, path: request.url.path, expecting: [200, 201, 204])
        if let etag = answer.entityTag { return etag }
        // A server may leave the ETag out (RFC 4791 §5.3.4 when it changed the data): ask for it.
        return try entityTag(of: request.url)
    }

    /// Deletes the item at `url`, only if its ETag is still `etag` when one is given.
    public func delete(_ url: ServerURL, ifMatch etag: String?) throws(CalDAVError) {
        let request = Self.deleteRequest(url, ifMatch: etag)
        try Self.deleteResult(of: request, answer: http.send(request))
    }

    /// The request ``delete(_:ifMatch:)`` sends (see ``createRequest(_:at:)``).
    public static func deleteRequest(_ url: ServerURL, ifMatch etag: String?) -> HTTPRequest {
        HTTPRequest(method: "DELETE", url: url, headers: etag.map { [(name: "If-Match", value: $0)] } ?? [])
    }

    /// Checks the answer to a request made by ``deleteRequest(_:ifMatch:)`` as ``delete(_:ifMatch:)`` does.
    public static func deleteResult(of request: HTTPRequest, answer: HTTPResponse) throws(CalDAVError) {
        try checkedStatus(of: answer, path: request.url.path, expecting: [200, 202, 204])
    }

    /// The current ETag of the resource at `url` (a Depth 0 PROPFIND).
    public func entityTag(of url: ServerURL) throws(CalDAVError) -> String {
        let answer = try propfind(url, depth: 0, properties: [(XMLNamespace.dav, "getetag")])
        guard let etag = answer.responses.first?.property(XMLNamespace.dav, "getetag")?.text, !etag.isEmpty else {
            throw .badResponse(reason: "no ETag for \(url.path)")
        }
        return etag
    }

    // MARK: Collections

    /// Creates a calendar collection at `url` that holds todos, named `displayName` (MKCALENDAR).
    public func makeCalendar(at url: ServerURL, displayName: String) throws(CalDAVError) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
             <D:set><D:prop>
              <D:displayname>\(displayName.xmlEscaped)</D:displayname>
              <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
             </D:prop></D:set>
            </C:mkcalendar>
            """
        _ = try send(HTTPRequest(method: "MKCALENDAR", url: url, headers: [Self.xmlContentType], body: Array(body.utf8)),
                     expecting: [201])
    }

    /// Deletes the collection at `url` and everything in it.
    public func deleteCollection(_ url: ServerURL) throws(CalDAVError) {
        try delete(url, ifMatch: nil)
    }

    /// Every member of the collection at `url` with its ETag (a Depth 1 PROPFIND): the listing a
    /// sync falls back to when the server has no `sync-collection` or forgot the token. Members
    /// named outside the collection are left out: ``itemListing(in:)`` names them.
    public func listItems(in url: ServerURL) throws(CalDAVError) -> [ItemVersion] {
        try itemListing(in: url).changed
    }

    /// Every member of the collection at `url` with its ETag, as changes without a token, and the
    /// hrefs the server named outside the collection, refused (see ``CollectionChanges/refused``).
    public func itemListing(in url: ServerURL) throws(CalDAVError) -> CollectionChanges {
        let answer = try propfind(url, depth: 1, properties: [(XMLNamespace.dav, "resourcetype"), (XMLNamespace.dav, "getetag")])
        var listing = CollectionChanges(changed: [], removed: [], syncToken: "", isTruncated: false)
        let plainChildren = ServerURL.PlainChildren(of: url)
        for response in answer.responses {
            guard let member = try Self.memberPath(response.href, of: url, plainChildren: plainChildren, refusingInto: &listing.refused) else { continue }
            guard !Self.isCollection(response), let etag = response.property(XMLNamespace.dav, "getetag")?.text else { continue }
            listing.changed.append(ItemVersion(href: member, etag: etag))
        }
        return listing
    }

    /// Every item of the collection at `url` that holds a VTODO, with its ETag, by the RFC 4791
    /// `calendar-query` report (§7.8): the listing for a server that does not offer
    /// `sync-collection`. Events and other components are not listed. Like ``itemListing(in:)``, the
    /// changes carry no token, and hrefs named outside the collection are refused.
    public func todoListing(in url: ServerURL) throws(CalDAVError) -> CollectionChanges {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
             <D:prop><D:getetag/></D:prop>
             <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        let answer = try multistatus(HTTPRequest(method: "REPORT", url: url, headers: [Self.xmlContentType, ("Depth", "1")],
                                                 body: Array(body.utf8)))
        var listing = CollectionChanges(changed: [], removed: [], syncToken: "", isTruncated: false)
        let plainChildren = ServerURL.PlainChildren(of: url)
        for response in answer.responses {
            guard let member = try Self.memberPath(response.href, of: url, plainChildren: plainChildren, refusingInto: &listing.refused) else { continue }
            guard !Self.isCollection(response), let etag = response.property(XMLNamespace.dav, "getetag")?.text else { continue }
            listing.changed.append(ItemVersion(href: member, etag: etag))
        }
        return listing
    }

    /// The path of the member `href` names, as ``member(_:of:refusingInto:)`` finds it, without
    /// making an address of it when `href` is the collection's path and one plain segment (the
    /// hrefs servers write for every item of a listing or a report: a sync reads two per item).
    static func memberPath(_ href: String, of url: ServerURL, refusingInto refused: inout [ItemProblem]) throws(CalDAVError) -> String? {
        try memberPath(href, of: url, plainChildren: ServerURL.PlainChildren(of: url), refusingInto: &refused)
    }

    /// `memberPath(_:of:refusingInto:)` with the collection's part of `isPlainChild` checked once,
    /// by the caller, for all the hrefs of a multistatus (`plainChildren`, of `url`).
    static func memberPath(_ href: String, of url: ServerURL, plainChildren: ServerURL.PlainChildren,
                           refusingInto refused: inout [ItemProblem]) throws(CalDAVError) -> String? {
        if plainChildren.contains(href) { return href }
        return try member(href, of: url, refusingInto: &refused)?.path
    }

    /// The address `href` names if it is a member of the collection `url` (inside it, on the same
    /// server); nil for the collection itself, and for anything else, which is added to `refused`.
    static func member(_ href: String, of url: ServerURL, refusingInto refused: inout [ItemProblem]) throws(CalDAVError) -> ServerURL? {
        let resolved: ServerURL
        do {
            resolved = try url.resolving(href)
        } catch {
            refused.append(ItemProblem(href: href, reason: "not an address Tick can use"))
            return nil
        }
        if resolved.hasSameOrigin(as: url) && resolved.path == url.path { return nil }
        guard resolved.isInside(url) else {
            refused.append(ItemProblem(href: href, reason: "outside its collection \(url.path): nothing is sent there"))
            return nil
        }
        return resolved
    }

    /// The items at `hrefs` (paths in the collection at `url`), read with `calendar-multiget`
    /// requests of at most `batchSize` hrefs each. An href the server no longer has is left out, and
    /// so is one the server answers for outside the collection.
    public func multiget(_ hrefs: [String], in url: ServerURL, batchSize: Int = 200) throws(CalDAVError) -> [CalendarItem] {
        var items: [CalendarItem] = []
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(start + max(1, batchSize), hrefs.count)]
            start = batch.endIndex
            var refused: [ItemProblem] = []
            items += try multigetBatch(Array(batch), in: url, refusingInto: &refused)
        }
        return items
    }

    /// The items at `hrefs` as ``multiget(_:in:batchSize:)`` reads them, but a batch whose answer
    /// cannot be read (invalid XML, such as a control character a server wrote raw into an item, or
    /// an answer over the size limit) costs only its bad items: it is asked again in halves, and a
    /// single item alone by GET (its bytes as stored, no XML around them). An item that cannot be
    /// had either way is named in ``ItemFetch/problems`` and the rest is returned.
    public func fetchItems(_ hrefs: [String], in url: ServerURL, batchSize: Int = 200) throws(CalDAVError) -> ItemFetch {
        var result = ItemFetch()
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(start + max(1, batchSize), hrefs.count)])
            start += batch.count
            try fetch(batch, in: url, into: &result)
        }
        return result
    }

    private func fetch(_ batch: [String], in url: ServerURL, into fetch: inout ItemFetch) throws(CalDAVError) {
        do {
            fetch.items += try multigetBatch(batch, in: url, refusingInto: &fetch.problems)
        } catch let error where Self.isConfinedToItsAnswer(error) {
            guard batch.count > 1 else {
                fetch.problems += getAlone(batch[0], in: url, into: &fetch.items, multigetError: error)
                return
            }
            let half = batch.count / 2
            try self.fetch(Array(batch[..<half]), in: url, into: &fetch)
            try self.fetch(Array(batch[half...]), in: url, into: &fetch)
        }
    }

    /// One item by GET, after its multiget failed with `multigetError`; the problems it had.
    private func getAlone(_ href: String, in url: ServerURL, into items: inout [CalendarItem], multigetError: CalDAVError) -> [ItemProblem] {
        var refused: [ItemProblem] = []
        do {
            guard let member = try Self.member(href, of: url, refusingInto: &refused) else { return refused }
            items.append(try get(member))
            return []
        } catch .notFound, .gone {
            return []  // Deleted since it was listed: the next sync hears of it.
        } catch {
            return [ItemProblem(href: href, reason: "\(multigetError.description) Alone: \(error.description)")]
        }
    }

    /// Whether `error` is about one answer's content (unreadable, too large), which asking for less
    /// may avoid, rather than about the server or the connection.
    public static func isConfinedToItsAnswer(_ error: CalDAVError) -> Bool {
        switch error {
        case .badResponse, .answerTooLarge: true
        default: false
        }
    }

    /// Every item of the collection at `url` with its ETag and data, in one RFC 4791 `calendar-query`
    /// report (§7.8) that matches any calendar object. A server may answer this far faster than
    /// multigets of the same items: Xandikos reads the whole collection for each href of a multiget
    /// (about 50 ms an href at 2,000 items) but answers this query for all 2,000 in about 1.5 s. An
    /// answer over the size limit fails with ``CalDAVError/answerTooLarge(limit:)``; hrefs named
    /// outside the collection are in ``ItemFetch/problems``.
    public func collectionItems(in url: ServerURL) throws(CalDAVError) -> ItemFetch {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
             <D:prop><D:getetag/><C:calendar-data/></D:prop>
             <C:filter><C:comp-filter name="VCALENDAR"/></C:filter>
            </C:calendar-query>
            """
        let answer = try multistatus(HTTPRequest(method: "REPORT", url: url, headers: [Self.xmlContentType, ("Depth", "1")],
                                                 body: Array(body.utf8)))
        var fetch = ItemFetch()
        fetch.items = try Self.calendarItems(in: answer, of: url, refusingInto: &fetch.problems)
        return fetch
    }

    private func multigetBatch(_ batch: [String], in url: ServerURL, refusingInto refused: inout [ItemProblem]) throws(CalDAVError) -> [CalendarItem] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
             <D:prop><D:getetag/><C:calendar-data/></D:prop>
            \(batch.map { " <D:href>\($0.xmlEscaped)</D:href>" }.joined(separator: "\n"))
            </C:calendar-multiget>
            """
        let answer = try multistatus(HTTPRequest(method: "REPORT", url: url, headers: [Self.xmlContentType, ("Depth", "1")],
                                                 body: Array(body.utf8)))
        return try Self.calendarItems(in: answer, of: url, refusingInto: &refused)
    }

    /// The items with data and an ETag that a multiget or calendar-query `answer` names inside the
    /// collection at `url`; an href named outside it is added to `refused`.
    private static func calendarItems(in answer: Multistatus, of url: ServerURL,
                                      refusingInto refused: inout [ItemProblem]) throws(CalDAVError) -> [CalendarItem] {
        var items: [CalendarItem] = []
        let plainChildren = ServerURL.PlainChildren(of: url)
        for response in answer.responses {
            guard let data = response.property(XMLNamespace.calDAV, "calendar-data"),
                  let etag = response.property(XMLNamespace.dav, "getetag")?.text,
                  let member = try memberPath(response.href, of: url, plainChildren: plainChildren, refusingInto: &refused) else { continue }
            items.append(CalendarItem(href: member, etag: etag, calendarData: data.content))
        }
        return items
    }

    /// What changed in the collection at `url` since `token` (nil: everything, for a first sync),
    /// by the RFC 6578 `sync-collection` report. A token the server no longer accepts fails with
    /// ``CalDAVError/syncTokenInvalid``: list the collection with ``listItems(in:)`` instead.
    public func changes(in url: ServerURL, since token: String?) throws(CalDAVError) -> CollectionChanges {
        let tokenElement = token.map { "<D:sync-token>\($0.xmlEscaped)</D:sync-token>" } ?? "<D:sync-token/>"
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:sync-collection xmlns:D="DAV:">
             \(tokenElement)
             <D:sync-level>1</D:sync-level>
             <D:prop><D:getetag/></D:prop>
            </D:sync-collection>
            """
        // RFC 6578 §3.3: Depth 0; the sync-level says how deep.
        let request = HTTPRequest(method: "REPORT", url: url, headers: [Self.xmlContentType, ("Depth", "0")], body: Array(body.utf8))
        let reader = MultistatusReader()
        let response = try http.send(request, bodyTo: reader)
        if [400, 403, 409].contains(response.status) && Self.namesInvalidSyncToken(response.body) {
            throw .syncTokenInvalid
        }
        try Self.checkedStatus(of: response, path: url.path, expecting: [207])
        let answer = try Self.answer(of: reader, to: request)
        guard let newToken = answer.syncToken, !newToken.isEmpty else {
            throw .badResponse(reason: "the sync-collection answer has no sync-token")
        }
        var changes = CollectionChanges(changed: [], removed: [], syncToken: newToken, isTruncated: false)
        let plainChildren = ServerURL.PlainChildren(of: url)
        for response in answer.responses {
            let refusedBefore = changes.refused.count
            guard let member = try Self.memberPath(response.href, of: url, plainChildren: plainChildren, refusingInto: &changes.refused) else {
                // Not refused: the collection itself, which appears only to say the answer was cut short (§3.6).
                if changes.refused.count == refusedBefore {
                    changes.isTruncated = changes.isTruncated || response.status == 507
                }
                continue
            }
            if response.status == 404 {
                changes.removed.append(member)
            } else if !Self.isCollection(response), let etag = response.property(XMLNamespace.dav, "getetag")?.text {
                changes.changed.append(ItemVersion(href: member, etag: etag))
            }
        }
        return changes
    }

    // MARK: Requests

    static let xmlContentType = (name: "Content-Type", value: "application/xml; charset=utf-8")

    /// A PROPFIND of `properties` at `depth`.
    func propfind(_ url: ServerURL, depth: Int, properties: [(namespace: String, name: String)]) throws(CalDAVError) -> Multistatus {
        try multistatus(Self.propfindRequest(url, depth: depth, properties: properties))
    }

    /// The PROPFIND request of `properties` at `depth`.
    static func propfindRequest(_ url: ServerURL, depth: Int, properties: [(namespace: String, name: String)]) -> HTTPRequest {
        let prefixes = [XMLNamespace.dav: "D", XMLNamespace.calDAV: "C", XMLNamespace.calendarServer: "CS", XMLNamespace.appleICal: "A"]
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/" xmlns:A="http://apple.com/ns/ical/">
             <D:prop>\(properties.map { "<\(prefixes[$0.namespace] ?? "D"):\($0.name)/>" }.joined())</D:prop>
            </D:propfind>
            """
        return HTTPRequest(method: "PROPFIND", url: url, headers: [xmlContentType, ("Depth", String(depth))], body: Array(body.utf8))
    }

    /// Sends `request` and reads its 207 answer as it arrives.
    func multistatus(_ request: HTTPRequest) throws(CalDAVError) -> Multistatus {
        let reader = MultistatusReader()
        let response = try http.send(request, bodyTo: reader)
        try Self.checkedStatus(of: response, path: request.url.path, expecting: [207])
        return try Self.answer(of: reader, to: request)
    }

    /// What `reader` read of the answer to `request`; an answer it could not read is named by its
    /// request (`REPORT /cal/work/: the XML could not be read (line 3: …)`), so the user knows where.
    static func answer(of reader: MultistatusReader, to request: HTTPRequest) throws(CalDAVError) -> Multistatus {
        do {
            return try reader.finish()
        } catch .badResponse(let reason) {
            throw .badResponse(reason: "\(request.method) \(request.url.path): \(reason)")
        } catch {
            throw error
        }
    }

    /// Sends `request` and checks that its status is one of `expected`.
    func send(_ request: HTTPRequest, expecting expected: Set<Int>) throws(CalDAVError) -> HTTPResponse {
        let response = try http.send(request)
        try Self.checkedStatus(of: response, path: request.url.path, expecting: expected)
        return response
    }

    /// Throws the typed error for an answer whose status is not one of `expected` (401 unauthorized,
    /// 404 not found, 503 with its `Retry-After`…).
    public static func checkedStatus(of response: HTTPResponse, path: String, expecting expected: Set<Int>) throws(CalDAVError) {
        if expected.contains(response.status) { return }
        switch response.status {
        case 401: throw .unauthorized
        case 403: throw .forbidden
        case 404: throw .notFound(path: path)
        case 410: throw .gone(path: path)
        case 412: throw .preconditionFailed(path: path)
        case 507: throw .insufficientStorage
        case 400...599: throw .serverError(status: response.status, retryAfter: response.retryAfterSeconds)
        default: throw .badResponse(reason: "unexpected status \(response.status) for \(path)")
        }
    }

    /// Whether an error body is RFC 6578's `<D:error><D:valid-sync-token/></D:error>`. A body that
    /// is not XML is simply not that error: the status then speaks for itself.
    static func namesInvalidSyncToken(_ body: [UInt8]) -> Bool {
        do {
            let error = try XMLElement.parse(body)
            return error.is(XMLNamespace.dav, "error") && error.child(XMLNamespace.dav, "valid-sync-token") != nil
        } catch {
            return false
        }
    }

    static func isCollection(_ response: Multistatus.Response) -> Bool {
        response.property(XMLNamespace.dav, "resourcetype")?.child(XMLNamespace.dav, "collection") != nil
    }
}
