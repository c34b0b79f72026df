import FoundationEssentials
import CalDAV
import TodoStore

/// One two-way sync of a store with a CalDAV calendar home: lists map to collections, todos to
/// VTODO items named by their UID.
///
/// A sync finds the collections (making one with MKCALENDAR for a list that has none, adopting a
/// collection of the same name, or making a list for a collection it does not know), pulls each
/// collection's changes since its sync token, merging every changed item three-way with the local
/// todo against the last synced text, then pushes the local changes the store recorded
/// (`sync_pending`). Every answer of the server is written to the store before the next request, so
/// an interrupted sync resumes without sending anything twice; remote changes enter the store
/// through its ordinary steps (an import by UID, a delete), so the app sees them on its one change path.
public final class SyncEngine {
    let store: TodoStore
    let client: CalDAVClient
    let home: ServerURL
    let localLists: Set<String>
    let rewriter: VTodoRewriter
    let now: () -> Date
    /// What this sync has done so far: after `sync()` threw, what was kept before the failure.
    public internal(set) var summary = SyncSummary()
    /// How long `sync()` waits for another sync of the same store (its `TodoStore.SyncLock`) to end
    /// before it fails with `StoreError.syncAlreadyRunning`, in seconds; `willWaitForRunningSync` is
    /// called once when it starts waiting.
    public var lockWaitSeconds = 0.0
    /// Called when `sync()` begins to wait for another sync of the store (see `lockWaitSeconds`).
    public var willWaitForRunningSync: (() -> Void)?
    /// Runs between the pull and the push: tests change the server there, so the push meets a 412.
    var betweenPullAndPush: (() throws -> Void)?
    /// How long one sync may take in all (nil: no limit): its requests are cut to what is left, and
    /// the sync stops with ``CalDAVError/syncTookTooLong(seconds:)`` once it has passed.
    public var timeLimit: Duration?
    /// How many `sync-collection` answers in a row may say "cut short, ask again" without naming
    /// anything new before a collection's pull gives up (a server looping on new tokens).
    static let maximumEmptyRounds = 3
    /// How many `sync-collection` rounds one collection's pull may take in all.
    static let maximumRounds = 10_000
    /// The largest collection whose items a pull reads in one `calendar-query` when it needs most of
    /// them (a first download): its answer is held whole in memory, about 500 bytes a todo. 0 always
    /// reads by multiget, 200 items a request.
    public var wholeCollectionQueryLimit = 20_000
    /// Called as the sync goes, on the syncing thread: the phase, the requests so far, the items done
    /// of those known (`SyncEngine+Progress`). `tick sync` draws it on a terminal.
    public var progress: ((SyncProgress) -> Void)?
    var progressState = SyncProgress(phase: .collections, requests: 0)
    var progressRequestsAtStart = 0
    /// While set (the pull after the push), receiving reports no progress: the phases stay in order.
    var progressIsPaused = false
    /// The collections the last `mappedCollections()` discovered (for `syncListNames`).
    private var discovered: [CalendarCollection] = []
    /// The calendar home the last `mappedCollections()` discovered: an item whose collection was
    /// deleted on the server still lies inside it.
    var discoveredHome: ServerURL?
    /// Where this sync's pull put todos (list id, position), for `separateTiedTodos()`.
    var receivedPlaces: Set<ReceivedPlace> = []
    /// Open recurring todos this sync's pull wrote (by id), for `convergeSplitSeries()`.
    var receivedOccurrences: Set<Int64> = []
    /// The collections (hrefs) this sync's push created items in, for `pullAfterCreations()`.
    var collectionsWithCreations: Set<String> = []
    /// Set by the push when a moved todo's old item was gone (deleted, or moved by another device):
    /// `sync()` then runs a second round, whose pull finds out which.
    var lostDuringMove = false
    /// Whether the sync is in that second round (where a move's old item gone is a deletion).
    var isSecondRound = false

