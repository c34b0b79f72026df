import TermTable
import TodoStore

extension TickApp {
    /// Shows changes another process (another Tick, the command line) made to the store, as the
    /// store tells them from its journal, keeping the selection on the same todo; returns whether anything changed. Cheap enough to call on an idle
    /// timer: it reads SQLite's `data_version`, a counter in shared memory. While the store cannot be
    /// read, every call tries again, so the todos come back as soon as it can.
    @discardableResult
    public func showExternalChanges() -> Bool {
        // Midnight passed: the agenda's groups move on a day, and todos starting today stop waiting
        // where waiting todos are hidden (checked here, as this runs twice a second).
        let newAgendaDay = list.refreshAgendaDayIfNeeded()
        let newDay = list.refreshWaitingDayIfNeeded() || newAgendaDay
        let retrying = list.readFailure != nil
        let change = list.store.externalChange()
        guard change != nil || retrying else {
            list.noteLookedForExternalChanges()
            return newDay
        }
        // Another process's change is now the one `u` would undo.
        if change != nil { list.changeCount += 1 }
        if let change, !retrying {
            list.showExternalChange(change)
        } else {
            list.reloadFromStore()
            list.noteLookedForExternalChanges()
        }
        retireStaleMessage()
        return true
    }

    /// `<Remote TITLE>` in a key script (the demo's sync, simulated): a todo added on another device
    /// arrives at the end of the Inbox. It is written as the sync writes what a server sends, as a
    /// change from another device that `u` passes over, and shown as another process's change is,
    /// with the line a sync that brought it would show.
    func receiveFromAnotherDevice(title: String) {
        do {
            let committed = try list.store.asRemote { try list.store.append(title: title, toListNamed: nil) }
            list.changeCount += 1
            list.showExternalChange(committed.change)
            say(.info("Synced: ↓ 1 new from another device, \(quoted(title))"))
        } catch {
            say(.error("Not saved: \(error)"))
        }
    }
}
