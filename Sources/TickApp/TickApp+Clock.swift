import FoundationEssentials
import TermTable
import TodoStore

/// An instant (for files that leave Foundation's names out: its `IndexPath` is not the table's).
public typealias Instant = Date
/// The instant now, as the app reads it.
public typealias InstantClock = () -> Date

extension TodoListController {
    /// The real clock.
    public static var systemClock: InstantClock { { Date() } }

    /// Reads today and the time of day from `clock` in `zone`. The app starts on the real clock in
    /// the process's zone (`Day.today`, `Due.timeOfDayNow`: `LocalTime.fromEnvironment`); tests
    /// give a fixed instant and a zone instead. Reminders come due against the same clock.
    public func followClock(_ clock: @escaping () -> Date, in zone: LocalTime) {
        localTime = zone
        self.clock = clock
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