    /// An engine syncing `store` with the calendar home `home` through `client`; lists named in
    /// `localLists` stay on this machine.
    public init(store: TodoStore, client: CalDAVClient, home: ServerURL, localLists: Set<String> = [],
                zone: LocalTime, now: @escaping () -> Date = Date.init) {
        self.store = store
        self.client = client
        self.home = home
        self.localLists = localLists
        self.rewriter = VTodoRewriter(zone: zone)
        self.now = now
    }

    /// Runs one sync and records it in the store; throws the first failure (a `CalDAVError`, a
    /// `StoreError`), leaving everything done before it recorded (and counted in `summary`).
    ///
    /// One sync of a store at a time: it holds the store's sync lock throughout. A store that cannot
    /// be written is refused before anything is asked of the server (which would otherwise get new
    /// collections for a sync that then fails).
    public func sync() throws -> SyncSummary {
        summary = SyncSummary()
        if store.isReadOnly { throw StoreError.readOnly(path: store.path) }
        let lock = try store.takeSyncLock(waitingUpTo: lockWaitSeconds, whileWaiting: willWaitForRunningSync)
        defer { lock.release() }
        receivedPlaces = []
        receivedOccurrences = []
        collectionsWithCreations = []
        let requestsBefore = client.http.requestCount
        client.http.setTimeLimit(timeLimit)
        defer {
            summary.requests = client.http.requestCount - requestsBefore
            client.http.setTimeLimit(nil)
        }
        beginProgress()
        lostDuringMove = false
        isSecondRound = false
        defer { isSecondRound = false }
        // A second round only when a move's old item was gone at the push (see `move`): its pull
        // finds the todo in the collection another device moved it to, so it never has two items.
        repeat {
            isSecondRound = lostDuringMove
            lostDuringMove = false
            let collections = try mappedCollections()
            try syncListNames(collections, remote: discovered)
            try pull(collections.values.sorted { $0.listID < $1.listID })
            try separateTiedTodos()
            try convergeSplitSeries()
            if !isSecondRound { try betweenPullAndPush?() }
            try push(collections)
        } while lostDuringMove && !isSecondRound
        try pullAfterCreations()
        summary.requests = client.http.requestCount - requestsBefore
        try store.recordSyncRun(summary: summary.line)
        return summary
    }

    /// What `sync()` would send and receive, counted without changing the store or the server
    /// (PROPFIND and REPORT only): items new, changed or deleted on the server since the last sync,
    /// the changes waiting here, and the todos of lists that would get a collection. Conflicts are
    /// not predicted (it takes the items' contents).
    public func preview() throws -> SyncSummary {
        summary = SyncSummary()
        let requestsBefore = client.http.requestCount
        client.http.setTimeLimit(timeLimit)
        defer { client.http.setTimeLimit(nil) }
        let lists = try store.lists()
        let remote = try client.discoverCalendars(at: home).filter(\.supportsTodos)
        discovered = remote
        let remotePaths = Set(remote.map(\.url.path))
        var synced = Set<Int64>()
        var claimed = try store.droppedSyncCollections()
        for collection in try store.syncCollections() {
            claimed.insert(collection.href)
            guard remotePaths.contains(collection.href), let list = lists.first(where: { $0.id == collection.listID }),
                  !localLists.contains(list.name) else { continue }
            synced.insert(list.id)
            try countChanges(in: collection)
        }
        for calendar in remote where !claimed.contains(calendar.url.path) {
            let name = calendar.listName
            guard !localLists.contains(name) else { continue }
            if let list = lists.first(where: { $0.name.lowercased() == name.lowercased() }) {
                guard !synced.contains(list.id) else { continue }
                synced.insert(list.id)
            }
            try countChanges(in: TodoStore.SyncCollection(listID: 0, href: calendar.url.path))
        }
        var counted = Set<Int64>()
        for change in try store.pendingSyncChanges() {
            counted.insert(change.todoID)
            let known = try store.syncedItem(todoID: change.todoID) != nil
            if change.isDeletion {
                if known { summary.sentDeletions += 1 }
            } else if let item = try store.item(id: change.todoID), let list = lists.first(where: { $0.id == item.listID }), !localLists.contains(list.name) {
                summary.sentChanges += 1
            } else if known {
                summary.sentDeletions += 1
            }
        }
        // A list without a collection sends all its todos (those not counted above).
        for list in lists where !synced.contains(list.id) && !localLists.contains(list.name) {
            let pendingHere = try counted.filter { try store.item(id: $0)?.listID == list.id }.count
            summary.sentChanges += list.openCount + list.doneCount - pendingHere
        }
        summary.requests = client.http.requestCount - requestsBefore
        return summary
    }

