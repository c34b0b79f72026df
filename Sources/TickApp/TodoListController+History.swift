import TermTable
import TodoStore

/// Undo and redo: the history lives in the store, so a crash does not lose it.
extension TodoListController {
    /// Undoes the last change made on this device (of any kind, batches as one step) and selects what
    /// it restored; changes the sync brought from other devices are passed over, and said so.
    public func undo() {
        runHistory(verb: "Undid") { try store.undo() }
    }

    /// Redoes the last undone change.
    public func redo() {
        runHistory(verb: "Redid") { try store.redo() }
    }

    private func runHistory(verb: String, _ step: () throws -> Committed<HistoryStep?>) {
        do {
            let committed = try step()
            guard let done = committed.value else {
                if verb == "Redid" {
                    message = .info("Nothing to redo")
                } else {
                    message = .info(try store.hasChangesUndoCannotReach()
                                    ? "Nothing to undo (changes from other devices are not undone here)" : "Nothing to undo")
                }
                return
            }
            // An undo or redo is a change like any other: it is sent at the next sync, and ends what
            // the messages of earlier changes offered.
            changeCount += 1
            // The step's rows come back (or go again) as the store says; the selection goes to what it restored.
            message = .info(Self.historyMessage(verb: verb, done))
            show(committed.change, selecting: done.todoIDs.first(where: { storedItem(id: $0) != nil }))
        } catch let refusal as HistoryRefusal {
            // Nothing changed but the history: the other device's newer change stays as it is.
            message = .error(refusal.description)
        } catch {
            message = .error("\(verb == "Undid" ? "Undo" : "Redo") failed: \(error)")
            reloadFromStore()
        }
    }

    /// "Undid add “Buy milk”", or, when `u` passed over changes from other devices to reach it,
    /// "Skipped a change from another device; undid add “Buy milk”".
    static func historyMessage(verb: String, _ step: HistoryStep) -> String {
        switch step.remoteChangesPassedOver {
        case 0: return "\(verb) \(step.description)"
        case 1: return "Skipped a change from another device; \(verb.lowercased()) \(step.description)"
        case let count: return "Skipped \(count) changes from other devices; \(verb.lowercased()) \(step.description)"
        }
    }
}
