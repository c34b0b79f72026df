import TodoStore

/// Editing mode's commands: each acts on the marked todos (`marked`, as stored now, in screen order)
/// at once, as one store transaction (one undo step) and one table batch; the marks stay on the same
/// todos (`Outcome.marks`).
extension TodoCommands {
    /// `x`: marks every marked todo done (or, when all are done, not done).
    func toggleDone(ofMarked marked: [TodoItem]) throws -> Outcome {
        guard !marked.isEmpty else { return Outcome() }
        let done = !marked.allSatisfy(\.isDone)
        let committed = try store.setDoneReportingNext(done, ids: marked.map(\.id))
        let message = "Marked \(TodoCommands.todos(marked.count)) \(done ? "done" : "not done")"
            + comingBack(committed.value.nextOccurrences.count) + keys.undoes
        // Completed todos move to the end of their lists; the marks stay on the same todos.
        return Outcome(change: committed.change, message: .info(message), isUndoable: true, wrote: true, marks: marked.map(\.id))
    }

    /// `w`: starts every marked todo (or, when all are started, takes the starts back).
    func toggleStarted(ofMarked marked: [TodoItem]) throws -> Outcome {
        try setStatus(ofMarked: marked) { $0.allSatisfy { $0.status == .inProcess } ? .open : .inProcess }
    }

    /// `X`: cancels every marked todo (or, when all are cancelled, opens them again).
    func toggleCancelled(ofMarked marked: [TodoItem]) throws -> Outcome {
        try setStatus(ofMarked: marked) { $0.allSatisfy { $0.status == .cancelled } ? .open : .cancelled }
    }

    private func setStatus(ofMarked marked: [TodoItem], _ choose: ([TodoItem]) -> TodoStatus) throws -> Outcome {
        guard !marked.isEmpty else { return .saying(.info(keys.nothingMarked)) }
        let status = choose(marked)
        let committed = try store.setStatus(status, ids: marked.map(\.id))
        let message = "\(StatusChange.verb(status)): \(TodoCommands.todos(marked.count))"
            + comingBack(committed.value.nextOccurrences.count) + keys.undoes
        return Outcome(change: committed.change, message: .info(message), isUndoable: true, wrote: true, marks: marked.map(\.id))
    }

    /// `f`: flags every marked todo (or, when all are flagged, removes their flags).
    func toggleFlag(ofMarked marked: [TodoItem]) throws -> Outcome {
        guard !marked.isEmpty else { return .saying(.info(keys.nothingMarked)) }
        let flag = !marked.allSatisfy(\.isFlagged)
        let changed = try store.setFlagged(flag, ids: marked.map(\.id))
        return batch(changed, message: .info("\(flag ? "Flagged" : "Unflagged") \(TodoCommands.todos(marked.count))" + keys.undoes))
    }

    /// `+`, `-`: raises (`steps` > 0) or lowers the priority of every marked todo.
    func changePriority(by steps: Int, ofMarked marked: [TodoItem]) throws -> Outcome {
        guard !marked.isEmpty else { return .saying(.info(keys.nothingMarked)) }
        let committed = try store.changePriority(by: steps, ids: marked.map(\.id))
        let count = zip(marked, committed.value).filter { $0.priority != $1.priority }.count
        guard count > 0 else {
            return batch(committed, message: .info("No priority changed: the marked todos are already at \(steps > 0 ? "high" : "none")"), isUndoable: false)
        }
        return batch(committed, message: .info("\(steps > 0 ? "Raised" : "Lowered") the priority of \(TodoCommands.todos(count))" + keys.undoes))
    }

    /// The answer of the list picker opened on the marked todos `shown`: moves the ones shown
    /// (`shownInOrder`, their ids in screen order) to the top of `target`, in that order, while each
    /// of `shown` is still in the list it was in (and the list still exists).
    func move(marked shown: [TodoItem], shownInOrder: [Int64], toList target: TodoList) throws -> Outcome {
        guard !shown.isEmpty else { return .saying(.info(keys.nothingMarked)) }
        var items: [Int64: TodoItem] = [:]
        for item in shown {
            let (now, refusal) = try current(item, .list, otherwise: "nothing moved")
            guard let now else { return refusal }
            items[now.id] = now
        }
        let (stored, gone) = try current(target, otherwise: "nothing moved")
        guard let list = stored else { return gone }
        let moved = try store.move(ids: shownInOrder, toList: list.id)
        let count = shownInOrder.filter { items[$0]?.listID != list.id }.count
        guard count > 0 else { return batch(moved, message: .info("The marked todos are in \(list.name) already"), isUndoable: false) }
        return batch(moved, message: .info("Moved \(TodoCommands.todos(count)) to \(list.name)" + keys.undoes))
    }

    /// The answer "yes" to "Delete 3 todos?": deletes the todos that were marked when it was asked,
    /// while each is still as it was; when one is gone or changed meanwhile, nothing is deleted and
    /// the message says which.
    func delete(marked shown: [TodoItem]) throws -> Outcome {
        guard !shown.isEmpty else { return Outcome() }
        for item in shown {
            let (now, refusal) = try current(item, .deletion, otherwise: "nothing deleted")
            guard now != nil else { return refusal }
        }
        let deleted = try store.delete(ids: shown.map(\.id))
        return Outcome(change: deleted.change, message: .info("Deleted \(TodoCommands.todos(shown.count))" + keys.undoes),
                       isUndoable: true, wrote: true)
    }

    /// A batch that may move rows (a new priority or list): the marks stay on the changed todos and
    /// the selection on its todo, or, when it left its list, on the todo now in its place.
    private func batch(_ committed: Committed<[TodoItem]>, message: StatusMessage, isUndoable: Bool = true) -> Outcome {
        let listsNow = Dictionary(committed.value.map { ($0.id, $0.listID) }, uniquingKeysWith: { first, _ in first })
        return Outcome(change: committed.change, selection: .sameTodo(listsNow: listsNow), message: message, isUndoable: isUndoable, wrote: true,
                       marks: committed.value.map(\.id))
    }

    /// " · 1 comes back", " · 3 come back", or nothing.
    private func comingBack(_ count: Int) -> String {
        count == 0 ? "" : count == 1 ? " · 1 comes back" : " · \(count) come back"
    }
}
