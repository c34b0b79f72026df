import FoundationEssentials
import TermTable
import TodoStore

extension TodoListController {
    /// Reads today and the time of day from `clock` in `zone`. The app starts on the real clock in
    /// the process's zone (`Day.today`, `Due.timeOfDayNow`: `LocalTime.fromEnvironment`); tests
    /// give a fixed instant and a zone instead.
    public func followClock(_ clock: @escaping () -> Date, in zone: LocalTime) {
        localTime = zone
        today = { Day(clock(), in: zone) }
        timeOfDay = { Due.minutesOfDay(clock(), in: zone) }
    }
}

extension TickApp {
    /// Lets the rows on screen follow the clock without a key: a due time earlier today turns late
    /// (red) once its minute has passed, and the due words follow the day. Returns whether any row
    /// must be drawn again. Cheap enough for the idle timer: it compares the visible cells' day and
    /// minute with the clock's, and only a cell whose minute moved is drawn again (the presenter
    /// then writes only the canvas cells that changed).
    @discardableResult
    public func showClockChange() -> Bool {
        let today = list.today(), now = list.timeOfDay()
        var changed = false
        for case let cell as TodoCell in list.tableView.visibleCellsInOrder where cell.today != today || cell.now != now {
            cell.today = today
            cell.now = now
            changed = true
        }
        // The details read the clock when they are drawn, at the next key: an idle frame every
        // half second under every overlay would cost more than a late colour is worth.
        return changed
    }
}
