import TodoStore

/// How the list is shown: the sort within sections, whether done todos show, whether todos waiting
/// for their start day show, whether long titles wrap, and the search filter.
public struct ViewOptions: Equatable, Sendable {
    /// The order of open todos within each list.
    public var sort: TodoSort = .manual
    /// Whether done todos are shown (at the end of their list, in completion order).
    public var showsCompleted = true
    /// Whether open todos still waiting for their start day (`^fri`) are shown (`R`).
    public var showsWaiting = true
    /// While waiting todos are hidden, the day they are judged against (today, as the controller's
    /// clock said when it last read the lists: `TodoListController.refreshWaitingDayIfNeeded()`
    /// moves it on at midnight); nil while they are shown.
    var waitingDay: Day?
    /// Whether long titles wrap onto up to three lines (`W`) instead of ending in "…".
    public var wrapsTitles = false
    /// The live search filter, while the search line is open.
    public var filter: String?
    /// The query `filter` was read as (`TodoListController.searchQuery(for:)`), set with it.
    var filterQuery: TodoQuery?

    /// The default view.
    public init() {}

    /// The store query for one list under these options.
    func query(listID: Int64) -> SectionQuery {
        var query = SectionQuery(listID: listID, sort: sort, includesCompleted: showsCompleted, search: filter)
        if filter != nil { query.matching = filterQuery }
        if !showsWaiting, let waitingDay { query.readyOn = waitingDay.iso }
        return query
    }

    /// What `s` shows next.
    var nextSort: TodoSort {
        let all = TodoSort.allCases
        return all[(all.firstIndex(of: sort)! + 1) % all.count]
    }
}

extension TodoSort {
    /// The sort's name in messages.
    var label: String {
        switch self {
        case .manual: return "manual order"
        case .due: return "due date"
        case .priority: return "priority"
        case .created: return "creation time"
        }
    }
}
