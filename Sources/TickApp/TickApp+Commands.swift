import TermTable

extension TickApp {
    /// Runs a command on the list.
    public func perform(_ command: Command) {
        let table = list.tableView
        let page = max(1, table.frame.height - 1)
        switch command {
        case .moveDown: table.moveSelection(by: 1)
        case .moveUp: table.moveSelection(by: -1)
        case .moveToTop: table.moveSelectionToFirstRow()
        case .moveToBottom: table.moveSelectionToLastRow()
        case .pageDown: table.moveSelection(byLines: page)
        case .pageUp: table.moveSelection(byLines: -page)
        case .halfPageDown: table.moveSelection(byLines: max(1, table.frame.height / 2))
        case .halfPageUp: table.moveSelection(byLines: -max(1, table.frame.height / 2))
        case .add: openAdder()
        case .edit: if let indexPath = table.indexPathForSelectedRow { openEditor(at: indexPath) }
        case .toggle: if !refusesChanges(), let indexPath = table.indexPathForSelectedRow { list.toggle(at: indexPath) }
        case .delete: if !refusesChanges(), let indexPath = table.indexPathForSelectedRow { list.delete(at: indexPath) }
        case .swipeRight: if !refusesChanges() { table.swipeSelectedRow(.right) }
        case .swipeLeft: if !refusesChanges() { table.swipeSelectedRow(.left) }
        case .moveTodoDown: if !refusesChanges() { table.moveSelectedRow(by: 1) }
        case .moveTodoUp: if !refusesChanges() { table.moveSelectedRow(by: -1) }
        case .help: present(HelpOverlay(keyMap: keyMap))
        case .statistics:
            list.message = .info("\(table.reuseStatistics.cellsCreated) cells created, \(table.reuseStatistics.cellsReused) reused · \(sessionStatistics())")
        case .redraw: needsFullRedraw = true
        case .quit: isFinished = true
        }
    }

    /// Opens the input line to add a todo after the highlighted one.
    func openAdder() {
        guard !refusesChanges() else { return }
        present(PromptOverlay(label: "Add: ", submit: { [unowned self] text in
            list.addTodo(title: text)
        }, cancel: { [unowned self] in
            list.message = .info("Cancelled")
        }))
    }

    /// Opens the input line on a todo's title.
    func openEditor(at indexPath: IndexPath) {
        guard !refusesChanges(), let item = list.item(at: indexPath.row) else { return }
        list.tableView.closeSwipe()
        present(PromptOverlay(label: "Edit: ", text: item.title, submit: { [unowned self] text in
            list.setTitle(text, at: indexPath)
        }, cancel: { [unowned self] in
            list.message = .info("Cancelled")
        }))
    }
}
