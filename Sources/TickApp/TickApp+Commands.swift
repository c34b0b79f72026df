import TermTable
import TodoStore

extension TickApp {
    /// Runs a command on the list.
    public func perform(_ command: Command) {
        let table = list.tableView
        let page = max(1, table.frame.height - 1)
        let selected = table.indexPathForSelectedRow
        // Moving the selection leaves an empty (or collapsed) list that Tab or z had selected; j/k go on
        // from its header to the rows beside it.
        let selectedHeaderSection = selected == nil ? list.selectedHeaderListID.flatMap { list.section(ofList: $0) } : nil
        if command.group == .navigation { list.selectedHeaderListID = nil }
        if list.agenda != nil, let what = Self.listsViewOnly(command) {
            list.message = TodoListController.notInAgenda(what)
            return
        }
        switch command {
        case .moveDown, .moveUp:
            let forward = command == .moveDown
            if let selectedHeaderSection, let beside = list.row(beside: selectedHeaderSection, forward: forward) {
                table.moveSelection(to: beside)
            } else {
                table.moveSelection(by: forward ? 1 : -1)
            }
        case .moveToTop: table.moveSelectionToFirstRow()
        case .moveToBottom: table.moveSelectionToLastRow()
        case .pageDown: table.moveSelection(byLines: page)
        case .pageUp: table.moveSelection(byLines: -page)
        case .halfPageDown: table.moveSelection(byLines: max(1, table.frame.height / 2))
        case .halfPageUp: table.moveSelection(byLines: -max(1, table.frame.height / 2))
        case .nextList: list.jumpToSection(offset: 1)
        case .previousList: list.jumpToSection(offset: -1)
        case .add: openAdder()
        case .edit: if let selected { openEditor(at: selected) }
        case .toggle:
            guard !refusesChanges() else { return }
            if table.isEditing { list.toggleMarked() } else if let selected { list.toggle(at: selected) }
        case .delete:
            guard !refusesChanges() else { return }
            if table.isEditing { confirmDeletingMarked() } else if let selected { list.delete(at: selected) }
        case .flag:
            guard !refusesChanges() else { return }
            if table.isEditing { list.flagMarked() } else if let selected { list.toggleFlag(at: selected) }
        case .raisePriority, .lowerPriority:
            guard !refusesChanges() else { return }
            let steps = command == .raisePriority ? 1 : -1
            if table.isEditing { list.changePriorityOfMarked(by: steps) } else if let selected { list.changePriority(by: steps, at: selected) }
        case .details: table.performPrimaryActionForSelectedRow()
        case .openLink: openFirstLink(ofTodo: list.selectedItem?.id)
        case .swipeRight: if !refusesChanges() { table.swipeSelectedRow(.right) }
        case .swipeLeft: if !refusesChanges() { table.swipeSelectedRow(.left) }
        case .moveTodoDown, .moveTodoUp:
            guard !refusesChanges() else { return }
            if !table.moveSelectedRow(by: command == .moveTodoDown ? 1 : -1), list.options.sort != .manual || list.options.filter != nil {
                list.message = .info("Reordering works in manual order (s) without a search")
            }
        case .moveToList: if table.isEditing { openListPickerForMarked() } else { openListPicker() }
        case .undo: if !refusesChanges() { list.undo() }
        case .redo: if !refusesChanges() { list.redo() }
        case .search: openSearch()
        case .nextMatch: list.jumpToMatch(forward: true)
        case .previousMatch: list.jumpToMatch(forward: false)
        case .collapse: if !refusesChanges(), let section = list.currentSection { list.toggleCollapsed(section: section) }
        case .toggleCompleted: list.setShowsCompleted(!list.options.showsCompleted)
        case .toggleWrap: list.setWrapsTitles(!list.options.wrapsTitles)
        case .cycleSort: list.setSort(list.options.nextSort)
        case .manageLists: present(ListsOverlay(list: list, keyMap: keyMaps.lists))
        case .toggleAgenda: list.setShowsAgenda(list.agenda == nil)
        case .editMode:
            table.setEditing(!table.isEditing)
            list.message = table.isEditing
                ? .info("Editing: Space marks · V marks the list · d deletes · x completes · f flags · m moves · + - priority · Esc leaves",
                        while: .editingMode(marked: nil))
                : .info("Left editing mode")
        case .mark: if let selected { table.toggleMark(at: selected); table.moveSelection(by: 1) }
        case .markAll: if table.isEditing { list.markAllInCurrentSection() }
        case .help: present(HelpOverlay(keyMaps: keyMaps, problems: configurationProblems))
        case .statistics:
            list.message = .info("\(table.reuseStatistics.cellsCreated) cells created, \(table.reuseStatistics.cellsReused) reused · \(sessionStatistics())")
        case .redraw: needsFullRedraw = true
        case .sync: syncNow()
        case .quit: isFinished = true
        }
    }

    /// What a command of the lists view that the agenda has no use for is called, for "… works in
    /// the lists view"; nil for the commands that work in the agenda too.
    static func listsViewOnly(_ command: Command) -> String? {
        switch command {
        case .moveTodoDown, .moveTodoUp: "Reordering"
        case .collapse: "Collapsing a list"
        case .toggleCompleted: "Showing completed todos"
        case .cycleSort: "Sorting"
        case .manageLists: "Managing lists"
        case .search, .nextMatch, .previousMatch: "Search"
        case .editMode, .mark, .markAll: "Editing mode"
        default: nil
        }
    }

