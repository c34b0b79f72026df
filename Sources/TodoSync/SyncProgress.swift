/// How far a sync has got, as `SyncEngine.progress` reports it: what `tick sync` draws on a terminal.
public struct SyncProgress: Equatable, Sendable {
    /// What the sync is doing.
    public enum Phase: Equatable, Sendable {
        /// Finding the collections and mapping them to lists (PROPFIND, MKCALENDAR).
        case collections
        /// Receiving the server's changes.
        case pull
        /// Sending this store's changes.
        case push
    }

    /// What the sync is doing.
    public var phase: Phase
    /// HTTP requests sent so far in this sync.
    public var requests: Int
    /// Todos received (pull) or sent (push) so far in this phase.
    public var itemsDone: Int
    /// The todos of this phase known so far: all of them for a push; for a pull, those listed by the
    /// server until now (each collection, each page of a truncated answer adds to it).
    public var itemsTotal: Int

    /// A progress report.
    public init(phase: Phase, requests: Int, itemsDone: Int = 0, itemsTotal: Int = 0) {
        self.phase = phase
        self.requests = requests
        self.itemsDone = itemsDone
        self.itemsTotal = itemsTotal
    }
}
