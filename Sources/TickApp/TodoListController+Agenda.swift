import TermTable
import TodoStore

/// What the agenda view shows instead of the lists: one section per `AgendaGroup`, read against
/// `day`. Each section is a due window of the store (`SectionQuery(due:)`), so its rows are read
/// in pages and placed by the same change path as a list's.
public struct AgendaState: Equatable, Sendable {
    /// The day the groups are read against: today when they were last read. When the clock passes
    /// midnight the groups are read again against the new day (`refreshAgendaDayIfNeeded`).
    public internal(set) var day: Day
    /// The list `a` adds to from the agenda: the current list of the lists view when the agenda opened.
    public internal(set) var listID: Int64?

    /// The groups, one section each, in this order.
    static let groups = AgendaGroup.allCases

    /// What the middle of an agenda with nothing due says, naming the key in effect that shows the lists.
    static func emptyText(_ keys: KeyNames) -> String { "Nothing due this week" + keys.offer(.toggleAgenda, "shows lists") }

    /// The store query behind a group's section.
    func query(forSection section: Int) -> SectionQuery {
        SectionQuery(due: Self.groups[section].window(today: day))
    }
}

extension TodoListController {
    /// Shows the agenda (every list's open todos overdue, due today, tomorrow and in the next 7
    /// days) instead of the lists, or the lists again (`A`: `TodoCommands.toggleAgenda`). The
    /// selection stays on its todo when the other view shows it; otherwise the agenda starts at its
    /// first row and the lists at the list the agenda added to.
    public func setShowsAgenda(_ shows: Bool) {
        guard shows != (agenda != nil) else { return }
        let selectedID = selectedItem?.id
        if tableView.isEditing { setEditing(false) }
        tableView.closeSwipe()
        let listID = shows ? currentList?.id : agenda?.listID
        let leaving = shownQueryCounts()
        agenda = shows ? AgendaState(day: today(), listID: listID) : nil
        selectedHeaderListID = nil
        readEverythingAgain(leaving: leaving)
        if let selectedID, select(todo: selectedID) {
            // Kept on the same todo.
        } else if !shows, let listID, let section = section(ofList: listID) {
            select(section: section)
        } else {
            tableView.moveSelectionToFirstRow()
        }
    }

    /// Reads the groups again against today when the day changed since they were read (midnight
    /// passed while Tick was open): today's todos become overdue, tomorrow's are today's. Returns
    /// whether it did.
    @discardableResult
    public func refreshAgendaDayIfNeeded() -> Bool {
        guard let agenda, agenda.day != today() else { return false }
        // The selected todo is found under the old day's groups, then again under the new day's.
        let before = selectionBeforeChange(preferring: nil)
        self.agenda?.day = today()
        readEverythingAgain()
        restoreSelection(before)
        return true
    }

    /// The groups' row counts against `day`; none at all (no section) when nothing is due, so the
    /// empty agenda says so in the middle of the screen.
    func agendaCounts(from day: Day) throws -> [Int] {
        let state = AgendaState(day: day)
        // Kept from the agenda last shown when nothing changed since (`SectionPageCache.parkedCount(of:)`).
        let counts = try AgendaState.groups.indices.map {
            let query = state.query(forSection: $0)
            return try cache.parkedCount(of: query) ?? store.count(query)
        }
        return counts.allSatisfy { $0 == 0 } ? [] : counts
    }

    /// A group's header: its name and how many todos it holds ("nothing" when none, so every group
    /// keeps its place and the week reads the same every day).
    func agendaTitle(forSection section: Int) -> String? {
        guard section < sectionCounts.count else { return nil }
        let rows = sectionCounts[section]
        return AgendaState.groups[section].title + " · " + (rows == 0 ? "nothing" : "\(rows)")
    }

    /// The list the agenda adds to: the lists view's current list when the agenda opened, else the first.
    var listForAdding: TodoList? {
        lists.first { $0.id == agenda?.listID } ?? lists.first
    }

    /// The due day a todo added in the agenda gets when its title names none: the selected group's
    /// day (today for the overdue group, where nothing new should start late; the selected todo's
    /// day in the next 7 days), or today when nothing is selected. Nil in the lists view.
    var dueDayForAdding: Day? {
        guard let agenda else { return nil }
        guard let section = tableView.indexPathForSelectedRow?.section, section < AgendaState.groups.count else { return agenda.day }
        switch AgendaState.groups[section] {
        case .overdue, .today: return agenda.day
        case .tomorrow: return agenda.day.adding(days: 1)
        case .week: return selectedItem?.due.flatMap { Day(iso: $0.prefix(10)) } ?? agenda.day.adding(days: 2)
        }
    }

    /// Where a todo is in the agenda now, or nil when no group holds it (done, undated, later).
    func agendaIndexPath(ofTodo id: Int64) -> IndexPath? {
        agendaNewRow(of: id)
    }

    /// The row a todo had before a change, as the page cache holds it; when no cached page holds it,
    /// the groups whose rows are not all cached (it may have been among them) are to be read again.
    func agendaOldRow(of id: Int64, counts: [Int]) -> (IndexPath?, unknown: [Int]) {
        guard let agenda else { return (nil, []) }
        for section in counts.indices {
            if let row = cache.cachedRow(ofTodo: id, in: agenda.query(forSection: section)) {
                return (IndexPath(row: row, section: section), [])
            }
        }
        return (nil, counts.indices.filter { cache.cachedRowCount(in: agenda.query(forSection: $0)) != counts[$0] })
    }

    /// The row a todo has after a change: one indexed lookup per group (a todo outside a group's
    /// window costs one read of its row).
    func agendaNewRow(of id: Int64) -> IndexPath? {
        guard let agenda else { return nil }
        do {
            for section in sectionCounts.indices {
                if let row = try store.index(of: id, in: agenda.query(forSection: section)) {
                    return IndexPath(row: row, section: section)
                }
            }
        } catch {
            reportReadFailure(error)
        }
        return nil
    }

    /// Moves to the first row of the next (or previous) group that holds any, wrapping around.
    func jumpToAgendaGroup(offset: Int) {
        let count = sectionCounts.count
        guard count > 0 else { return }
        let current = tableView.indexPathForSelectedRow?.section ?? (offset > 0 ? -1 : count)
        for step in 1...count {
            let section = ((current + offset * step) % count + count) % count
            if sectionCounts[section] > 0 {
                tableView.moveSelection(to: IndexPath(row: 0, section: section))
                tableView.scrollToHeader(ofSection: section)
                return
            }
        }
    }
}
