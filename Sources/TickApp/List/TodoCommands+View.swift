import TodoStore

/// The view options (`s` sorts, `H` hides or shows done todos, `W` wraps titles): each returns the
/// options the table shows next, and remembers the choice in the store, as collapsed lists are, so a
/// restart shows the todos the same way.
extension TodoCommands {
    /// Sorts every list by the next sort and remembers it.
    func cycleSort() -> Outcome {
        var view = options
        view.sort = options.nextSort
        return Outcome(message: .info("Sorted by \(view.sort.label)" + remember(ViewState(sort: view.sort))), view: view)
    }

    /// Shows or hides done todos in every list and remembers it.
    func toggleCompleted() -> Outcome {
        var view = options
        view.showsCompleted.toggle()
        let remembered = remember(ViewState(hidesCompleted: !view.showsCompleted))
        let message: StatusMessage = view.showsCompleted ? .info("Showing completed todos" + remembered)
            : .info("Hiding completed todos" + keys.offer(.toggleCompleted, "shows them") + remembered, while: .completedHidden)
        return Outcome(message: message, view: view)
    }

    /// Wraps long titles onto up to three lines, or cuts them with "…" again, and remembers it.
    func toggleWrap() -> Outcome {
        var view = options
        view.wrapsTitles.toggle()
        let remembered = remember(ViewState(wrapsTitles: view.wrapsTitles))
        return Outcome(message: .info((view.wrapsTitles ? "Wrapping long titles (up to 3 lines)" + keys.offer(.toggleWrap, "cuts them")
                                        : "Cutting long titles with …" + keys.offer(.toggleWrap, "wraps them")) + remembered), view: view)
    }

    /// `A`: shows the agenda instead of the lists (`agendaShown` false), or the lists again. Not
    /// remembered: a restart shows the lists.
    func toggleAgenda(agendaShown: Bool) -> Outcome {
        let shows = !agendaShown
        var outcome = Outcome.saying(.info(shows ? "Agenda of every list" + keys.offer(.toggleAgenda, "shows the lists")
                                            : "Lists" + keys.offer(.toggleAgenda, "shows the agenda")))
        outcome.showsAgenda = !agendaShown
        return outcome
    }

    /// Why a command of the lists view does nothing in the agenda ("Reordering works in the lists view · A shows the lists").
    static func notInAgenda(_ what: String) -> StatusMessage {
        .info("\(what) works in the lists view · A shows the lists")
    }

    /// Saves a view choice; returns what the message should add when it could not be saved (the
    /// view changes all the same: it is only not remembered).
    func remember(_ state: ViewState) -> String {
        guard !store.isReadOnly else { return " (not remembered: the store is read-only)" }
        do {
            try store.saveViewState(state)
            return ""
        } catch {
            return " (not remembered: \(error))"
        }
    }
}
