import FoundationEssentials

/// The todo list on disk: one SQLite file, opened safely, read in ordered pages, changed one
/// transaction per mutation.
///
/// Used from one thread (the app's run loop); SQLite connections and their cached statements are
/// not safe to share, so this class is deliberately not `Sendable`.
///
/// A facade: one extension file per concern (opening through `StoreOpener`, ordered pages
/// `+Sections` and `+SortedReads`, mutations `+Mutations` and `+BatchEdits`, undo and redo
/// `+History`, other connections' changes `+Changes`, sync state `+SyncState`…) over the parts in
/// `Components/`, which own their state and their SQL and hear of every step (`StoreComponent`).
///
/// Durable before shown: every mutation runs in `journaled`, and returns only after the `COMMIT` of
/// its `BEGIN IMMEDIATE` transaction, in WAL mode with `synchronous=FULL` (`Durability.full`; only
/// benchmarks lower it, through `TICK_SYNCHRONOUS`). So quitting, `kill -9`, a crash or a power cut
/// keep every change a screen showed, and a change that fails is rolled back whole and reported.
/// A new store is made whole under a temporary name and linked into place (`StoreFile.create`).
/// `make stress` checks this by killing writers.
public final class TodoStore {
    /// The file this store reads and writes, as passed to `init`.
    public let path: String
    /// True when changes are refused: requested by the caller, the file or its folder is not writable,
    /// or the disk had no room for the shared-memory file when the store opened.
    public let isReadOnly: Bool

    /// The path that opens a private store in memory (SQLite's own spelling): nothing is read from or
    /// written to disk, and its todos vanish when it closes. Meant for key scripts and tests that must
    /// never touch a user's store.
    public static let inMemoryPath = ":memory:"

    /// True when this store lives in memory only (opened with `inMemoryPath`).
    public var isInMemory: Bool { path == Self.inMemoryPath }

    /// When true, the first change checks the whole file (`PRAGMA quick_check`, linear in the file's
    /// size: about 0.3 s at a million todos) and refuses to write into a damaged store. A
    /// command-line change sets it: its own reads may never reach a damaged page, and it should not
    /// add to a store that is failing. The app leaves it off (a key must answer at once); it refuses
    /// changes once a read finds damage.
    public var checksFileBeforeFirstChange = false

    /// How long a read or a change waits for another process's write to end before it fails with
    /// "database is locked", in milliseconds: 2,000 when opened (the app must not hang on a key);
    /// `tick`'s commands wait longer, since a script would rather wait than fail.
    public var waitsForOtherWritersMilliseconds: Int32 {
        get { connection.busyTimeoutMilliseconds }
        set { connection.setBusyTimeout(milliseconds: newValue) }
    }

    /// The list that always exists; new todos go there unless told otherwise.
    public static let inboxListID: Int64 = Schema.inboxListID
    /// How many undoable steps are kept; older ones are dropped in the transaction that adds a new one.
    public let historyDepth: Int

    let connection: SQLiteConnection
    /// The error every change fails with, when changes are refused (`isReadOnly`).
    let writeRefusal: StoreError?
    /// Whether the whole file was found intact by `PRAGMA quick_check` (see `checksFileBeforeFirstChange`).
    var fileCheckedIntact = false
    let clock: @Sendable () -> Date
    /// The zone whose days the store counts in: the day a todo is done, for the next date of a
    /// series that counts from completion. The process's zone unless a test gives another.
    public var localTime = LocalTime.fromEnvironment
    /// `PRAGMA data_version` when `hasExternalChanges()` last looked.
    private var lastDataVersion: Int64 = 0
    /// `PRAGMA data_version` when the parts' derived state was last known to match the file.
    var derivedDataVersion: Int64 = -1
    /// The span after the last reminders read in which none comes due (see `dueReminders`).
    var reminderHorizon: ReminderHorizon?