    /// Counts a collection's changes since its token against the synced items.
    private func countChanges(in collection: TodoStore.SyncCollection) throws {
        let changes = try changes(in: try home.resolving(collection.href), of: collection, since: collection.syncToken)
        for version in changes.changed {
            if let known = try store.syncedItem(href: version.href) {
                if known.etag != version.etag { summary.receivedChanges += 1 }
            } else {
                summary.receivedNew += 1
            }
        }
        for href in changes.removed where try store.syncedItem(href: href) != nil { summary.receivedDeletions += 1 }
    }

    // MARK: Collections

    /// The collection of every synced list, by list id.
    private func mappedCollections() throws -> [Int64: TodoStore.SyncCollection] {
        let lists = try store.lists()
        let discovery = try client.discover(at: home)
        let remote = discovery.calendars.filter(\.supportsTodos)
        discovered = remote
        discoveredHome = discovery.home
        summary.refusedCollections = discovery.refusedCollections
        let remotePaths = Set(remote.map(\.url.path))
        var mapped: [Int64: TodoStore.SyncCollection] = [:]
        for collection in try store.syncCollections() {
            guard let list = lists.first(where: { $0.id == collection.listID }), !localLists.contains(list.name) else {
                try store.forgetSyncCollection(listID: collection.listID)
                continue
            }
            // Deleted on the server: forgotten, and the list gets a new collection below.
            guard remotePaths.contains(collection.href) else {
                try store.forgetSyncCollection(listID: collection.listID)
                continue
            }
            mapped[collection.listID] = collection
        }
        // A collection whose list was deleted here stays on the server, unsynced: the list does not come back.
        let claimed = Set(mapped.values.map(\.href)).union(try store.droppedSyncCollections())
        for calendar in remote where !claimed.contains(calendar.url.path) {
            let name = calendar.listName
            guard !localLists.contains(name) else { continue }
            if let list = try store.lists().first(where: { $0.name.lowercased() == name.lowercased() }), mapped[list.id] == nil {
                try adopt(calendar.url.path, for: list.id, into: &mapped)
            } else if try store.lists().contains(where: { $0.name.lowercased() == name.lowercased() }) {
                // Two collections of one name (made by another app, or by two devices at once): one list
                // syncs with one collection, and the other is said, not silently left out.
                summary.unsyncedCollections.append(name)
            } else {
                let list = try store.asRemote { try store.addList(named: name).value }
                let collection = TodoStore.SyncCollection(listID: list.id, href: calendar.url.path)
                try store.saveSyncCollection(collection)
                mapped[list.id] = collection
            }
        }
        for list in try store.lists() where mapped[list.id] == nil && !localLists.contains(list.name) {
            // In the home discovery found: the configured URL may be the server's root or a redirect.
            let url = try discovery.home.resolving(Self.pathSegment("tick-" + Self.randomHex()) + "/")
            try client.makeCalendar(at: url, displayName: list.name)
            try adopt(url.path, for: list.id, into: &mapped)
        }
        return mapped
    }

