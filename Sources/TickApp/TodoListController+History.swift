import TermTable
import TodoStore

/// How undo and redo are told (the commands are `TodoCommands.undo()` and `redo()`).
extension TodoListController {
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
