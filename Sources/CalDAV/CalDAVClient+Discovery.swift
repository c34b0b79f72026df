extension CalDAVClient {
    /// The properties discovery asks for at each step.
    private static let collectionProperties: [(namespace: String, name: String)] = [
        (XMLNamespace.dav, "resourcetype"), (XMLNamespace.dav, "displayname"),
        (XMLNamespace.calDAV, "supported-calendar-component-set"),
        (XMLNamespace.calendarServer, "getctag"), (XMLNamespace.dav, "sync-token"), (XMLNamespace.dav, "supported-report-set"),
    ]

    /// What discovery found: the collections that hold todos, and where new ones belong.
    public struct Discovery: Sendable, Equatable {
        /// The calendar collections whose component set includes VTODO.
        public var calendars: [CalendarCollection]
        /// The calendar home, where a new collection is made: the discovered one, or for a URL
        /// that names one collection, the folder that holds it.
        public var home: ServerURL
        /// Collections the listing named on another server (scheme, host or port): left out, since
        /// the credentials go nowhere else. Each is the address as the server wrote it.
        public var refusedCollections: [String] = []
    }

    /// The collections that can hold todos, found from `url`: see ``discover(at:)``.
    public func discoverCalendars(at url: ServerURL) throws(CalDAVError) -> [CalendarCollection] {
        try discover(at: url).calendars
    }

    /// The collections that can hold todos and the calendar home, found from `url` (RFC 4791 §7.1,
    /// RFC 5397): `current-user-principal` → its `calendar-home-set` → a Depth 1 listing of the home,
    /// keeping the calendars whose component set includes VTODO. `url` may be the server's root, a
    /// principal, a calendar home, or a collection itself (then it alone is returned, if it holds
    /// todos). Redirects to the same host are followed (see `propfindFollowingRedirects`), and a
    /// server root that answers nothing useful is asked again at `/.well-known/caldav` (RFC 6764).
    public func discover(at url: ServerURL) throws(CalDAVError) -> Discovery {
        let properties = Self.collectionProperties + [
            (XMLNamespace.dav, "current-user-principal"), (XMLNamespace.calDAV, "calendar-home-set"),
        ]
        var (start, base): (Multistatus, ServerURL)
        do {
            (start, base) = try propfindFollowingRedirects(url, depth: 0, properties: properties)
            if url.path == "/", let first = start.responses.first, !Self.isCalendar(first), !Self.namesHome(first) {
                (start, base) = try propfindFollowingRedirects(try url.resolving("/.well-known/caldav"), depth: 0, properties: properties)
            }
        } catch .notFound where url.path == "/" {
            (start, base) = try propfindFollowingRedirects(try url.resolving("/.well-known/caldav"), depth: 0, properties: properties)
        }
        guard let first = start.responses.first else { throw .badResponse(reason: "PROPFIND of \(base.path) listed nothing") }
        if Self.isCalendar(first) {
            let collection = try Self.collection(from: first, at: base)
            try Self.requireSameServer(collection.url, as: base, naming: "the collection")
            return Discovery(calendars: collection.supportsTodos ? [collection] : [], home: try collection.url.resolving("../"))
        }
        let home = try calendarHome(from: first, at: base)
        let listing = try propfind(home, depth: 1, properties: Self.collectionProperties)
        var calendars: [CalendarCollection] = []
        var refused: [String] = []
        for response in listing.responses where Self.isCalendar(response) {
            let collection = try Self.collection(from: response, at: home)
            guard collection.url.hasSameOrigin(as: home) else {
                refused.append(collection.url.absoluteString)
                continue
            }
            if collection.url.path != home.path && collection.supportsTodos { calendars.append(collection) }
        }
        return Discovery(calendars: calendars, home: home, refusedCollections: refused)
    }

    /// Throws unless `url`, an address the server named as `what`, is on the same server as `base`
    /// (scheme, host and port): the password goes nowhere else.
    static func requireSameServer(_ url: ServerURL, as base: ServerURL, naming what: String) throws(CalDAVError) {
        guard url.hasSameOrigin(as: base) else {
            throw .refusedAddress(reason: "it names \(what) at \(url), not on \(base.origin); nothing was sent there. "
                                  + "If that is right, set that address as the server URL")
        }
    }

    /// Whether an answer names a principal or a calendar home to go on from.
    private static func namesHome(_ response: Multistatus.Response) -> Bool {
        href(in: response.property(XMLNamespace.calDAV, "calendar-home-set")) != nil
            || href(in: response.property(XMLNamespace.dav, "current-user-principal")) != nil
    }

    /// The calendar home named by the first answer, or by the principal it names; a URL with
    /// neither is taken as the home itself.
    private func calendarHome(from response: Multistatus.Response, at url: ServerURL) throws(CalDAVError) -> ServerURL {
        if let home = Self.href(in: response.property(XMLNamespace.calDAV, "calendar-home-set")) {
            let resolved = try url.resolving(home)
            try Self.requireSameServer(resolved, as: url, naming: "its calendar home")
            return resolved
        }
        guard let principalHref = Self.href(in: response.property(XMLNamespace.dav, "current-user-principal")) else { return url }
        let principal = try url.resolving(principalHref)
        try Self.requireSameServer(principal, as: url, naming: "the user's principal")
        let answer = try propfind(principal, depth: 0, properties: [(XMLNamespace.calDAV, "calendar-home-set")])
        guard let home = Self.href(in: answer.responses.first?.property(XMLNamespace.calDAV, "calendar-home-set")) else {
            throw .badResponse(reason: "the principal \(principal.path) names no calendar home")
        }
        let resolved = try principal.resolving(home)
        try Self.requireSameServer(resolved, as: url, naming: "its calendar home")
        return resolved
    }

    private static func href(in property: XMLElement?) -> String? {
        guard let href = property?.child(XMLNamespace.dav, "href")?.text, !href.isEmpty else { return nil }
        return href
    }

    private static func isCalendar(_ response: Multistatus.Response) -> Bool {
        response.property(XMLNamespace.dav, "resourcetype")?.child(XMLNamespace.calDAV, "calendar") != nil
    }

    private static func collection(from response: Multistatus.Response, at base: ServerURL) throws(CalDAVError) -> CalendarCollection {
        let components = response.property(XMLNamespace.calDAV, "supported-calendar-component-set")?
            .children(XMLNamespace.calDAV, "comp").compactMap { component in
                component.attributes["name"].map { $0.uppercased() }
            } ?? []
        let url = try base.resolving(response.href)
        return CalendarCollection(
            url: url,
            displayName: displayName(response.property(XMLNamespace.dav, "displayname")?.text, of: url),
            supportedComponents: components,
            ctag: response.property(XMLNamespace.calendarServer, "getctag")?.text,
            syncToken: response.property(XMLNamespace.dav, "sync-token")?.text,
            supportedReports: response.property(XMLNamespace.dav, "supported-report-set").map(reports))
    }

    /// A collection's display name as the server gave it, or nil for none: empty, or its own path
    /// (`alice/tasks`, which Radicale 3 gives a collection that has no name), is none.
    static func displayName(_ text: String?, of url: ServerURL) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let path = url.path.split(separator: "/").joined(separator: "/")
        if text == path || text == url.path || CalendarCollection.percentDecoded(path[...]) == text { return nil }
        return text
    }

    /// The reports a `supported-report-set` names. RFC 3253 wraps each in `<supported-report><report>`;
    /// Xandikos leaves `<report>` out: any element below a `supported-report` that is not `report`
    /// names one.
    static func reports(in set: XMLElement) -> Set<CalendarCollection.Report> {
        var reports: Set<CalendarCollection.Report> = []
        func collect(_ element: XMLElement) {
            for child in element.children {
                if child.is(XMLNamespace.dav, "report") {
                    collect(child)
                } else {
                    reports.insert(CalendarCollection.Report(namespace: child.namespace, name: child.name))
                }
            }
        }
        for supported in set.children(XMLNamespace.dav, "supported-report") { collect(supported) }
        return reports
    }
}
