import FoundationEssentials

/// What a query asks of a todo, resolved: the value the query language (`tick ls QUERY…`, `/` in
/// the app, saved views) is parsed into, and what `MatchFinder` turns into SQL. Dates are already
/// days (`YYYY-MM-DD`), so the store needs no clock and no words.
///
/// Within one kind the terms combine as the query table of docs/command-line.md says: words, tags, excluded tags
/// and the `is:flagged`/`is:recurring` states must all hold; priorities, due windows, lists and the
/// done/open states are alternatives (a todo has one priority, one due day, one list). An empty
/// kind does not filter.
public struct TodoQuery: Hashable, Sendable {
    /// Text each of which titles or notes must contain (case-insensitive), or a tag must equal:
    /// `milk`, or a quoted phrase `"oat milk"` as one entry.
    public var words: [String] = []
    /// Tags every match has (`#work`), without their sign.
    public var tags: [String] = []
    /// Tags no match has (`-#someday`).
    public var excludedTags: [String] = []
    /// The priorities a match may have (0 for none, 1–3 for `!`–`!!!`); empty: any.
    public var priorities: Set<Int> = []
    /// Due windows a match's due day lies in; empty (and `matchesNoDue` false): any due.
    public var dueWindows: [TodoStore.DueWindow] = []
    /// Whether a todo without a due day matches (`@none`).
    public var matchesNoDue = false
    /// List names a match is in (compared with ASCII case folded); empty: any list.
    public var listNames: [String] = []
    /// Which parts of a list match: open todos, done todos or both (nil: as the view shows them).
    public var completion: Completion?
    /// Only flagged todos (`is:flagged`).
    public var isFlagged = false
    /// Only recurring todos (`is:recurring`).
    public var isRecurring = false
    /// Only direct subtasks of these todos (`parent:ID`; several: any of them), by todo id.
    public var parentIDs: [Int64] = []
    /// Only subtasks: todos whose parent is in effect (`is:subtask`).
    public var isSubtask = false
    /// Only todos with subtasks (`has:subtasks`).
    public var hasSubtasks = false
    /// Only todos still waiting on this day (`is:waiting`: their start day is after it).
    public var waitingOn: String?
    /// Only todos not waiting on this day (`is:ready`: no start, or a start day not after it).
    public var readyOn: String?

    /// Which todos of a list a query asks for by their state.
    public enum Completion: Hashable, Sendable {
        /// `is:open`.
        case open
        /// `is:done`.
        case done
        /// Both `is:open` and `is:done`.
        case both
    }

    /// A query that matches every todo.
    public init() {}

    /// The query of today's plain search text: the whole text as one phrase, or the tag it names
    /// when it is one `#tag` alone.
    public init(searchText text: String) {
        if let tag = TodoTags.tag(searchedBy: text) {
            tags = [tag]
        } else if !text.isEmpty {
            words = [text]
        }
    }

    /// Whether the query filters nothing.
    public var isEmpty: Bool { self == TodoQuery() }

    /// Whether it asks for the open part of a list, given whether the view shows done todos.
    func readsOpen() -> Bool { completion != .done }

    /// Whether it asks for the done part of a list, given whether the view shows done todos.
    func readsDone(whenViewShowsDone showsDone: Bool) -> Bool {
        switch completion {
        case nil: showsDone
        case .open: false
        case .done, .both: true
        }
    }
}
