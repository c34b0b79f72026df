import FoundationEssentials

/// A `TodoChange` for every committed step, and for another process's steps: built by the
/// `ChangeTracking` part from the journal rows of each `CommittedStep`.
extension TodoStore {
    /// What another process changed since this store last looked (nil when nothing): its journaled
    /// steps since then, or `readsEverything` when the journal cannot explain the change (it undid
    /// or redid, or its history was dropped) or the store cannot be read.
    public func externalChange() -> TodoChange? {
        guard hasExternalChanges() else { return nil }
        do {
            return try reading { try changeTracking.changeSinceSeen() }
        } catch {
            // The snapshot failed before or while reading: the next external change reads everything too.
            changeTracking.loseTrack()
            return .readEverything(.unexplained)
        }
    }
}
