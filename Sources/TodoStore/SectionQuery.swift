import FoundationEssentials

/// How the open todos of a section are ordered; done todos always follow in completion order.
public enum TodoSort: String, CaseIterable, Sendable {
    /// The user's order (position, then id): the only order with O(1) ranks at any size.
    case manual
    /// Earliest due day first, todos without one last, then the manual order.
    case due
    /// Highest priority first, then the manual order.
    case priority
    /// Oldest first (creation time, then id).
    case created
}

/// What one list shows: which list, in which order, with or without done todos, filtered or not.
public struct SectionQuery: Hashable, Sendable {
    /// At most this many rows match a search in one list; `count(_:)` reports how many are shown.
    public static let searchLimit = 1_000

    /// The list whose todos are shown (ignored when `dueWindow` is set).
    public var listID: Int64
    /// When set, the section shows the open todos of every list due in this window instead of a
    /// list: by due (day, then time), highest priority first, then oldest first (an agenda group).
    public var dueWindow: TodoStore.DueWindow?
    /// The order of the open todos.
    public var sort: TodoSort
    /// Whether done todos follow the open ones.
    public var includesCompleted: Bool
    /// Text that titles or notes must contain (case-insensitive), or `#tag` alone for a tag; nil or
    /// empty shows everything. It also names a search (`FoundSearch.text`) when `matching` is set.
    public var search: String?
    /// The query language's filter (`TodoQuery`): when set, it decides the matches instead of `search`.
    public var matching: TodoQuery?
    /// When set (today, `YYYY-MM-DD`), open todos still waiting on that day (a start day after it)
    /// are left out: of the rows, the counts and the rows' numbering, as hidden done todos are. A
    /// search keeps them when its query asks for waiting todos (`is:waiting`). Ignored by agenda
    /// groups, which never show waiting todos.
    public var readyOn: String?

    /// Creates a query; by default the list in manual order with its done todos, unfiltered.
    public init(listID: Int64, sort: TodoSort = .manual, includesCompleted: Bool = true, search: String? = nil) {
        self.listID = listID
        self.sort = sort
        self.includesCompleted = includesCompleted
        self.search = search
    }

    /// The open todos of every list due in `window` (an agenda group); sort, done todos and search
    /// do not apply to it.
    public init(due window: TodoStore.DueWindow) {
        self.init(listID: 0, includesCompleted: false)
        dueWindow = window
    }

    /// The search text when it filters anything.
    var activeSearch: String? {
        guard let search, !search.isEmpty else { return nil }
        return search
    }

    /// What a row must match, when the query filters anything: `matching`, else `search` as one phrase.
    var activeQuery: TodoQuery? {
        var query: TodoQuery
        if let matching {
            guard !matching.isEmpty else { return nil }
            query = matching
        } else {
            guard let search = activeSearch else { return nil }
            query = TodoQuery(searchText: search)
        }
        if let readyOn, query.waitingOn == nil, query.readyOn == nil { query.readyOn = readyOn }
        return query
    }

    /// The day waiting todos are hidden on, for a list's own rows (not a search's, nor an agenda's).
    var hidesWaitingOn: String? {
        dueWindow == nil && !isSearch ? readyOn : nil
    }

    /// Whether the rows are a search's matches rather than the whole list.
    var isSearch: Bool { activeQuery != nil }
}
