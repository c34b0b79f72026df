import CSQLite
import Dispatch
import FoundationEssentials
import Synchronization

/// Runs searches off the key path, on a read-only connection of its own to the store's file, so a
/// keystroke never waits for a one- or two-character query's pass over the table.
///
/// Threads: the connection and its `MatchFinder` are used on `queue` only (opened there, lazily);
/// everything the key thread touches is in `state`, behind a mutex. A newer search (or `cancel()`)
/// makes the older one stale by bumping the ticket and stops its running statement with
/// `sqlite3_interrupt`, which SQLite documents as safe to call from another thread. Answers are
/// handed over as values (`Delivery`) and only while their ticket is still the current one.
///
/// It never writes the file: the store stays the only writer (its temporary FTS table for lagging
/// todos lives in the connection's own `temp` schema).
final class BackgroundSearch: @unchecked Sendable {
    /// One answer: the first matches (a prefix of each list's results) or the whole results.
    struct Delivery: Sendable {
        /// The search text it answers.
        var text: String
        /// The store's search generation when the search was asked for (see `SearchIndex.install`).
        var generation: Int
        /// The results per list; empty after a failure.
        var results: [SectionQuery: SearchResults]
        /// True for the search's last answer.
        var isFinal: Bool
        /// Why the search failed (never set for a cancelled one, which delivers nothing).
        var failure: StoreError?
    }

    private struct State {
        /// The number of the current search; a search whose ticket is older is stale.
        var ticket = 0
        /// The background connection, once open, for `sqlite3_interrupt` from the key thread.
        var handle: InterruptHandle?
        /// Answers not yet taken by the key thread.
        var deliveries: [Delivery] = []
        /// Statements interrupted so far (observed by tests).
        var interruptions = 0
    }

