import TodoStore

/// The view options (`s` sorts, `H` hides or shows done todos, `W` wraps titles): each returns the
/// options the table shows next and the choice to remember in the store (`Outcome.remembers`, written
/// when the user is idle), as collapsed lists are, so a restart shows the todos the same way.
extension TodoCommands {
    /// Sorts every list by the next sort and remembers it.
    func cycleSort() -> Outcome {
        var view = options
        view.sort = options.nextSort
        return Outcome(message: .info("Sorted by \(view.sort.label)" + notRemembered), view: view, remembers: ViewState(sort: view.sort))
    }

    /// Shows or hides done todos in every list and remembers it.
    func toggleCompleted() -> Outcome {
        var view = options
        view.showsCompleted.toggle()
        let message: StatusMessage = view.showsCompleted ? .info("Showing completed todos" + notRemembered)
            : .info("Hiding completed todos" + keys.offer(.toggleCompleted, "shows them") + notRemembered, while: .completedHidden)
        return Outcome(message: message, view: view, remembers: ViewState(hidesCompleted: !view.showsCompleted))
    }

    /// Wraps long titles onto up to three lines, or cuts them with "…" again, and remembers it.
    func toggleWrap() -> Outcome {
        var view = options
        view.wrapsTitles.toggle()
        return Outcome(message: .info((view.wrapsTitles ? "Wrapping long titles (up to 3 lines)" + keys.offer(.toggleWrap, "cuts them")
                                        : "Cutting long titles with …" + keys.offer(.toggleWrap, "wraps them")) + notRemembered),
                       view: view, remembers: ViewState(wrapsTitles: view.wrapsTitles))
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

    /// What a view choice's message adds: that it is not remembered, on a read-only store. The choice
    /// itself goes in the outcome (`Outcome.remembers`) and is written when the user is idle
    /// (`TodoListController.rememberViewChoice(_:)`), so the key costs no transaction.
    var notRemembered: String {
        store.isReadOnly ? " (not remembered: the store is read-only)" : ""
    }
}
