extension CalDAVClient {
    /// The properties discovery asks for at each step.
    private static let collectionProperties: [(namespace: String, name: String)] = [
        (XMLNamespace.dav, "resourcetype"), (XMLNamespace.dav, "displayname"),
        (XMLNamespace.calDAV, "supported-calendar-component-set"),
        (XMLNamespace.calendarServer, "getctag"), (XMLNamespace.dav, "sync-token"),
    ]

    /// The collections that can hold todos, found from `url` (RFC 4791 §7.1, RFC 5397):
    /// `current-user-principal` → its `calendar-home-set` → a Depth 1 listing of the home, keeping
    /// the calendars whose component set includes VTODO. `url` may be the server's root, a
    /// principal, a calendar home, or a collection itself (then it alone is returned, if it holds todos).
    public func discoverCalendars(at url: ServerURL) throws(CalDAVError) -> [CalendarCollection] {
        let start = try propfind(url, depth: 0, properties: Self.collectionProperties + [
            (XMLNamespace.dav, "current-user-principal"), (XMLNamespace.calDAV, "calendar-home-set"),
        ])
        guard let first = start.responses.first else { throw .badResponse(reason: "PROPFIND of \(url.path) listed nothing") }
        if Self.isCalendar(first) {
            let collection = try Self.collection(from: first, at: url)
            return collection.supportsTodos ? [collection] : []
        }
        let home = try calendarHome(from: first, at: url)
        let listing = try propfind(home, depth: 1, properties: Self.collectionProperties)
        var calendars: [CalendarCollection] = []
        for response in listing.responses where Self.isCalendar(response) {
            let collection = try Self.collection(from: response, at: home)
            if collection.url.path != home.path && collection.supportsTodos { calendars.append(collection) }
        }
        return calendars
    }

    /// The calendar home named by the first answer, or by the principal it names; a URL with
    /// neither is taken as the home itself.
    private func calendarHome(from response: Multistatus.Response, at url: ServerURL) throws(CalDAVError) -> ServerURL {
        if let home = Self.href(in: response.property(XMLNamespace.calDAV, "calendar-home-set")) {
            return try url.resolving(home)
        }
        guard let principalHref = Self.href(in: response.property(XMLNamespace.dav, "current-user-principal")) else { return url }
        let principal = try url.resolving(principalHref)
        let answer = try propfind(principal, depth: 0, properties: [(XMLNamespace.calDAV, "calendar-home-set")])
        guard let home = Self.href(in: answer.responses.first?.property(XMLNamespace.calDAV, "calendar-home-set")) else {
            throw .badResponse(reason: "the principal \(principal.path) names no calendar home")
        }
        return try principal.resolving(home)
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
        return CalendarCollection(
            url: try base.resolving(response.href),
            displayName: response.property(XMLNamespace.dav, "displayname").map(\.text).flatMap { $0.isEmpty ? nil : $0 },
            supportedComponents: components,
            ctag: response.property(XMLNamespace.calendarServer, "getctag")?.text,
            syncToken: response.property(XMLNamespace.dav, "sync-token")?.text)
    }
}