    /// A connection handle that may be interrupted from another thread (and nothing else).
    private struct InterruptHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let path: String
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "tick.background-search")
    /// Used on `queue` only.
    private var connection: SQLiteConnection?
    /// Used on `queue` only.
    private var finder: MatchFinder?
    /// Called on `queue` with the search text before each search's queries run: lets tests make a
    /// search slow, to type over it.
    let willSearch: (@Sendable (String) -> Void)?
    /// Called on `queue` with the search text from inside a running statement, once per phase of a
    /// search (first matches, then all): lets tests type while a statement runs, to see it interrupted.
    let whileQuerying: (@Sendable (String) -> Void)?
    /// The text of the search phase that has not yet told `whileQuerying`; `queue` only.
    private var runningText: String?

    init(path: String, willSearch: (@Sendable (String) -> Void)? = nil, whileQuerying: (@Sendable (String) -> Void)? = nil) {
        self.path = path
        self.willSearch = willSearch
        self.whileQuerying = whileQuerying
    }

    /// Starts searching `queries` (one per list, all with the same text), making any older search stale.
    func start(text: String, queries: [SectionQuery], generation: Int) {
        let ticket = state.withLock { state in
            state.ticket += 1
            state.deliveries.removeAll()
            return state.ticket
        }
        interruptRunningStatement()
        queue.async { self.run(ticket: ticket, text: text, queries: queries, generation: generation) }
    }

    /// Opens the connection and reads the schema ahead of the first search. A failure is left to
    /// that search, which opens the connection again and delivers the error.
    func prepare() {
        queue.async {
            do {
                _ = try self.openedFinder()
                guard let connection = self.connection else { return }
                _ = try connection.read { try connection.scalarInt("SELECT count(*) FROM lists") }
            } catch {
                // Nothing asked for this: the first search meets the same error and says it.
            }
        }
    }

    /// Makes the running search stale and stops its statement.
    func cancel() {
        state.withLock { state in
            state.ticket += 1
            state.deliveries.removeAll()
        }
        interruptRunningStatement()
    }

    /// The answers delivered since the last call, oldest first.
    func takeDeliveries() -> [Delivery] {
        state.withLock { state in
            defer { state.deliveries.removeAll() }
            return state.deliveries
        }
    }

    /// Blocks until every search asked for so far has finished or given up (key scripts, tests).
    func waitUntilFinished() {
        queue.sync {}
    }

    /// How many times a newer search or a cancel interrupted a running statement.
    var interruptions: Int { state.withLock { $0.interruptions } }

    private func interruptRunningStatement() {
        // Under the lock: the handle cannot close meanwhile (it closes only in deinit).
        state.withLock { state in
            guard let handle = state.handle else { return }
            sqlite3_interrupt(handle.pointer)
        }
    }

    /// On `queue`, from inside a running statement (SQLite's progress handler): tells the test hook once per search.
    private func statementIsRunning() {
        guard let text = runningText else { return }
        runningText = nil
        whileQuerying?(text)
    }

    private func isCurrent(_ ticket: Int) -> Bool {
        state.withLock { $0.ticket == ticket }
    }

    private func deliver(_ delivery: Delivery, ticket: Int) {
        state.withLock { state in
            guard state.ticket == ticket else { return }
            state.deliveries.append(delivery)
        }
    }

    /// On `queue`: the first matches of each list (when the window scan can find them), then the whole
    /// results of the lists whose first matches were not already all of them.
    private func run(ticket: Int, text: String, queries: [SectionQuery], generation: Int) {
        guard isCurrent(ticket) else { return }
        willSearch?(text)
        guard isCurrent(ticket) else { return }
        do {
            let finder = try openedFinder()
            guard let connection else { return }
            runningText = text
            let first: [SectionQuery: SearchResults]? = try connection.read {
                var found: [SectionQuery: SearchResults] = [:]
                for query in queries {
                    guard let matches = try finder.firstMatches(for: query) else { return nil }
                    found[query] = matches
                }
                return found
            }
            // First matches that are already a list's whole answer (a common query's first rows) need no full pass.
            let finished = first?.filter(\.value.isComplete) ?? [:]
            if finished.count == queries.count {
                deliver(Delivery(text: text, generation: generation, results: finished, isFinal: true), ticket: ticket)
                return
            }
            if let first, first.values.contains(where: { !$0.ids.isEmpty }), isCurrent(ticket) {
                deliver(Delivery(text: text, generation: generation, results: first, isFinal: false), ticket: ticket)
            }
            runningText = text
            let all: [SectionQuery: SearchResults]? = try connection.read {
                var found = finished
                for query in queries where found[query] == nil {
                    guard isCurrent(ticket) else { return nil }
                    found[query] = try finder.results(for: query)
                }
                return found
            }
            guard let all else { return }
            deliver(Delivery(text: text, generation: generation, results: all, isFinal: true), ticket: ticket)
        } catch {
            if case .sqlite(_, let code, _) = error as? StoreError, code & 0xFF == SQLITE_INTERRUPT {
                state.withLock { $0.interruptions += 1 }
            }
            // An interrupted search is stale: its error is nobody's news.
            guard isCurrent(ticket) else { return }
            let failure = error as? StoreError ?? .io(path: path, detail: "\(error)")
            deliver(Delivery(text: text, generation: generation, results: [:], isFinal: true, failure: failure), ticket: ticket)
        }
    }

    /// On `queue`: the finder over the background connection, opening it the first time.
    private func openedFinder() throws -> MatchFinder {
        if let finder { return finder }
        let opened = try SQLiteConnection(path: path, mode: .readOnly)
        opened.setBusyTimeout(milliseconds: 2000)
        try opened.execute("PRAGMA temp_store = MEMORY")
        let finder = MatchFinder(connection: opened) { [unowned opened] listID in
            try opened.queryFirst("SELECT open_count, done_count FROM counts WHERE list_id = ?", [listID]) {
                (open: Int($0.int64(at: 0)), done: Int($0.int64(at: 1)))
            } ?? (open: 0, done: 0)
        }
        connection = opened
        self.finder = finder
        if whileQuerying != nil, let handle = opened.handle {
            sqlite3_progress_handler(handle, 64, { context in
                guard let context else { return 0 }
                Unmanaged<BackgroundSearch>.fromOpaque(context).takeUnretainedValue().statementIsRunning()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        if let handle = opened.handle {
            state.withLock { $0.handle = InterruptHandle(pointer: handle) }
        }
        return finder
    }
}
