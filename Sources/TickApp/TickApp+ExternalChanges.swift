import TermTable
import TodoStore

extension TickApp {
    /// Shows changes another process (another Tick, the command line) made to the store, keeping the
    /// highlight on the same todo; returns whether anything changed. Cheap enough to call on an idle
    /// timer: it reads SQLite's `data_version`, a counter in shared memory.
    @discardableResult
    public func showExternalChanges() -> Bool {
        guard list.store.hasExternalChanges() else { return false }
        list.reloadFromStore()
        return true
    }
}
