import TermTable
import TodoStore

extension TodoListController {
    /// Shows a command's outcome in the table: its change through `apply(_:)`, then the selection
    /// where it says (`place` is the row the command's todo had before the change). The change is
    /// committed by then, so a failure here (another process wrote between the commit and the update)
    /// is no failed change: everything is read again, on the todo the outcome selects, and the
    /// outcome's message stands unless the read failed.
    func show(_ outcome: Outcome, keepingPlace place: IndexPath?) {
        do {
            let shown = try apply(outcome.change)
            switch outcome.selection {
            case .unchanged: break
            case .keepPlace: if let place { keepSelection(near: place) }
            case .todo(let id): if let row = shown[id] { selectRow(at: row) }
            }
        } catch {
            let said = message
            if case .todo(let id) = outcome.selection { reloadFromStore(selecting: id) } else { reloadFromStore() }
            if readFailure == nil { message = said }
        }
    }
}
