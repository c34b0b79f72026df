import FoundationEssentials

/// The store as a facade over its parts (see `StoreComponent`): the rank index, the list catalog,
/// the search index, the change tracking and the history each own their state and their SQL; the
/// store runs steps and announces them, and notices other connections' commits, in one place.
extension TodoStore {
    /// Runs `body` in one transaction and announces the step it reports to every part, in order:
    /// `willCommit` inside the transaction, then `didCommit` after it committed; when anything
    /// throws (the body, a part, the commit itself), `didRollBack` instead. A body that reports no
    /// step (it changed nothing) is announced to no one, and its change is `TodoChange.none`; only the
    /// change tracker hears that a step begins (`ChangeTracking.willRunStep`), so that a step never
    /// returns an earlier step's change.
    func runStep<T>(_ body: () throws -> (result: T, step: CommittedStep?)) throws -> Committed<T> {
        var committed: CommittedStep?
        changeTracking.willRunStep()
        do {
            let result = try connection.transaction { () -> T in
                let (result, step) = try body()
                if let step {
                    for component in components { try component.willCommit(step) }
                }
                committed = step
                return result
            }
            if let committed {
                for component in components { component.didCommit(committed) }
            }
            return Committed(value: result, change: changeTracking.takeCommittedChange())
        } catch {
            forgetDerivedState()
            throw error
        }
    }

    /// Tells every part to forget what it derived from the file: a transaction rolled back, and
    /// parts may have patched their state for changes that never happened.
    func forgetDerivedState() {
        for component in components { component.didRollBack() }
    }

    /// Adds a part that hears about every step after the store's own (for tests of the hook).
    func addComponent(_ component: any StoreComponent) {
        components.append(component)
    }

    /// Runs reads against one snapshot (the connection tells the parts about another connection's
    /// commit when the snapshot begins, see `SQLiteConnection.snapshotDidBegin`).
    func reading<T>(_ body: () throws -> T) throws -> T {
        try connection.read(body)
    }

    /// Tells every part when another connection committed since they last looked. Inside a
    /// transaction the pragma also starts its snapshot, so the check and the reads agree.
    func noticeOtherConnectionsCommits() throws {
        let version = try dataVersion()
        guard version != derivedDataVersion else { return }
        for component in components { component.fileDidChangeElsewhere() }
        derivedDataVersion = version
    }

    /// The error for a rank index that no longer matches the todos; everything derived is dropped,
    /// so a read after a repair starts afresh.
    func rankIndexMismatch() -> StoreError {
        forgetDerivedState()
        return RankIndex.mismatchError(path: path)
    }
}
