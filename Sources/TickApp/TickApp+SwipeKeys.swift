import TermTable

extension TickApp {
    /// Handles a key while a row's swipe buttons are revealed, through the swipe key map; a letter
    /// bound to nothing there presses the button it underlines. False for every other key (and
    /// when no row is swiped), which then goes to the list: `l` again is a full swipe.
    func handleSwipeKey(_ key: Key) -> Bool {
        let table = list.tableView
        guard table.indexPathForSwipedRow != nil else { return false }
        guard let action = keyMaps.swipe.action(for: key) else {
            guard case .character(let letter) = key else { return false }
            return table.performSwipeAction(shortcut: letter)
        }
        switch action {
        case .selectLeft: table.moveSwipeSelection(toward: .left)
        case .selectRight: table.moveSwipeSelection(toward: .right)
        case .selectNext: table.moveSwipeSelection(by: 1)
        case .selectPrevious: table.moveSwipeSelection(by: -1)
        case .perform: table.performSelectedSwipeAction()
        case .close: table.closeSwipe()
        }
        return true
    }
}