    /// Maps a list to a collection; its todos wait to go up (the server may already hold some,
    /// which the pull before the push recognizes by UID).
    private func adopt(_ href: String, for listID: Int64, into mapped: inout [Int64: TodoStore.SyncCollection]) throws {
        let collection = TodoStore.SyncCollection(listID: listID, href: href)
        try store.saveSyncCollection(collection)
        try store.markListPendingForSync(listID: listID)
        mapped[listID] = collection
    }

    // MARK: Pull

    /// Pulls every collection: changed items first, in all collections, then deletions, so a todo
    /// moved between lists on another device (a new item in one collection, a deletion in the other)
    /// is moved here, never deleted and added again. Tokens are saved last: a pull cut short is
    /// asked again, and items already received are skipped by their ETag.
    ///
    /// A collection whose answers cannot be used (unreadable, too large, naming addresses elsewhere,
    /// a server asking again forever) costs only itself: it is named in the summary, its token is not
    /// saved, and the other collections sync.
    private func pull(_ collections: [TodoStore.SyncCollection]) throws {
        var finished: [(collection: TodoStore.SyncCollection, removed: [String], token: String?)] = []
        progressWillReceive(0)
        for collection in collections {
            do {
                finished.append(try pullChanges(of: collection))
            } catch let error as CalDAVError where Self.isConfinedToOneCollection(error) {
                summary.failedCollections.append(FailedCollection(listName: try listName(collection.listID), href: collection.href,
                                                                  reason: error.description))
            }
        }
        for (collection, removed, token) in finished {
            for href in removed { try receiveDeletion(of: href) }
            try store.saveSyncCollection(.init(listID: collection.listID, href: collection.href, syncToken: token))
        }
    }

    /// Pulls once more, from the tokens the pull saved, the collections the push created items in.
    ///
    /// RFC 6578 lets a server leave out of a `sync-collection` answer an item created after the
    /// token and deleted since (Xandikos does: it compares two git trees). The pull's tokens predate
    /// this push, so another device's deleting a todo this push created, before the next sync, would
    /// never be heard of here. Asked again now, the server names those items (their ETags are known:
    /// nothing is fetched) and any change since the pull, and the token saved covers them.
    private func pullAfterCreations() throws {
        guard !collectionsWithCreations.isEmpty else { return }
        let collections = try store.syncCollections().filter { collectionsWithCreations.contains($0.href) }
        progressIsPaused = true
        defer {
            progressIsPaused = false
            progressDidSendMore()
        }
        try pull(collections.sorted { $0.listID < $1.listID })
    }

    /// Whether `error` is about what the server said for one collection, so the others can go on.
    static func isConfinedToOneCollection(_ error: CalDAVError) -> Bool {
        if case .refusedAddress = error { return true }
        return CalDAVClient.isConfinedToItsAnswer(error)
    }

    /// One collection's changed items received, with its deletions and new token for the end of the pull.
    private func pullChanges(of collection: TodoStore.SyncCollection) throws -> (TodoStore.SyncCollection, [String], String?) {
        let url = try home.resolving(collection.href)
        let listName = try listName(collection.listID)
        var token = collection.syncToken
        var removed: [String] = []
        var seen: Set<String> = []
        var emptyRounds = 0
        for round in 1... {
            let changes = try self.changes(in: url, of: collection, since: token)
            for problem in changes.refused {
                summary.skippedItems.append(SkippedItem(href: problem.href, listName: listName, reason: problem.reason))
            }
            // Our own upload comes back with the ETag we stored: nothing new.
            let known = try store.syncedETags(hrefs: changes.changed.map(\.href))
            let wanted = changes.changed.filter { known[$0.href] != .some($0.etag) }.map(\.href)
            if !wanted.isEmpty {
                progressWillReceive(wanted.count)
                try receive(wanted, from: url, in: collection, listName: listName, serverOffersQuery: serverOffers(.calendarQuery, at: url))
            }
            removed += changes.removed
            // An ETag listing has no token (""): the next pull lists again.
            token = changes.syncToken.isEmpty ? nil : changes.syncToken
            guard changes.isTruncated else { break }
            // "Cut short, ask again" must bring something new each time, and not forever.
            let before = seen.count
            seen.formUnion(changes.changed.map(\.href))
            seen.formUnion(changes.removed)
            emptyRounds = seen.count == before ? emptyRounds + 1 : 0
            if emptyRounds >= Self.maximumEmptyRounds || round >= Self.maximumRounds {
                throw CalDAVError.badResponse(reason: "the server said \(round) times that its answer was cut short"
                                              + (emptyRounds > 0 ? ", the last \(emptyRounds) with nothing new" : ""))
            }
        }
        return (collection, removed, token)
    }

