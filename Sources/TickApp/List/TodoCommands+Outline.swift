import TodoStore

/// The commands on subtasks: indenting (`>`), outdenting (`<`), adding a subtask (`c`), and the
/// answers to the questions deleting or completing a parent asks. Each is one store step (one `u`).
extension TodoCommands {
    // MARK: Indenting and outdenting (> and <)

    /// Makes `shown` (with its subtasks) the last subtask of the todo above it at its level.
    func indent(_ shown: TodoItem) throws -> Outcome {
        let (current, refusal) = try current(shown, .list, otherwise: "nothing indented")
        guard let item = current else { return refusal }
        let committed: Committed<Void>
        do {
            committed = try store.indent(id: item.id)
        } catch StoreError.invalidPlacement {
            return .saying(.info("\(quoted(item.title)) has no todo above it at its level to go under"))
        }
        return Outcome(change: committed.change, selection: .todo(item.id),
                       message: .info("Indented \(quoted(item.title))" + keys.undoes), isUndoable: true, wrote: true)
    }

    /// Lifts `shown` (with its subtasks) one level: it follows its parent's subtasks.
    func outdent(_ shown: TodoItem) throws -> Outcome {
        let (current, refusal) = try current(shown, .list, otherwise: "nothing outdented")
        guard let item = current else { return refusal }
        let committed = try store.outdent(id: item.id)
        guard !committed.change.isEmpty else { return .saying(.info("\(quoted(item.title)) is at the top level already")) }
        return Outcome(change: committed.change, selection: .todo(item.id),
                       message: .info("Outdented \(quoted(item.title))" + keys.undoes), isUndoable: true, wrote: true)
    }

    // MARK: Adding a subtask (c)

    /// Adds a todo typed as `text` (with its !, @ and # markers) as the last subtask of `shown`, while
    /// it still exists in the list it was in.
    func addSubtask(_ text: String, to shown: TodoItem) throws -> Outcome {
        let (current, refusal) = try current(shown, .list, otherwise: "nothing added")
        guard let parent = current else { return refusal }
        let parsed = TitleSyntax.parse(text, today: today).startingOnFirstOccurrence(today: today)
        if let refused = self.refusal(of: parsed) { return refused }
        let added = try store.addSubtask(title: parsed.title, toParent: parent.id, priority: parsed.priority ?? 0, due: parsed.due?.stored,
                                         recurrence: parsed.recurrence, tags: parsed.tags, reminders: parsed.reminders,
                                         start: parsed.start?.stored)
        return Outcome(change: added.change, selection: .todo(added.value.id),
                       message: .info(parsed.hinted("Added \(quoted(added.value.title)) under \(quoted(parent.title))")), wrote: true)
    }

    // MARK: Deleting and completing a parent

    /// The answer to "“Trip” has 3 subtasks": deletes the todo with its whole subtree
    /// (`.subtasksToo`), or alone, its subtasks lifted one level (`.onlyThese`), as one step, while it
    /// is still as the question named it.
    func deleteParent(_ shown: TodoItem, subtasks: SubtaskHandling) throws -> Outcome {
        let (current, refusal) = try current(shown, .deletion, otherwise: "nothing deleted")
        guard let item = current else { return refusal }
        let deleted = try store.delete(ids: [item.id], subtasks: subtasks)
        let others = deleted.value.count - 1
        let text = subtasks == .subtasksToo
            ? "Deleted \(quoted(item.title)) and its \(others) subtask\(others == 1 ? "" : "s")"
            : "Deleted \(quoted(item.title)); its subtasks moved up a level"
        return Outcome(change: deleted.change, message: .info(text + keys.undoes), isUndoable: true, wrote: true)
    }

    /// The answer to "“Trip” has 2 open subtasks": marks the todo done with every open subtask below
    /// it (`.subtasksToo`), or alone (`.onlyThese`), as one step, while it is still as the question named it.
    func completeParent(_ shown: TodoItem, subtasks: SubtaskHandling) throws -> Outcome {
        let (current, refusal) = try current(shown, [.completion, .wording], otherwise: "nothing completed")
        guard let item = current else { return refusal }
        let committed = try store.setDoneReportingNext(true, ids: [item.id], subtasks: subtasks)
        var outcome = Outcome(change: committed.change, selection: .keepPlace, isUndoable: true, wrote: true)
        let others = committed.value.items.count - 1
        let done = subtasks == .subtasksToo ? "Done: \(quoted(item.title)) and \(others) subtask\(others == 1 ? "" : "s")" : "Done: \(quoted(item.title)) (its subtasks stay open)"
        outcome.message = .info(done + (committed.value.nextOccurrences.first.map { " — next on \(comesBack($0))" } ?? "") + keys.undoes)
        return outcome
    }

    /// How many subtasks `item` has (direct ones), for the question deleting it asks; 0 for none.
    func subtaskCount(of item: TodoItem) throws -> Int {
        try store.subtaskProgress(of: item.id).total
    }
}
