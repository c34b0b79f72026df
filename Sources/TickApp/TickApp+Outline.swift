import TermTable
import TodoStore

/// Subtasks in the app: the keys that indent, outdent and add a subtask, and the questions deleting
/// or completing a parent asks. Each question holds the todo (its id and what it showed), never a
/// row: its answer acts on that todo wherever it is by then, or on nothing when it changed meanwhile.
extension TickApp {
    /// `>` and `<`: indents or outdents the selected todo (with its subtasks), in the lists view's
    /// manual order without a search, where the rows are the outline.
    func indentSelectedTodo(_ command: Command) {
        guard !refusesChanges(), !list.tableView.isEditing, let item = list.selectedItem else { return }
        guard list.options.sort == .manual, list.options.filter == nil else {
            say(.info("Indenting works in manual order" + (list.keys.key(.cycleSort).map { " (\($0))" } ?? "") + " without a search"))
            return
        }
        run { try command == .indent ? $0.indent(item) : $0.outdent(item) }
        list.reveal(todo: item.id)
    }

    /// `c`: opens the input line to add a subtask to the selected todo. The line holds that todo:
    /// Enter adds under it wherever it is by then (its subtasks shown, if they were collapsed).
    func openSubtaskAdder() {
        guard !refusesChanges(), let parent = list.selectedItem else { return }
        guard list.agenda == nil else {
            say(TodoCommands.notInAgenda("Adding a subtask"))
            return
        }
        present(PromptOverlay(label: "Add under \(quoted(parent.title, limit: 20)): ", submit: { [unowned self] text in
            if list.outline.isCollapsed(parent.id) { run { $0.fold(parent, collapses: false) } }
            var added = false
            run { commands in
                let outcome = try commands.addSubtask(text, to: parent)
                added = outcome.wrote
                return outcome
            }
            return added
        }, cancel: { [unowned self] in
            say(.info("Cancelled"))
        }))
    }

    /// Asks what deleting a parent means: its whole subtree too, or only it, its subtasks lifted one level.
    func confirmDeletingParent(_ item: TodoItem, subtasks: Int) {
        let named = "\(subtasks) subtask\(subtasks == 1 ? "" : "s")"
        present(ConfirmOverlay(question: "\(quoted(item.title)) has \(named):", choices: [
            .init(key: "s", label: "delete the subtasks too") { [unowned self] in run { try $0.deleteParent(item, subtasks: .subtasksToo) } },
            .init(key: "l", label: "lift them one level") { [unowned self] in run { try $0.deleteParent(item, subtasks: .onlyThese) } },
        ]))
    }

    /// Asks what completing a parent with open subtasks means: all of them too, or only it.
    func confirmCompletingParent(_ item: TodoItem, openSubtasks: Int) {
        let named = "\(openSubtasks) open subtask\(openSubtasks == 1 ? "" : "s")"
        present(ConfirmOverlay(question: "\(quoted(item.title)) has \(named):", choices: [
            .init(key: "a", label: "complete all") { [unowned self] in run { try $0.completeParent(item, subtasks: .subtasksToo) } },
            .init(key: "o", label: "only this one") { [unowned self] in run { try $0.completeParent(item, subtasks: .onlyThese) } },
        ]))
    }
}
