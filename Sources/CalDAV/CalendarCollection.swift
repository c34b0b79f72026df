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
    /// The reports of its `supported-report-set` (RFC 3253 §3.1.5), as namespace and local name
    /// (`DAV: sync-collection`, `urn:ietf:params:xml:ns:caldav calendar-query`); nil when the server
    /// did not say, which tells nothing either way.
    public var supportedReports: Set<Report>?

    /// A report a collection can answer, by namespace and local name.
    public struct Report: Sendable, Hashable {
        /// The namespace URI (`DAV:`, CalDAV's).
        public var namespace: String
        /// The local name (`sync-collection`).
        public var name: String

        /// A report.
        public init(namespace: String, name: String) {
            self.namespace = namespace
            self.name = name
        }

        /// RFC 6578's `sync-collection`: changes since a token.
        public static let syncCollection = Report(namespace: XMLNamespace.dav, name: "sync-collection")
        /// RFC 4791's `calendar-query`: the items that match a filter.
        public static let calendarQuery = Report(namespace: XMLNamespace.calDAV, name: "calendar-query")
    }

    /// A collection description.
    public init(url: ServerURL, displayName: String? = nil, supportedComponents: [String] = [], ctag: String? = nil, syncToken: String? = nil,
                supportedReports: Set<Report>? = nil) {
        self.url = url
        self.displayName = displayName
        self.supportedComponents = supportedComponents
        self.ctag = ctag
        self.syncToken = syncToken
        self.supportedReports = supportedReports
    }

    /// Whether the collection can hold todos.
    public var supportsTodos: Bool {
        supportedComponents.isEmpty || supportedComponents.contains("VTODO")
    }

    /// Whether the server says the collection answers `report`: nil when it gave no report set.
    public func offers(_ report: Report) -> Bool? {
        supportedReports.map { $0.contains(report) }
    }

    /// The name a list made for this collection gets: its display name, else the last segment of
    /// its path, percent-decoded (`/alice/My%20tasks/` is "My tasks"), else "Calendar".
    public var listName: String {
        if let displayName { return displayName }
        guard let segment = url.path.split(separator: "/").last, let name = Self.percentDecoded(segment), !name.isEmpty else { return "Calendar" }
        return name
    }

    /// `text` with its `%XX` escapes decoded; nil when they do not make UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), high < utf8.endIndex,
               let low = utf8.index(high, offsetBy: 1, limitedBy: utf8.endIndex), low < utf8.endIndex,
               let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = utf8.index(after: low)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
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
