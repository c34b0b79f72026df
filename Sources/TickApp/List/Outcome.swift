import TodoStore

/// What a command did, for `TickApp.run(_:)` to show in one place: the change it committed (for the
/// table), where the selection goes, what the status line says, and what the app asks or opens next.
/// Commands (`TodoCommands`) return it; they read no table and call nothing in the app.
struct Outcome {
    /// Where the selection goes once the change is shown.
    enum Selection: Equatable {
        /// Where the table leaves it (a deleted row's neighbour, a row moved by the batch update).
        case unchanged
        /// The place the command's todo had before the change, or the nearest row left in its list:
        /// `x` then works down a list.
        case keepPlace
        /// The todo now in the place the command's todo left (it went to another list); a list left
        /// empty keeps its header selected, so `a` adds the next todo there.
        case placeLeft
        /// The todo with this id, wherever it is shown.
        case todo(Int64)
        /// The todo selected before, or, when the change took it out of its list, the todo now in its
        /// place (editing mode's batches that move rows: a new priority or list). `listsNow` says
        /// which list each todo the batch changed is in now, by id.
        case sameTodo(listsNow: [Int64: Int64])
        /// The first of these todos still stored (what an undo restored), else the todo selected
        /// before: the change is shown as one the user did not make row by row.
        case firstStored([Int64])
        /// The list with this id as Tab selects it: its first row, or its header when it shows no rows
        /// (collapsed or empty), so `z` unfolds it again and `a` adds there.
        case listHeader(Int64)
        /// The todo (or list header) selected before, found again after a change of lists, which
        /// reads everything again: the sections may have moved under it.
        case sameSelection
        /// The first row of the agenda group this many groups on from the selected row's (Tab in
        /// the agenda), passing over empty groups, wrapping.
        case agendaGroup(offset: Int)
    }

    /// A parent's subtasks collapsed or expanded (`z` on a todo of the outline, a click on its
    /// mark): a change of the view, not of the store. The parent's row stays selected.
    struct Fold {
        /// The parent, as the command found it.
        var todo: TodoItem
        /// Whether its subtasks are hidden (true) or shown again.
        var collapses: Bool
    }

    /// What the app opens after the change. Each holds the todo (its id and the fields it showed),
    /// never a row: the answer acts on that todo wherever it is by then, or on nothing.
    enum Presentation {
        /// "“Water plants” repeats: s skip this one · t stop the series".
        case deleteRecurring(TodoItem)
        /// The details of the todo (Enter).
        case details(TodoItem)
        /// The title editor on the todo (the Edit swipe button).
        case editor(TodoItem)
        /// "“Trip” has 3 subtasks: s deletes them too · l lifts them one level" (`d` on a parent).
        case deleteParent(TodoItem, subtasks: Int)
        /// "“Trip” has 2 open subtasks: a completes them too · o only this one" (`x` on a parent).
        case completeParent(TodoItem, openSubtasks: Int)
    }

    /// The change the command committed (`TodoChange.none` when it changed nothing).
    var change = TodoChange.none
    /// Where the selection goes.
    var selection = Selection.unchanged
    /// What the status line says; nil leaves it as it is.
    var message: StatusMessage?
    /// Whether `message` reports a change `u` undoes: it is then shown only while no other change came after it.
    var isUndoable = false
    /// Whether the command wrote to the store (a change the sync sends, counted in `changeCount`).
    var wrote = false
    /// The todos editing mode marks after the change (the marks stay on todos, not rows); nil leaves the marks.
    var marks: [Int64]?
    /// What the app opens next, if anything.
    var presentation: Presentation?
    /// The view options the table shows next (a sort, done todos shown or hidden, wrapped titles), if new.
    var view: ViewOptions?
    /// The view choice to remember in the store (`s`, `H`, `R`, `W`), if any: written when the user is
    /// idle or the app goes (`TickApp.saveDeferredState()`), not on the key.
    var remembers: ViewState?
    /// Whether the table shows the agenda (true) or the lists (false) next; nil leaves the view.
    var showsAgenda: Bool?
    /// Whether the table reads everything afresh (after a failure that may have changed anything).
    var readsAgain = false
    /// The list the command made or renamed, as stored now, for the screen that asked (the lists screen
    /// selects it, the list picker moves the todo there); after a refusal because the list was renamed
    /// elsewhere meanwhile, the list as it is now (the answer again acts on it).
    var list: TodoList?
    /// Bytes for the terminal itself (an OSC 52 copy), written as they are after the frame.
    var terminalOutput: [UInt8] = []
    /// Whether what the user typed for the command stays where it was typed (the input line, the notes
    /// editor): the command refused it (a title without words, a list deleted meanwhile), and nothing
    /// typed is lost.
    var keepsInput = false
    /// A parent whose subtasks the table hides or shows again, if any.
    var fold: Fold?
    /// The list whose rows editing mode marks too (`V`), by id: the rows shown, read in slices.
    var marksList: Int64?
    /// A read of the store the command could not make (nothing was changed): the table reports it
    /// as any failed read ("Cannot read …"), never as a change not saved.
    var failedRead: (any Error)?
    /// What the status line says instead of `message` when a todo the command added is not shown
    /// after the change (the view hides it: a search, the agenda, a collapsed parent), if anything.
    var whenHidden: HiddenNote?

    /// The message for todos a command added that the view may hide.
    struct HiddenNote {
        /// The todos added (their ids and lists, for finding their rows).
        var todos: [TodoItem]
        /// What the status line says when any of them is not shown.
        var message: StatusMessage
    }

    /// Only a message (a refusal, a hint): nothing changed.
    static func saying(_ message: StatusMessage) -> Outcome {
        Outcome(message: message)
    }

    /// A refusal of what the user typed: only a message, and the text stays where it was typed.
    static func refusing(_ message: StatusMessage) -> Outcome {
        Outcome(message: message, keepsInput: true)
    }

    /// The same outcome, keeping what the user typed (a refusal that came from elsewhere).
    var keepingInput: Outcome {
        var outcome = self
        outcome.keepsInput = true
        return outcome
    }
}
