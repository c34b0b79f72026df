import TodoStore

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
    /// Server items the sync left alone (unreadable, too large, outside their collection…), each
    /// with its list and why: kept on the server untouched, and tried again at the next sync.
    public var skippedItems: [SkippedItem] = []
    /// Items the server holds in a todo collection that are not todos (events, journal entries),
    /// counted by component name (`VEVENT`): another app's, left alone on the server, not a problem.
    public var leftAlone: [String: Int] = [:]
    /// Lists whose collection could not be synced this time (its answer was unusable), with why;
    /// the other lists synced.
    public var failedCollections: [FailedCollection] = []
    /// Collections the server listed on another server (scheme, host or port): not synced, since
    /// the credentials go nowhere else.
    public var refusedCollections: [String] = []
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
    /// Copies of one next occurrence deleted because two clients completed the same occurrence of a
    /// recurring todo (see `SyncEngine.convergeSplitSeries`).
    public var mergedOccurrences = 0
    /// HTTP requests sent.
    public var requests = 0

    /// Nothing done yet.
    public init() {}

    /// `↑ 3 changed, 1 deleted · ↓ 5 new, 2 changed, 1 deleted`: what went up and came down.
    public var transferLine: String {
        "↑ \(sentChanges) changed, \(sentDeletions) deleted · ↓ \(receivedNew) new, \(receivedChanges) changed, \(receivedDeletions) deleted"
    }

    /// Whether something was left out: an item skipped, a list not synced, a collection refused.
    public var hasProblems: Bool {
        !skippedItems.isEmpty || !failedCollections.isEmpty || !refusedCollections.isEmpty
    }

    /// How many skipped items the line names; the rest are counted.
    public static let namedItems = 3

    /// What a component left alone is called in the line: `VEVENT` is "events".
    static func kindName(_ component: String) -> String {
        switch component {
        case "VEVENT": "events"
        case "VJOURNAL": "journal entries"
        case "VFREEBUSY": "free/busy times"
        default: TitleQuoting.quoted(component, limit: 20)
        }
    }

    /// `↑ 3 changed, 1 deleted · ↓ 5 new, 2 changed, 1 deleted · 0 conflicts`, plus what was left
    /// out, named: the lists not synced and why, the items skipped (the first few) with their list.
    public var line: String {
        var text = transferLine + " · \(conflicts) conflict\(conflicts == 1 ? "" : "s")"
        for failed in failedCollections {
            text += " · list \(TitleQuoting.quoted(failed.listName, limit: 40)) not synced (\(failed.href)): \(failed.reason)"
        }
        if !skippedItems.isEmpty {
            let count = skippedItems.count
            text += " · \(count) item\(count == 1 ? "" : "s") skipped, kept on the server: "
            text += skippedItems.prefix(Self.namedItems).map(\.sentence).joined(separator: "; ")
            if count > Self.namedItems { text += "; and \(count - Self.namedItems) more" }
        }
        let others = leftAlone.values.reduce(0, +)
        if others > 0 {
            let kinds = leftAlone.keys.sorted().map(Self.kindName).joined(separator: " and ")
            text += " · \(others) item\(others == 1 ? "" : "s") left alone: \(kinds), not todos"
        }
        for address in refusedCollections {
            text += " · collection \(address) not synced: it is on another server"
        }
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
        if mergedOccurrences > 0 {
            text += " · \(mergedOccurrences) repeated occurrence\(mergedOccurrences == 1 ? "" : "s") of recurring todos merged"
        }
        return text
    }
}

/// A server item a sync left alone, and why.
public struct SkippedItem: Equatable, Sendable {
    /// The item's address as the server wrote it.
    public var href: String
    /// The list of its collection, when known.
    public var listName: String?
    /// Why it was left alone.
    public var reason: String

    /// An item left alone.
    public init(href: String, listName: String?, reason: String) {
        self.href = href
        self.listName = listName
        self.reason = reason
    }

    /// `/cal/x.ics in "Work": why`.
    public var sentence: String {
        href + (listName.map { " in \(TitleQuoting.quoted($0, limit: 40))" } ?? "") + ": " + reason
    }
}

/// A list whose collection a sync could not sync, and why.
public struct FailedCollection: Equatable, Sendable {
    /// The list's name.
    public var listName: String
    /// The collection's address.
    public var href: String
    /// Why (the error's sentence).
    public var reason: String

    /// A collection not synced.
    public init(listName: String, href: String, reason: String) {
        self.listName = listName
        self.href = href
        self.reason = reason
    }
}
