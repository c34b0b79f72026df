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
            say(TodoCommands.notInAgenda(what))
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
        case .nextList, .previousList:
            // From the selected header's list, else the selected row's.
            let section = list.selectedHeaderListID.flatMap { list.section(ofList: $0) } ?? selected?.section
            run { $0.jumpToList(offset: command == .nextList ? 1 : -1, from: section, rowCounts: list.sectionCounts, inAgenda: list.agenda != nil) }
        case .add: openAdder()
        case .edit: if let selected, let item = list.item(at: selected) { openEditor(for: item) }
        case .toggle:
            guard !refusesChanges() else { return }
            if table.isEditing { runOnMarked { try $0.toggleDone(ofMarked: $1) } } else if let item = list.selectedItem { run { try $0.toggle(item) } }
        case .start:
            guard !refusesChanges() else { return }
            if table.isEditing { runOnMarked { try $0.toggleStarted(ofMarked: $1) } } else if let item = list.selectedItem { run { try $0.toggleStarted(item) } }
        case .cancel:
            guard !refusesChanges() else { return }
            if table.isEditing { runOnMarked { try $0.toggleCancelled(ofMarked: $1) } } else if let item = list.selectedItem { run { try $0.toggleCancelled(item) } }
        case .delete:
            guard !refusesChanges() else { return }
            if table.isEditing { confirmDeletingMarked() } else if let item = list.selectedItem { run { try $0.delete(item) } }
        case .flag:
            guard !refusesChanges() else { return }
            if table.isEditing { runOnMarked { try $0.toggleFlag(ofMarked: $1) } } else if let item = list.selectedItem { run { try $0.toggleFlag(item) } }
        case .raisePriority, .lowerPriority:
            guard !refusesChanges() else { return }
            let steps = command == .raisePriority ? 1 : -1
            if table.isEditing { runOnMarked { try $0.changePriority(by: steps, ofMarked: $1) } } else if let item = list.selectedItem { run { try $0.changePriority(by: steps, of: item) } }
        case .details: if !table.isEditing, let item = list.selectedItem { run { $0.details(of: item) } }
        case .copyTitle: if let item = list.selectedItem { run { $0.copyTitle(of: item) } }
        case .openLink: openFirstLink(ofTodo: list.selectedItem?.id)
        case .swipeRight: if !refusesChanges() { table.swipeSelectedRow(.right) }
        case .swipeLeft: if !refusesChanges() { table.swipeSelectedRow(.left) }
        case .moveTodoDown, .moveTodoUp:
            guard !refusesChanges() else { return }
            // The table says where the row would go (its delegate keeps open todos among open ones);
            // the store moves the todo and the change moves the row, as any change does.
            guard let (source, destination) = table.destinationForMovingSelectedRow(by: command == .moveTodoDown ? 1 : -1),
                  let move = list.rowMove(from: source, to: destination) else {
                if list.options.sort != .manual || list.options.filter != nil {
                    say(.info("Reordering works in manual order" + (list.keys.key(.cycleSort).map { " (\($0))" } ?? "") + " without a search"))
                }
                return
            }
            run { try $0.reorder(move) }
        case .moveToList: if table.isEditing { openListPickerForMarked() } else { openListPicker() }
        case .undo: if !refusesChanges() { run { $0.undo() } }
        case .redo: if !refusesChanges() { run { $0.redo() } }
        case .search: openSearch()
        case .nextMatch, .previousMatch:
            let search = list.highlightedSearch, item = list.selectedItem
            run { $0.jumpToMatch(forward: command == .nextMatch, search: search, from: item) }
        case .collapse:
            // On a todo of the outline, z collapses or expands subtasks; elsewhere the current list.
            guard let (item, facts) = list.selectedOutlineTodo() else { return toggleCurrentListCollapsed() }
            let isCollapsed = list.outline.isCollapsed(item.id)
            let current = list.currentSection.map { list.lists[$0] }
            run { try $0.toggleFold(of: item, facts: facts, isCollapsed: isCollapsed, orList: current) }
        case .collapseList: toggleCurrentListCollapsed()
        case .indent, .outdent: indentSelectedTodo(command)
        case .addSubtask: openSubtaskAdder()
        case .toggleCompleted: run { $0.toggleCompleted() }
        case .toggleWaiting: run { try $0.toggleWaiting() }
        case .toggleWrap: run { $0.toggleWrap() }
        case .cycleSort: run { $0.cycleSort() }
        case .manageLists: present(ListsOverlay(list: list, keyMap: keyMaps.lists, views: savedViews))
        case .toggleAgenda: run { $0.toggleAgenda(agendaShown: list.agenda != nil) }
        case .editMode:
            list.setEditing(!table.isEditing)
            say(table.isEditing
                ? .info("Editing: " + editingModeHints,
                        while: .editingMode(marked: nil))
                : .info("Left editing mode"))
        case .mark: if let selected { list.toggleMark(at: selected); table.moveSelection(by: 1) }
        case .markAll:
            guard table.isEditing, let section = selected?.section, section < list.lists.count, section < list.sectionCounts.count else { return }
            let elsewhere = list.markedIndexPaths.filter { $0.section != section }.count
            run { $0.markAll(list.lists[section], rowsShown: list.sectionCounts[section], markedElsewhere: elsewhere) }
        case .help: present(HelpOverlay(keyMaps: keyMaps, problems: configurationProblems))
        case .messages: present(MessagesOverlay(messages: status.recent, keyMaps: keyMaps))
        case .statistics:
            say(.info("\(table.reuseStatistics.cellsCreated) cells created, \(table.reuseStatistics.cellsReused) reused · \(sessionStatistics())"))
        case .redraw: needsFullRedraw = true
        case .cycleTheme: cycleTheme()
        case .sync: syncNow()
        case .quit: isFinished = true
        }
    }

    /// Selects the list of `section` by name (`TodoCommands.selectList`): its first row, or its header
    /// when it shows no rows, which the status line names.
    func selectList(inSection section: Int) {
        guard section < list.lists.count else { return }
        let rows = section < list.sectionCounts.count ? list.sectionCounts[section] : 0
        run { $0.selectList(list.lists[section], rowsShown: rows) }
    }

    /// `z` on a list: collapses the current list, or expands it again.
    private func toggleCurrentListCollapsed() {
        guard !refusesChanges(), let section = list.currentSection else { return }
        let current = list.lists[section]
        run { try $0.toggleCollapsed(current) }
    }

    /// "Space marks · V marks the list · d deletes · x completes · f flags · m moves · + - priority · Esc leaves", with the keys in effect.
    var editingModeHints: String {
        let keys = list.keys
        let priority = [keys.editingKey(.raisePriority), keys.editingKey(.lowerPriority)].compactMap { $0 }.joined(separator: " ")
        // The most useful first, leaving last: the message wraps whole, and what a narrow screen cuts is the least needed.
        return KeyHint.line([(keys.editingKey(.mark), "marks"), (keys.editingKey(.delete), "deletes"), (keys.editingKey(.toggle), "completes"),
                             (keys.editingKey(.moveToList), "moves"), (keys.editingKey(.flag), "flags"), (priority.isEmpty ? nil : priority, "priority"),
                             (keys.editingKey(.markAll), "marks the list"), (keys.editingKey(.editMode), "leaves")])
    }

    /// What a command of the lists view that the agenda has no use for is called, for "… works in
    /// the lists view"; nil for the commands that work in the agenda too.
    static func listsViewOnly(_ command: Command) -> String? {
        switch command {
        case .moveTodoDown, .moveTodoUp: "Reordering"
        case .collapse, .collapseList: "Collapsing a list"
        case .indent, .outdent: "Indenting"
        case .toggleCompleted: "Showing completed todos"
        case .toggleWaiting: "Showing waiting todos"
        case .cycleSort: "Sorting"
        case .manageLists: "Managing lists"
        case .search, .nextMatch, .previousMatch: "Search"
        case .editMode, .mark, .markAll: "Editing mode"
        default: nil
        }
    }

    /// Opens the input line to add a todo after the selected one. The line holds the list its label
    /// names: a todo typed for Work goes to Work, or, when Work was deleted elsewhere meanwhile, nowhere
    /// (the line stays open with the next list, saying so).
    func openAdder() {
        guard !refusesChanges() else { return }
        // No list while the store cannot be read: the line opens all the same, and Enter says why nothing is added.
        var target = list.currentList
        let due = list.dueDayForAdding.map { ", " + TitleSyntax.describe(due: $0, today: list.today()) } ?? ""
        var adder: PromptOverlay!
        /// After a refusal because the list is gone, the line names the list the next Enter adds to.
        let retarget = { [unowned self] in
            guard let held = target else { return }
            let stillThere: Bool
            do {
                stillThere = try list.store.lists().contains { $0.id == held.id }
            } catch {
                return  // the message says why the lists cannot be read
            }
            guard !stillThere else { return }
            // The reload's own news (the list now selected) says less than the refusal.
            list.reloadFromStore()
            list.unsaidReadFailure = nil
            guard let next = list.currentList else { return }
            target = next
            adder.label = "Add to \(next.name)\(due): "
            if let enter = KeyHint.first(keyMaps.input.keys(for: .submit)) { appendToMessage("\(enter) adds to \(next.name)") }
        }
        /// Adds what was typed (one line, or several pasted) to the line's list; false keeps the line open.
        let add = { [unowned self] (lines: [String]) -> Bool in
            guard let held = target ?? list.currentList else {
                say(.error(list.readFailure.map { "Not added: \($0)" } ?? "Not added: there is no list to add to"))
                return false
            }
            target = held
            let place = list.addingPlace(in: held)
            if run({ lines.count == 1 ? try $0.add(title: lines[0], at: place) : try $0.add(titles: lines, at: place) }) { return true }
            retarget()
            return false
        }
        adder = PromptOverlay(label: "Add to \(target?.name ?? "Inbox")\(due): ", submit: { add([$0]) }, cancel: { [unowned self] in
            say(.info("Cancelled"))
        })
        adder.addLines = add
        present(adder)
    }

    /// Opens the input line on a todo's title (with its priority and due markers). The line holds the
    /// todo: Enter saves it to that todo wherever it is now; when the todo was deleted elsewhere
    /// meanwhile nothing is saved, and when its title line was changed elsewhere nothing is saved
    /// either, the line stays open with what was typed, and Enter again saves it over the other change.
    func openEditor(for item: TodoItem) {
        guard !refusesChanges() else { return }
        list.tableView.closeSwipe()
        var shown = item
        present(PromptOverlay(label: "Edit: ", text: list.editableTitle(of: item), submit: { [unowned self] text in
            // The todo as it is now when its title line was changed elsewhere since the line showed it.
            var changed: TodoItem?
            let saved = run { commands in
                let (current, refusal) = try commands.current(shown, .wording, otherwise: "not saved")
                guard let current else {
                    // Deleted: the line closes. Changed: it stays open with what was typed.
                    changed = try commands.store.item(id: shown.id)
                    return changed == nil ? refusal : refusal.keepingInput
                }
                // Merged against the todo as the line first showed it: a field only the other side changed
                // keeps their change; one both changed keeps yours, and the one that lost is said and recorded.
                return try commands.editTitle(text, of: current, editedFrom: item)
            }
            // Changed elsewhere: the next Enter is an answer to the todo as it is now.
            if let now = changed {
                shown = now
                let keys = keyMaps.input
                appendToMessage([KeyHint.first(keys.keys(for: .submit)).map { "\($0) saves yours over it" },
                                      KeyHint.first(keys.keys(for: .cancel)).map { "\($0) keeps it" }].compactMap { $0 }.joined(separator: " · "))
            }
            return saved
        }, cancel: { [unowned self] in
            say(.info("Cancelled"))
        }))
    }

    /// Opens the search line; the list filters as you type.
    func openSearch(text: String = "") {
        let before = list.selectedItem?.id
        list.clearHighlightedSearch()
        defer { if !text.isEmpty { list.search(for: text) } }
        present(PromptOverlay(label: "/", text: text, submit: { [unowned self] _ in
            list.finishPendingSearch()
            if let search = list.endSearch(keepsHighlights: true, fallback: before) { run { $0.highlighted(search) } }
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

    /// Offers the lists to move the selected todo to; typing a new name creates the list. The picker
    /// holds the todo and the lists it offered: the answer moves that todo to that list, unless one
    /// of them is gone, or the todo changed lists, meanwhile.
    func openListPicker() {
        guard !refusesChanges(), let item = list.selectedItem else { return }
        let lists = list.lists
        present(PickerOverlay(title: "Move \(quoted(item.title, limit: 20)) to", choices: lists.map {
            .init(label: $0.name, detail: $0.id == item.listID ? "current" : "\($0.openCount) open")
        }, pick: { [unowned self] index in
            move(item, toList: lists[index])
        }, create: { [unowned self] name in
            // The list is made only for a todo still where it was.
            if let created = outcome(of: { try $0.addList(named: name, forMoving: [item]) })?.list { move(item, toList: created) }
        }, keyMap: keyMaps.picker, inputKeyMap: keyMaps.input))
    }

    /// Moves the picker's todo, keeping the place its row has now.
    private func move(_ item: TodoItem, toList target: TodoList) {
        run(keepingPlace: list.indexPath(ofTodo: item.id, inList: item.listID)) { try $0.move(item, toList: target) }
    }

    /// Offers the lists to move the marked todos to; typing a new name creates the list. The picker
    /// holds the todos marked when it opened.
    func openListPickerForMarked() {
        guard !refusesChanges() else { return }
        let marked = list.markedItems().map(\.1)
        guard !marked.isEmpty else {
            say(.info(list.keys.nothingMarked))
            return
        }
        let lists = list.lists
        present(PickerOverlay(title: "Move \(TodoCommands.todos(marked.count)) to", choices: lists.map {
            .init(label: $0.name, detail: "\($0.openCount) open")
        }, pick: { [unowned self] index in
            moveMarked(marked, toList: lists[index])
        }, create: { [unowned self] name in
            if let created = outcome(of: { try $0.addList(named: name, forMoving: marked) })?.list { moveMarked(marked, toList: created) }
        }, keyMap: keyMaps.picker, inputKeyMap: keyMaps.input))
    }

    /// Moves the marked todos the picker holds (those still shown, in screen order).
    private func moveMarked(_ shown: [TodoItem], toList target: TodoList) {
        let rows = shown.compactMap { item in list.indexPath(ofTodo: item.id, inList: item.listID).map { ($0, item) } }.sorted { $0.0 < $1.0 }
        run(marked: rows) { try $0.move(marked: shown, shownInOrder: rows.map(\.1.id), toList: target) }
    }

    /// Asks what deleting a recurring todo means: skip this occurrence (the next one is created) or
    /// stop the series (nothing comes back). The question holds the todo, never its row: the answer
    /// acts on that todo, and on nothing when it was deleted or changed elsewhere meanwhile.
    func confirmDeletingRecurring(_ item: TodoItem) {
        present(ConfirmOverlay(question: "\(quoted(item.title)) repeats:", choices: [
            .init(key: "s", label: "skip this one") { [unowned self] in run { try $0.skipOccurrence(of: item) } },
            .init(key: "t", label: "stop the series") { [unowned self] in run { try $0.stopSeries(of: item) } },
        ]))
    }

    /// Asks before deleting the marked todos, naming how many. The question holds those todos.
    func confirmDeletingMarked() {
        let marked = list.markedItems().map(\.1)
        let count = marked.count
        guard count > 0 else {
            say(.info(list.keys.nothingMarked))
            return
        }
        present(ConfirmOverlay(question: "Delete \(count) todo\(count == 1 ? "" : "s")?", choices: [
            .init(key: "y", label: "yes") { [unowned self] in run { try $0.delete(marked: marked) } },
            .init(key: "n", label: "no") { [unowned self] in say(.info("Kept them")) },
        ]))
    }
}