    /// The changes since `token`; a token the server no longer knows asks for everything, and a
    /// server without sync-collection (RFC 6578) is compared by ETags instead (its token stays nil):
    /// one that says so in its `supported-report-set` is not asked, one that does not say is asked
    /// and its refusal taken as that answer.
    private func changes(in url: ServerURL, of collection: TodoStore.SyncCollection, since token: String?) throws -> CollectionChanges {
        let byQuery = serverOffers(.calendarQuery, at: url) != false
        if serverOffers(.syncCollection, at: url) == false {
            return try changesByEntityTags(in: url, of: collection, byQuery: byQuery)
        }
        do {
            let changes = try syncCollectionChanges(in: url, since: token)
            return changes.isWhole ? try withRemovals(changes.listing, of: collection) : changes.listing
        } catch let error as CalDAVError where Self.refusesReport(error) {
            return try changesByEntityTags(in: url, of: collection, byQuery: byQuery)
        }
    }

    /// The `sync-collection` changes since `token`, or the whole collection (`isWhole`) when there is
    /// no token or the server no longer knows it.
    private func syncCollectionChanges(in url: ServerURL, since token: String?) throws(CalDAVError) -> (listing: CollectionChanges, isWhole: Bool) {
        do {
            return (try client.changes(in: url, since: token), token == nil)
        } catch .syncTokenInvalid {
            return (try client.changes(in: url, since: nil), true)
        } catch .serverError(500, _) where token != nil {
            // Xandikos answers a token it does not know with 500, not with RFC 6578's
            // valid-sync-token error: asked without it, a server that really fails fails again.
            return (try client.changes(in: url, since: nil), true)
        }
    }

    /// `changes`, a listing of the whole collection (no token), with the synced items it leaves out
    /// as removed: a listing names no removals, and without this a deletion on the server before a
    /// token was lost (or before the first token) would never reach this device. A listing cut short
    /// (RFC 6578 §3.6) does not name everything, so it removes nothing.
    private func withRemovals(_ changes: CollectionChanges, of collection: TodoStore.SyncCollection) throws -> CollectionChanges {
        guard !changes.isTruncated else { return changes }
        let listed = Set(changes.changed.map(\.href))
        var result = changes
        result.removed += try store.syncedItems(inCollection: collection.href).map(\.href).filter { !listed.contains($0) }.sorted()
        return result
    }

    /// Whether the server offers `report` for the collection at `url`, as discovery read its
    /// `supported-report-set`; for a collection this sync made, what all the others said alike (one
    /// server, one set of reports); nil when nothing tells.
    func serverOffers(_ report: CalendarCollection.Report, at url: ServerURL) -> Bool? {
        if let described = discovered.first(where: { $0.url.path == url.path }) { return described.offers(report) }
        let others = Set(discovered.compactMap { $0.offers(report) })
        return others.count == 1 ? others.first : nil
    }

    /// The `calendar-query` listing of the todos at `url`, or every member's by PROPFIND when the
    /// server refuses the report.
    private func todoListing(in url: ServerURL) throws(CalDAVError) -> CollectionChanges {
        do {
            return try client.todoListing(in: url)
        } catch where Self.refusesReport(error) {
            return try client.itemListing(in: url)
        }
    }

