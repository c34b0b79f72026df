/// How the user last chose to look at the todos (`s`, `H`, `R`, `W`), remembered in the store so a restart
/// shows the same view; nil where they never chose (the config file's setting, or the default, applies).
public struct ViewState: Equatable, Sendable {
    /// The order chosen with `s`.
    public var sort: TodoSort?
    /// Whether done todos were hidden with `H`.
    public var hidesCompleted: Bool?
    /// Whether todos waiting for their start day were hidden with `R`.
    public var hidesWaiting: Bool?
    /// Whether long titles were wrapped with `W`.
    public var wrapsTitles: Bool?
    /// The todos whose subtasks were collapsed with `z` (ids, which are never reused), in the order
    /// they were collapsed; a todo deleted since is simply not found.
    public var collapsedTodoIDs: [Int64]?

    /// A view state; nil fields were never chosen.
    public init(sort: TodoSort? = nil, hidesCompleted: Bool? = nil, hidesWaiting: Bool? = nil, wrapsTitles: Bool? = nil,
                collapsedTodoIDs: [Int64]? = nil) {
        self.sort = sort
        self.hidesCompleted = hidesCompleted
        self.hidesWaiting = hidesWaiting
        self.wrapsTitles = wrapsTitles
        self.collapsedTodoIDs = collapsedTodoIDs
    }
}

/// Which of the optional columns every row of the list shows, so that titles start in the same
/// column in every row, whatever its list and whether it is done.
public struct RowColumns: Equatable, Sendable {
    /// Some todo (in any list, open or done) has a priority.
    public var priority: Bool
    /// Some todo (in any list, open or done) is flagged.
    public var flag: Bool

    /// The columns shown.
    public init(priority: Bool = false, flag: Bool = false) {
        self.priority = priority
        self.flag = flag
    }
}

extension TodoStore {
    /// The view state remembered in the store. A value this build does not know (written by a newer
    /// Tick) counts as never chosen.
    public func viewState() throws -> ViewState {
        try reading {
            var state = ViewState()
            let rows = try connection.query("SELECT name, value FROM view_settings") { ($0.string(at: 0), $0.string(at: 1)) }
            for (name, value) in rows {
                switch name {
                case "sort": state.sort = TodoSort(rawValue: value)
                case "hide-completed": state.hidesCompleted = value == "yes" ? true : value == "no" ? false : nil
                case "hide-waiting": state.hidesWaiting = value == "yes" ? true : value == "no" ? false : nil
                case "wrap": state.wrapsTitles = value == "yes" ? true : value == "no" ? false : nil
                case "collapsed-todos": state.collapsedTodoIDs = value.split(separator: " ").compactMap { Int64($0) }
                default: break
                }
            }
            return state
        }
    }

    /// Remembers the chosen fields of `state` (nil fields are left as they are), in one transaction
    /// and outside the undo history.
    public func saveViewState(_ state: ViewState) throws {
        try requireWritable()
        var settings: [(String, String)] = []
        if let sort = state.sort { settings.append(("sort", sort.rawValue)) }
        if let hides = state.hidesCompleted { settings.append(("hide-completed", hides ? "yes" : "no")) }
        if let hides = state.hidesWaiting { settings.append(("hide-waiting", hides ? "yes" : "no")) }
        if let wraps = state.wrapsTitles { settings.append(("wrap", wraps ? "yes" : "no")) }
        if let ids = state.collapsedTodoIDs { settings.append(("collapsed-todos", ids.map(String.init).joined(separator: " "))) }
        guard !settings.isEmpty else { return }
        try connection.transaction {
            for (name, value) in settings {
                try connection.run(Self.saveViewSettingSQL, [name, value])
            }
        }
    }

    /// Writes one view setting (a name and its value).
    static let saveViewSettingSQL = "INSERT INTO view_settings(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value"

    /// Which optional columns the rows need: answered from two small partial indexes (O(log n)) and
    /// remembered until something changes.
    public func rowColumns() throws -> RowColumns {
        try reading { try listCatalog.rowColumns() }
    }
}
