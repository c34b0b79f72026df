/// What one sync did, counted for the summary line `tick sync` prints.
public struct SyncSummary: Equatable, Sendable {
    /// Todos created or changed on the server.
    public var sentChanges = 0
    /// Todos deleted on the server.
    public var sentDeletions = 0
    /// Todos new here from the server.
    public var receivedNew = 0
    /// Todos changed here from the server.
    public var receivedChanges = 0
    /// Todos deleted here because they were deleted on the server.
    public var receivedDeletions = 0
    /// Fields that lost a merge (recorded in the store for `tick sync --status`).
    public var conflicts = 0
    /// Hrefs of server items Tick cannot read: kept on the server untouched.
    public var unreadable: [String] = []
    /// Hrefs of server items not taken because their UID is a todo's in a list kept on this machine
    /// (`sync list NAME no`): that todo is never touched by a server.
    public var notTakenForLocalUID: [String] = []
    /// Names of collections not synced because a list of that name syncs with another collection.
    public var unsyncedCollections: [String] = []
    /// Lists renamed here because their collection was renamed on the server.
    public var renamedLists = 0
    /// Collections renamed on the server because their list was renamed here.
    public var renamedCollections = 0
    /// Renames on the server that could not be made here (the name is another list's), each a sentence.
    public var unappliedRenames: [String] = []
    /// HTTP requests sent.
    public var requests = 0

    /// Nothing done yet.
    public init() {}

    /// `↑ 3 changed, 1 deleted · ↓ 5 new, 2 changed, 1 deleted`: what went up and came down.
    public var transferLine: String {
        "↑ \(sentChanges) changed, \(sentDeletions) deleted · ↓ \(receivedNew) new, \(receivedChanges) changed, \(receivedDeletions) deleted"
    }

    /// `↑ 3 changed, 1 deleted · ↓ 5 new, 2 changed, 1 deleted · 0 conflicts`, plus unreadable items when any.
    public var line: String {
        var text = transferLine + " · \(conflicts) conflict\(conflicts == 1 ? "" : "s")"
        if !unreadable.isEmpty { text += " · \(unreadable.count) unreadable on the server (kept)" }
        if !notTakenForLocalUID.isEmpty {
            text += " · \(notTakenForLocalUID.count) on the server not taken: the UID is a todo's in a list kept here"
        }
        for name in unsyncedCollections {
            text += " · collection \"\(name)\" not synced: its list's name goes with another collection"
        }
        if renamedLists + renamedCollections > 0 {
            text += " · list renames: \(renamedCollections) sent, \(renamedLists) received"
        }
        for rename in unappliedRenames { text += " · " + rename }
        return text
    }
}
