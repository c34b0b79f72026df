import TermTable

extension TickApp {
    /// A paste with no input line open: pasted text is never run as keys (a pasted `dd` would
    /// delete two todos), so it is dropped, saying how to paste a title.
    func ignorePasteInList() {
        say(.info("Paste ignored" + (list.keys.key(.add).map { ": press \($0) to add a todo, then paste its title" } ?? "")))
    }

    /// Closes a layer that is not necessarily the top one (the input line under a question).
    func dismiss(_ overlay: Overlay) {
        guard let index = overlays.lastIndex(where: { $0 === overlay }) else { return }
        overlays.remove(at: index)
        layout()
    }
}