    /// Whether `error` is how a server refuses a report it does not know (403, 400, 405, 501).
    static func refusesReport(_ error: CalDAVError) -> Bool {
        switch error {
        case .forbidden: true
        case .serverError(let status, _): [400, 405, 501].contains(status)
        default: false
        }
    }

    /// The changes found by listing every todo's ETag (a `calendar-query` for VTODOs when
    /// `byQuery`, falling back to a Depth 1 PROPFIND of every member when the server refuses it)
    /// and comparing with the synced items'.
    private func changesByEntityTags(in url: ServerURL, of collection: TodoStore.SyncCollection, byQuery: Bool) throws -> CollectionChanges {
        let listing = try byQuery ? todoListing(in: url) : client.itemListing(in: url)
        let listed = listing.changed
        let known = Dictionary(try store.syncedItems(inCollection: collection.href).map { ($0.href, $0.etag) }, uniquingKeysWith: { first, _ in first })
        let changed = listed.filter { known[$0.href] != .some($0.etag) }
        let present = Set(listed.map(\.href))
        return CollectionChanges(changed: changed, removed: known.keys.filter { !present.contains($0) }.sorted(), syncToken: "", isTruncated: false,
                                 refused: listing.refused)
    }

    /// An item deleted on the server: the todo goes too, unless it was edited here (the edit wins
    /// and goes up again as a new item).
    private func receiveDeletion(of href: String) throws {
        guard let synced = try store.syncedItem(href: href) else { return }
        if let pending = try store.pendingSyncChange(todoID: synced.todoID) {
            try store.forgetSyncedItem(todoID: synced.todoID, clearingRevision: pending.isDeletion ? pending.revision : nil)
            if !pending.isDeletion {
                let title = try store.item(id: synced.todoID)?.title ?? synced.uid
                try record([TodoMerge.Conflict(uid: synced.uid, field: nil, lost: .remote)], title: title)
            }
            return
        }
        if try store.item(id: synced.todoID) != nil {
            _ = try store.asRemote { try store.delete(ids: [synced.todoID]) }
            summary.receivedDeletions += 1
        }
        let revision = try store.pendingSyncChange(todoID: synced.todoID)?.revision
        try store.forgetSyncedItem(todoID: synced.todoID, clearingRevision: revision)
    }

    /// Writes a todo from the server into the store, as one step (an import that updates by UID),
    /// marked as a change from another device, which `u` here does not undo, last modified when its
    /// LAST-MODIFIED says (`CalendarTodo.newTodo`), so that what goes up next carries the server's
    /// time, not the time it arrived (which dates a version without one), and at the place its
    /// X-APPLE-SORT-ORDER gives (see `SyncEngine+Order.swift`).
    func apply(_ todo: CalendarTodo, defaultList: String) throws {
        try applyPlaced(todo, defaultList: defaultList)
    }

    /// Records the fields that lost a merge, and counts them.
    func record(_ conflicts: [TodoMerge.Conflict], title: String) throws {
        guard !conflicts.isEmpty else { return }
        summary.conflicts += conflicts.count
        try store.recordSyncConflicts(conflicts.map { conflict in
            TodoStore.SyncConflict(date: now(), uid: conflict.uid, title: title, field: conflict.field?.rawValue ?? "deletion",
                                   lostValue: conflict.outcome)
        })
    }

    // MARK: Helpers

    func listName(_ listID: Int64) throws -> String {
        guard let list = try store.lists().first(where: { $0.id == listID }) else { throw StoreError.listNotFound(id: listID) }
        return list.name
    }

    /// `text` with every byte but unreserved ones percent-encoded, for a path segment.
    static func pathSegment(_ text: String) -> String {
        var segment = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                segment.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                segment += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return segment
    }

    private static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        let value: UInt64 = generator.next()
        return String(value, radix: 16)
    }
}
