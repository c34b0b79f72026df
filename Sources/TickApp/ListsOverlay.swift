import TermTable
import TodoStore

/// The lists screen (`L`): every list with its counts; add, rename, delete and reorder them. The
/// selection is a list, not a row: when another process (or the sync) adds, deletes or reorders
/// lists, it stays on the same list, and a question or a name being typed holds its list too.
final class ListsOverlay: Overlay, TableViewDataSource, TableViewDelegate {
    private unowned let list: TodoListController
    /// The lists screen's keys, as the config file left them.
    private let keyMap: ModeKeyMap<ListsKeyAction>
    let tableView = TableView()
    /// The lists the table shows, in its rows' order, as last laid out.
    private var shownIDs: [Int64] = []
    /// The selected list.
    private var selectedID: Int64?
    /// The saved views (`view NAME QUERY` lines), shown below the lists: `go` opens the search with one.
    private let views: [SavedView]

    init(list: TodoListController, keyMap: ModeKeyMap<ListsKeyAction> = .standard, views: [SavedView] = []) {
        self.list = list
        self.keyMap = keyMap
        self.views = views
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "list")
        tableView.dataSource = self
        tableView.delegate = self
        shownIDs = list.lists.map(\.id)
        if let current = list.currentList, let index = list.section(ofList: current.id) {
            tableView.moveSelection(to: IndexPath(row: index, section: 0))
        } else {
            tableView.moveSelectionToFirstRow()
        }
        selectedID = selected?.id
    }

    private var selected: TodoList? {
        tableView.indexPathForSelectedRow.flatMap { $0.row < list.lists.count ? list.lists[$0.row] : nil }
    }

    /// The selected saved view, when the selection is below the lists.
    private var selectedView: SavedView? {
        guard let row = tableView.indexPathForSelectedRow?.row, row >= list.lists.count, row - list.lists.count < views.count else { return nil }
        return views[row - list.lists.count]
    }

    private func refresh(selecting id: Int64? = nil) {
        shownIDs = list.lists.map(\.id)
        tableView.reloadData()
        if let id = id ?? selectedID, let index = shownIDs.firstIndex(of: id) {
            tableView.moveSelection(to: IndexPath(row: index, section: 0))
        }
        selectedID = selected?.id
    }

    /// Shows the lists as they are now when they changed since the table was laid out (another
    /// process, the sync), keeping the selection on the same list (on the one now in its place when
    /// it was deleted).
    private func followLists() {
        guard list.lists.map(\.id) != shownIDs else { return }
        refresh()
    }

    var bottomLines: Int? { nil }

    func scrollByWheel(lines: Int) { tableView.scroll(byLines: lines) }

    func handle(_ key: Key, app: TickApp) -> Bool {
        followLists()
        defer { selectedID = selected?.id }
        let action = keyMap.action(for: key)
        switch action {
        case .back: return false
        case .moveDown: tableView.moveSelection(by: 1)
        case .moveUp: tableView.moveSelection(by: -1)
        case .go where selectedView != nil:
            app.openSearch(text: selectedView!.query)
            return false
        case .go:
            // As Tab: the list's first todo, or the list itself when it shows none, so `a` adds there.
            if let target = selected, let section = list.section(ofList: target.id) {
                app.selectList(inSection: section)
            }
            return false
        case .add:
            guard !app.refusesChanges() else { break }
            app.present(PromptOverlay(label: "New list: ", submit: { [unowned self, unowned app] name in
                // A name the store refuses keeps the line open with what was typed.
                guard let created = app.outcome(of: { try $0.addList(named: name) })?.list else { return false }
                refresh(selecting: created.id)
                return true
            }))
        case .rename:
            guard !app.refusesChanges(), var target = selected else { break }
            app.present(PromptOverlay(label: "Rename \(target.name) to: ", text: target.name, submit: { [unowned self, unowned app] name in
                // A name the store refuses keeps the line open with what was typed.
                guard let outcome = app.outcome(of: { try $0.renameList(target, to: name) }) else { return false }
                guard let now = outcome.list else {
                    // Deleted elsewhere meanwhile: nothing to rename.
                    refresh()
                    return true
                }
                if outcome.change.isEmpty {
                    // Renamed elsewhere meanwhile: nothing is renamed now; Enter again renames it anyway.
                    if let enter = KeyHint.first(app.keyMaps.input.keys(for: .submit)) { app.appendToMessage("\(enter) renames it anyway") }
                    target = now
                    return false
                }
                refresh(selecting: target.id)
                return true
            }))
        case .delete:
            guard !app.refusesChanges(), let target = selected else { break }
            confirmDelete(target, app: app)
        case .moveListDown, .moveListUp:
            guard !app.refusesChanges(), let target = selected else { break }
            app.run { try $0.moveList(target, by: action == .moveListDown ? 1 : -1) }
            refresh(selecting: target.id)
        case .help: app.present(HelpOverlay(keyMaps: app.keyMaps, problems: app.configurationProblems))
        case nil: break
        }
        return true
    }

    private func confirmDelete(_ target: TodoList, app: TickApp) {
        guard target.id != TodoStore.inboxListID else {
            app.say(.error("The Inbox cannot be deleted"))
            return
        }
        let todos = target.openCount + target.doneCount
        if todos == 0 {
            app.run { try $0.deleteList(target, movingToInbox: true) }
            refresh()
            return
        }
        app.present(ConfirmOverlay(question: "Delete list \(target.name) with \(todos) todo\(todos == 1 ? "" : "s")?", choices: [
            .init(key: "m", label: "move them to Inbox") { [unowned self, unowned app] in answerDelete(target, movingToInbox: true, app: app) },
            .init(key: "d", label: "delete them too") { [unowned self, unowned app] in answerDelete(target, movingToInbox: false, app: app) },
        ]))
    }

    /// The answer to "Delete list Work with 3 todos?": deletes that list, unless it is gone, renamed or
    /// holds other todos since the question (another process, the sync), when nothing is deleted.
    private func answerDelete(_ target: TodoList, movingToInbox: Bool, app: TickApp) {
        app.run { try $0.deleteList(asked: target, movingToInbox: movingToInbox) }
        refresh()
    }

    /// "Enter go · a add · r rename · d delete · J/K reorder · Esc back" with the keys in effect.
    private var hint: String {
        let first = { KeyHint.first(self.keyMap.keys(for: $0)) }
        let reorder = first(.moveListDown).flatMap { down in first(.moveListUp).map { down + "/" + $0 } }
        return KeyHint.line([(first(.go), "go"), (first(.add), "add"), (first(.rename), "rename"), (first(.delete), "delete"),
                             (reorder, "reorder"), (first(.back), "back"), (first(.help), "help")])
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        followLists()
        canvas.fill(area)
        canvas.draw("Lists — " + hint, at: area.origin,
                    style: theme.promptLabel, maxWidth: area.width, truncation: .ellipsis)
        tableView.frame = Rect(x: area.minX, y: area.minY + 1, width: area.width, height: max(0, area.height - 1))
        tableView.draw(in: &canvas)
        return nil
    }

    // MARK: Table

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { list.lists.count + views.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "list", for: indexPath)
        guard indexPath.row < list.lists.count else {
            let view = views[indexPath.row - list.lists.count]
            cell.text = StyledText("⌕ " + view.name)
            cell.secondaryText = StyledText(view.query, style: Style(attributes: .dim))
            return cell
        }
        let item = list.lists[indexPath.row]
        cell.text = StyledText((item.isCollapsed ? "▸ " : "▾ ") + item.name)
        cell.secondaryText = StyledText("\(item.openCount) open · \(item.doneCount) done", style: Style(attributes: .dim))
        return cell
    }
}