    /// Opens the input line to add a todo after the selected one.
    func openAdder() {
        guard !refusesChanges() else { return }
        let listName = list.currentList?.name ?? "Inbox"
        let due = list.dueDayForAdding.map { ", " + TitleSyntax.describe(due: $0, today: list.today()) } ?? ""
        let adder = PromptOverlay(label: "Add to \(listName)\(due): ", submit: { [unowned self] text in
            list.addTodo(title: text)
        }, cancel: { [unowned self] in
            list.message = .info("Cancelled")
        })
        adder.addLines = { [unowned self] lines in list.addTodos(titles: lines) }
        present(adder)
    }

    /// Opens the input line on a todo's title (with its priority and due markers).
    func openEditor(at indexPath: IndexPath) {
        guard !refusesChanges(), let item = list.item(at: indexPath) else { return }
        list.tableView.closeSwipe()
        present(PromptOverlay(label: "Edit: ", text: list.editableTitle(of: item), submit: { [unowned self] text in
            guard let row = list.indexPath(ofTodo: item.id, inList: item.listID) else { return true }
            // The todo as shown when the editor opened: a change made elsewhere meanwhile is merged, not overwritten.
            return list.setTitle(text, at: row, editedFrom: item)
        }, cancel: { [unowned self] in
            list.message = .info("Cancelled")
        }))
    }

    /// Opens the search line; the list filters as you type.
    func openSearch() {
        let before = list.selectedItem?.id
        list.clearHighlightedSearch()
        present(PromptOverlay(label: "/", submit: { [unowned self] _ in
            list.finishPendingSearch()
            list.endSearch(keepsHighlights: true, fallback: before)
            return true
        }, cancel: { [unowned self] in
            list.cancelPendingSearch()
            list.endSearch(keepsHighlights: false, fallback: before)
        }, change: { [unowned self] text in
            list.search(for: text)
        }, otherKey: { [unowned self] key in
            // The arrows move the selection among the matches, so Enter or Esc leaves the search on one of them.
            let table = list.tableView
            switch keyMaps.search.action(for: key) {
            case .moveDown: table.moveSelection(by: 1)
            case .moveUp: table.moveSelection(by: -1)
            case .pageDown: table.moveSelection(byLines: max(1, table.frame.height - 1))
            case .pageUp: table.moveSelection(byLines: -max(1, table.frame.height - 1))
            case nil: break
            }
        }))
    }

    /// Offers the lists to move the selected todo to; typing a new name creates the list.
    func openListPicker() {
        guard !refusesChanges(), let item = list.selectedItem else { return }
        let lists = list.lists
        present(PickerOverlay(title: "Move \(quoted(item.title, limit: 20)) to", choices: lists.map {
            .init(label: $0.name, detail: $0.id == item.listID ? "current" : "\($0.openCount) open")
        }, pick: { [unowned self] index in
            list.move(todo: item, toList: lists[index].id)
        }, create: { [unowned self] name in
            if let created = list.addList(named: name) { list.move(todo: item, toList: created.id) }
        }, keyMap: keyMaps.picker, inputKeyMap: keyMaps.input))
    }

    /// Offers the lists to move the marked todos to; typing a new name creates the list.
    func openListPickerForMarked() {
        guard !refusesChanges() else { return }
        let count = list.markedIndexPaths.count
        guard count > 0 else {
            list.message = .info(TodoListController.nothingMarked)
            return
        }
        let lists = list.lists
        present(PickerOverlay(title: "Move \(TodoListController.todos(count)) to", choices: lists.map {
            .init(label: $0.name, detail: "\($0.openCount) open")
        }, pick: { [unowned self] index in
            list.moveMarked(toList: lists[index].id)
        }, create: { [unowned self] name in
            if let created = list.addList(named: name) { list.moveMarked(toList: created.id) }
        }, keyMap: keyMaps.picker, inputKeyMap: keyMaps.input))
    }

    /// Asks what deleting a recurring todo means: skip this occurrence (the next one is created) or
    /// stop the series (nothing comes back).
    func confirmDeletingRecurring(at indexPath: IndexPath, _ item: TodoItem) {
        present(ConfirmOverlay(question: "\(quoted(item.title)) repeats:", choices: [
            .init(key: "s", label: "skip this one") { [unowned self] in list.skipOccurrence(at: indexPath) },
            .init(key: "t", label: "stop the series") { [unowned self] in list.delete(at: indexPath, stoppingSeries: true) },
        ]))
    }

    /// Asks before deleting the marked todos, naming how many.
    func confirmDeletingMarked() {
        let count = list.markedIndexPaths.count
        guard count > 0 else {
            list.message = .info(TodoListController.nothingMarked)
            return
        }
        present(ConfirmOverlay(question: "Delete \(count) todo\(count == 1 ? "" : "s")?", choices: [
            .init(key: "y", label: "yes") { [unowned self] in list.deleteMarked() },
            .init(key: "n", label: "no") { [unowned self] in list.message = .info("Kept them") },
        ]))
    }
}