    /// The undo history: opening, filing and pruning steps (see `History`).
    let history: History
    /// Where the steps run now come from: `.remote` inside `asRemote`, for the sync's writes.
    var stepOrigin = History.Origin.local
    /// The rank blocks' prefix sums: row i of a list's manual or completion order, and a todo's row there.
    let rankIndex: RankIndex
    /// The lists with their counts, and which columns the rows need.
    let listCatalog: ListCatalog
    /// Search results and the search index's pending queue.
    let searchIndex: SearchIndex
    /// Searches off the key path on a second, read-only connection; opened at the first background search.
    var backgroundSearch: BackgroundSearch?
    /// Test hooks handed to the background search when it starts (see `BackgroundSearch`).
    var backgroundSearchHooks: (willSearch: (@Sendable (String) -> Void)?, whileQuerying: (@Sendable (String) -> Void)?) = (nil, nil)
    /// Choosing positions in a list's manual order (no state of its own).
    let positions: Positions
    /// The change of the last step, and how far the history had got when this store last looked.
    let changeTracking: ChangeTracking
    /// Every part that hears about committed steps, in the order they hear (see `runStep`): the
    /// search index catches up first; the change is told after the rank index and the list
    /// catalog patched for it; the history files the step last.
    var components: [any StoreComponent]

    /// The gap left between neighbours' positions, so most inserts and moves touch one row.
    static let positionGap: Int64 = 1 << 16
    /// A row's place in a list's manual order: position, then id.
    typealias Key = Positions.Key

    /// Opens (or creates and initialises) the store at `path`, refusing files that are not ours,
    /// are damaged or come from a newer Tick, without changing them.
    ///
    /// - Parameters:
    ///   - readOnly: open without the ability to change anything; also chosen automatically when
    ///     `TodoStore.shouldOpenReadOnly(path:)` says the file or its folder is not writable.
    ///   - clock: the source of creation and completion times, injectable for tests.
    ///   - historyDepth: how many steps `undo()` can go back (0 keeps no history).
    ///   - durability: `.full` (the default) syncs every commit to disk; `.noSync` is for benchmarks and
    ///     throwaway stores only, where losing the last changes in a power cut does not matter.
    ///   - pageLimit: caps the file at this many pages, so a test can make the "disk" fill up
    ///     (`SQLITE_FULL`) without mounting a small file system.
    public init(path: String, readOnly: Bool = false, clock: @escaping @Sendable () -> Date = Date.init,
                historyDepth: Int = 100, durability: Durability = .full, pageLimit: Int? = nil) throws {
        self.path = path
        self.clock = clock
        self.historyDepth = max(0, historyDepth)
        let opened = try StoreOpener.open(path: path, readOnly: readOnly, durability: durability)
        connection = opened.connection
        // Modification times stamped by triggers follow the same clock as creation times.
        connection.clock = clock
        writeRefusal = opened.writeRefusal
        isReadOnly = opened.writeRefusal != nil
        if let pageLimit { try connection.execute("PRAGMA max_page_count = \(max(1, pageLimit))") }
        history = History(connection: connection, depth: self.historyDepth)
        rankIndex = RankIndex(connection: connection, path: path)
        listCatalog = ListCatalog(connection: connection)
        searchIndex = SearchIndex(connection: connection, lists: listCatalog)
        positions = Positions(connection: connection, path: path)
        changeTracking = ChangeTracking(connection: connection, history: history,
                                        builder: TodoChangeBuilder(rankIndex: rankIndex, listCatalog: listCatalog))
        components = [searchIndex, rankIndex, listCatalog, changeTracking, history]
        // Unreadable here means the first `hasExternalChanges()` reports a change, and the reload reports the failure.
        lastDataVersion = (try? dataVersion()) ?? 0
        // The parts hear only of commits after this one (an unreadable version: of the first snapshot's).
        derivedDataVersion = lastDataVersion
        connection.snapshotDidBegin = { [unowned self] in try self.noticeOtherConnectionsCommits() }
        rankIndex.didFindMismatch = { [unowned self] in self.forgetDerivedState() }
        changeTracking.noteHistorySeenOrLose()
    }

