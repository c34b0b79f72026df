import TodoStore

/// `R`: todos still waiting for their start day (`^fri`) hidden from the lists until the day comes,
/// or shown again; remembered in the store as `H` is (written when the user is idle).
extension TodoCommands {
    /// Shows or hides the todos waiting for their start day in every list and remembers it. Hiding
    /// says how many it hid (on today, across the lists), so an empty-looking list is explained.
    func toggleWaiting() throws -> Outcome {
        var view = options
        view.showsWaiting.toggle()
        view.waitingDay = view.showsWaiting ? nil : today
        let remembered = ViewState(hidesWaiting: !view.showsWaiting)
        guard !view.showsWaiting else { return Outcome(message: .info("Showing waiting todos" + notRemembered), view: view, remembers: remembered) }
        let hidden = try lists.reduce(0) { $0 + (try store.waitingCount(listID: $1.id, on: today.iso)) }
        return Outcome(message: .info("Waiting todos hidden (\(hidden))" + keys.offer(.toggleWaiting, "shows them") + notRemembered,
                                      while: .waitingHidden), view: view, remembers: remembered)
    }
}
