import TodoStore

/// Undo and redo (`u`, `U`): the history lives in the store, so a crash does not lose it.
extension TodoCommands {
    /// Undoes the last change made on this device (of any kind, batches as one step) and selects what
    /// it restored; changes the sync brought from other devices are passed over, and said so.
    func undo() -> Outcome {
        runHistory(verb: "Undid") { try store.undo() }
    }

    /// Redoes the last undone change.
    func redo() -> Outcome {
        runHistory(verb: "Redid") { try store.redo() }
    }

    /// A failure here is no "Not saved": it says which step failed, and the table is read afresh.
    private func runHistory(verb: String, _ step: () throws -> Committed<HistoryStep?>) -> Outcome {
        do {
            let committed = try step()
            guard let done = committed.value else {
                if verb == "Redid" { return .saying(.info("Nothing to redo")) }
                return .saying(.info(try store.hasChangesUndoCannotReach()
                                     ? "Nothing to undo (changes from other devices are not undone here)" : "Nothing to undo"))
            }
            // An undo or redo is a change like any other: it is sent at the next sync, and ends what
            // the messages of earlier changes offered. The step's rows come back (or go again) as the
            // store says; the selection goes to what it restored.
            return Outcome(change: committed.change, selection: .firstStored(done.todoIDs),
                           message: .info(Self.historyMessage(verb: verb, done)), wrote: true)
        } catch let refusal as HistoryRefusal {
            // Nothing changed but the history: the other device's newer change stays as it is.
            return .saying(.error(refusal.description))
        } catch {
            var outcome = Outcome.saying(.error("\(verb == "Undid" ? "Undo" : "Redo") failed: \(error)"))
            outcome.readsAgain = true
            return outcome
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