    /// A new, empty store in memory that no other process can see and that no file ever backs.
    public convenience init(inMemoryWith clock: @escaping @Sendable () -> Date = Date.init,
                            historyDepth: Int = 100) throws {
        try self.init(path: Self.inMemoryPath, clock: clock, historyDepth: historyDepth)
    }

    /// How hard each commit is pushed to disk.
    public enum Durability: String, Sendable, CaseIterable {
        /// Every commit is synced before it returns (`synchronous=FULL`): nothing reported done is ever lost.
        case full
        /// Commits survive a crash of Tick but not of the machine (`synchronous=NORMAL`).
        case normal
        /// No syncing at all (`synchronous=OFF`): for benchmarks and throwaway stores.
        case noSync = "off"

        /// The durability `TICK_SYNCHRONOUS` asks for (`full`, `normal` or `off`; `full` when unset or
        /// unknown). Meant for benchmarks, which measure the cost of a change without the disk sync.
        public init(environment: [String: String]) {
            self = environment["TICK_SYNCHRONOUS"].flatMap { Durability(rawValue: $0.lowercased()) } ?? .full
        }

        var pragmaValue: String {
            switch self {
            case .full: return "FULL"
            case .normal: return "NORMAL"
            case .noSync: return "OFF"
            }
        }
    }

    /// Closes the file; the store cannot be used afterwards (calls fail with an error).
    public func close() {
        // The background search's connection goes too, once its running search has stopped.
        backgroundSearch?.cancel()
        backgroundSearch?.waitUntilFinished()
        backgroundSearch = nil
        connection.close()
    }

    /// Whether opening `path` must be read-only: the file exists and it or its folder is not
    /// writable, judged by `access(W_OK)` and by the mode bits (so the decision also holds for root).
    public static func shouldOpenReadOnly(path: String) -> Bool {
        StoreFile.shouldOpenReadOnly(path)
    }

    /// The open and done todos in all lists (from maintained counts, not a scan). Tests and tools
    /// have `count`, `openCount` and `doneCount` over it in `TickTesting`.
    public func totalCounts() throws -> (open: Int, done: Int) {
        try readCounts()
    }

    /// The value of a read behind the non-throwing conveniences of `@testable` tests
    /// (`undoableStepCount`), or a stop naming the failure: answering 0 or false would let a check
    /// of an unreadable store pass. Tick itself uses the throwing reads, which report the failure.
    func readOrStop<T>(_ what: String, _ read: () throws -> T) -> T {
        do {
            return try read()
        } catch {
            preconditionFailure("cannot read \(what) of \(path): \(error)")
        }
    }

    /// True when another connection committed a change since the last call (or since opening), so
    /// the caller should reload what it shows. Our own changes do not count. When the check itself
    /// fails this says true: the caller's reload then meets the failure and reports it, where false
    /// would leave the screen showing what it last read as if all were well.
    public func hasExternalChanges() -> Bool {
        guard let version = try? dataVersion() else { return true }  // the reload then reports the failure
        defer { lastDataVersion = version }
        return version != lastDataVersion
    }

    /// True when another connection committed a change that `hasExternalChanges()` (and so
    /// `externalChange()`) has not handed out yet, without counting it as seen: rows read now may
    /// already hold a change the caller will be told of later. A failed check says true, as above.
    public var hasUnseenExternalChanges: Bool {
        guard let version = try? dataVersion() else { return true }
        return version != lastDataVersion
    }

    func readCounts() throws -> (open: Int, done: Int) {
        try connection.queryFirst("SELECT coalesce(sum(open_count), 0), coalesce(sum(done_count), 0) FROM counts") {
            (open: Int($0.int64(at: 0)), done: Int($0.int64(at: 1)))
        } ?? (open: 0, done: 0)
    }

    func dataVersion() throws -> Int64 {
        try connection.scalarInt("PRAGMA data_version")
    }
}
