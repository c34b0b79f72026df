import TermTable
import TodoStore

/// The one place a command's outcome is shown: key → key map → command → store → outcome → table → frame.
extension TickApp {
    /// The commands over the store as it is now, with the key names in effect (the list's, made when
    /// the key maps are set).
    var commands: TodoCommands {
        TodoCommands(store: list.store, today: list.today(), timeOfDay: list.timeOfDay, lists: list.lists, options: list.options, keys: list.keys,
                     terminal: terminalAbilities)
    }

    /// Runs a command and shows its outcome: the change in the table, the selection where it says
    /// (`place`, the row the command's todo had, defaults to the selected row), the message in the
    /// status line, then the question or screen it opens. A command that throws changed nothing:
    /// the status line says "Not saved" and why, and the table is read afresh.
    ///
    /// Returns whether the command took what the user typed for it: false when it threw or refused the
    /// input (`Outcome.keepsInput`), so the input line or editor stays open with the text.
    @discardableResult
    func run(keepingPlace place: IndexPath? = nil, marked: [(IndexPath, TodoItem)] = [], _ command: (TodoCommands) throws -> Outcome) -> Bool {
        let before = list.placesBefore(keeping: place, marked: marked)
        let outcome: Outcome
        do {
            outcome = try command(commands)
        } catch {
            list.changeCount += 1
            list.reloadFromStore()
            // Said after the reload, which reports a failed read of its own: that the change was not saved matters more.
            say(.error("Not saved: \(error)"))
            return false
        }
        if outcome.wrote { list.changeCount += 1 }
        // Read before the message is set: the command's message says more than a failed read of the new view.
        if let view = outcome.view { list.show(view: view) }
        if let choice = outcome.remembers { list.rememberViewChoice(choice) }
        // A message that depends on whether the view shows the todos added waits until the change is shown.
        if outcome.whenHidden == nil { say(outcome.message, undoable: outcome.isUndoable) }
        list.show(outcome, before: before)
        // Unless showing it failed to read the view (said at the frame), which says more.
        if let hidden = outcome.whenHidden, list.unsaidReadFailure == nil {
            say(list.hidesAny(of: hidden.todos) ? hidden.message : outcome.message, undoable: outcome.isUndoable)
        }
        terminalOutput += outcome.terminalOutput
        switch outcome.presentation {
        case .deleteRecurring(let item): confirmDeletingRecurring(item)
        case .details(let item): present(DetailOverlay(list: list, todo: item, keyMap: keyMaps.details, notesKeyMap: keyMaps.notes))
        case .editor(let item): openEditor(for: item)
        case .deleteParent(let item, let subtasks): confirmDeletingParent(item, subtasks: subtasks)
        case .completeParent(let item, let open): confirmCompletingParent(item, openSubtasks: open)
        case nil: break
        }
        return !outcome.keepsInput
    }

    /// Says a command's message, if any; one reporting a change `u` undoes holds while no other change came after it.
    private func say(_ message: StatusMessage?, undoable: Bool) {
        guard var message else { return }
        if undoable { message.condition = .undoable(change: list.changeCount) }
        say(message)
    }

    /// Runs an editing-mode command on the marked todos (as stored now, in screen order).
    func runOnMarked(_ command: (TodoCommands, [TodoItem]) throws -> Outcome) {
        let marked = list.markedItems()
        run(marked: marked) { try command($0, marked.map(\.1)) }
    }

    /// Runs the command a swipe button left while the key or click was handled.
    func runSwipedCommand() {
        guard let swiped = list.swipedCommand else { return }
        list.swipedCommand = nil
        run(keepingPlace: swiped.place) { try $0.swiped(swiped.button) }
    }

    /// The bytes waiting for the terminal besides the frame (an OSC 52 copy), handed over once.
    public func takeTerminalOutput() -> [UInt8] {
        defer { terminalOutput = [] }
        return terminalOutput
    }

    /// Runs `command` as `run(_:)` does and returns the outcome shown, for the screen that ran it (the
    /// lists screen selects the list made, the list picker moves the todo there); nil when it threw.
    func outcome(of command: (TodoCommands) throws -> Outcome) -> Outcome? {
        var shown: Outcome?
        run { commands in
            let outcome = try command(commands)
            shown = outcome
            return outcome
        }
        return shown
    }
}
