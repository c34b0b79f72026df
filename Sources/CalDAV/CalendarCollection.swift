/// A calendar collection found by discovery (RFC 4791 §5.2), with what a sync needs to know of it.
public struct CalendarCollection: Sendable, Equatable {
    /// The collection's address.
    public var url: ServerURL
    /// Its `displayname`, when it has one.
    public var displayName: String?
    /// The component names of `supported-calendar-component-set` (`VTODO`, `VEVENT`…); empty when
    /// the server does not say, which RFC 4791 defines as "all components".
    public var supportedComponents: [String]
    /// Calendar Server's `getctag`: changes whenever anything in the collection changes.
    public var ctag: String?
    /// The RFC 6578 `sync-token` property, when the server supports `sync-collection`.
    public var syncToken: String?

    /// A collection description.
    public init(url: ServerURL, displayName: String? = nil, supportedComponents: [String] = [], ctag: String? = nil, syncToken: String? = nil) {
        self.url = url
        self.displayName = displayName
        self.supportedComponents = supportedComponents
        self.ctag = ctag
        self.syncToken = syncToken
    }

    /// Whether the collection can hold todos.
    public var supportsTodos: Bool {
        supportedComponents.isEmpty || supportedComponents.contains("VTODO")
    }
}

/// A calendar object resource's address and version, as listings and sync reports give them.
public struct ItemVersion: Sendable, Hashable {
    /// The resource's path on the server (percent-encoded, as the server wrote it).
    public var href: String
    /// Its current `ETag`.
    public var etag: String

    /// A version of `href`.
    public init(href: String, etag: String) {
        self.href = href
        self.etag = etag
    }
}

/// A calendar object resource with its iCalendar text.
public struct CalendarItem: Sendable, Equatable {
    /// The resource's path on the server.
    public var href: String
    /// Its `ETag` when the text was read.
    public var etag: String
    /// The iCalendar text (`BEGIN:VCALENDAR`…) as the server sent it (from a multiget, line breaks are
    /// LF, as XML parsing normalizes them).
    public var calendarData: String

    /// An item.
    public init(href: String, etag: String, calendarData: String) {
        self.href = href
        self.etag = etag
        self.calendarData = calendarData
    }
}

/// What changed in a collection since a sync token (RFC 6578 `sync-collection`).
public struct CollectionChanges: Sendable, Equatable {
    /// Members created or changed since the token, with their new ETags.
    public var changed: [ItemVersion]
    /// Paths of members removed since the token.
    public var removed: [String]
    /// The token to give next time.
    public var syncToken: String
    /// Whether the server cut the answer short (RFC 6578 §3.6): ask again from `syncToken` for the rest.
    public var isTruncated: Bool
    /// Hrefs the server named that are not members of the collection (another server, or a path
    /// outside it such as `../../`): left out of `changed` and `removed`, so nothing is ever sent there.
    public var refused: [ItemProblem]

    /// A set of changes.
    public init(changed: [ItemVersion], removed: [String], syncToken: String, isTruncated: Bool, refused: [ItemProblem] = []) {
        self.changed = changed
        self.removed = removed
        self.syncToken = syncToken
        self.isTruncated = isTruncated
        self.refused = refused
    }
}

/// An item the client could not have or would not touch, and why.
public struct ItemProblem: Sendable, Equatable {
    /// The address as the server wrote it.
    public var href: String
    /// Why, in a few words for the user.
    public var reason: String

    /// A problem with `href`.
    public init(href: String, reason: String) {
        self.href = href
        self.reason = reason
    }
}

/// What ``CalDAVClient/fetchItems(_:in:batchSize:)`` got: the items, and those it could not have.
public struct ItemFetch: Sendable, Equatable {
    /// The items read.
    public var items: [CalendarItem] = []
    /// The items that could not be read, each with why.
    public var problems: [ItemProblem] = []

    /// Nothing fetched yet.
    public init() {}
}
