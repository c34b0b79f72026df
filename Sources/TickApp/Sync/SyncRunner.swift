import CalDAV
import Dispatch
import FoundationEssentials
import TodoStore
import TodoSync

/// How one background sync ended, as the app shows it.
public enum SyncOutcome: Equatable, Sendable {
    /// The sync finished: what it did, and the conflicts it recorded (the fields that lost a merge).
    case synced(SyncSummary, conflicts: [TodoStore.SyncConflict])
    /// The sync stopped early; what it had done is kept and the next sync goes on from there.
    case failed(SyncFailure)
}

/// Why a background sync stopped, sorted by what the app should do next.
public struct SyncFailure: Equatable, Sendable {
    /// What the app does after the failure.
    public enum Kind: Equatable, Sendable {
        /// The server could not be reached (no network, refused, timed out, reset): try again later, less and less often.
        case offline
        /// The server or the store failed this time (5xx, 507, a changed item, a busy disk): try again later;
        /// `retryAfter` is the server's `Retry-After` in seconds, when it gave one.
        case retryLater(retryAfter: Int?)
        /// Another sync of the same store was running (another open Tick, `tick sync`): nothing was
        /// done; try again later, as after a failure, without calling it one.
        case anotherSyncRunning
        /// Trying again cannot help until the user acts (a wrong password, a refused certificate, an
        /// unusable URL, no password): no automatic sync until the sync key or a restart.
        case needsUser
    }

    /// What the app does next.
    public var kind: Kind
    /// One sentence for the status line; never a credential.
    public var reason: String

    /// A failure of `kind` saying `reason`.
    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The failure a sync error means: the kind from the error's case, the sentence from its description.
    public init(_ error: CalDAVError) {
        reason = error.description
        switch error {
        case .connectionFailed, .timedOut, .connectionReset:
            kind = .offline
        case .unauthorized, .forbidden, .certificateRejected, .insecureConnectionRefused, .invalidURL, .refusedAddress:
            kind = .needsUser
        case .serverError(_, let retryAfter):
            kind = .retryLater(retryAfter: retryAfter)
        case .insufficientStorage, .notFound, .gone, .preconditionFailed, .syncTokenInvalid, .badResponse,
             .answerTooLarge, .requestTookTooLong, .syncTookTooLong:
            kind = .retryLater(retryAfter: nil)
        }
    }
}

/// Runs one sync away from the key thread and says how it ended. `BackgroundSync` asks for at most
/// one at a time; tests replace the real one (`CalDAVSyncRunner`) with a fake they finish when they choose.
public protocol SyncRunner: AnyObject {
    /// Starts one sync and returns at once; `finished` is called exactly once, on any thread, when it ends.
    func run(_ finished: @escaping @Sendable (SyncOutcome) -> Void)
}

/// The real runner: `SyncEngine` on a serial queue of its own, with its own `TodoStore` connection to
/// the file (opened on the first sync and kept), as another process would have. Its changes reach the
/// screen as another connection's changes, through `TickApp.showExternalChanges()`.
///
/// Everything mutable here (the store) is touched only on `queue`, hence `@unchecked Sendable`.
public final class CalDAVSyncRunner: SyncRunner, @unchecked Sendable {
    private let queue = DispatchQueue(label: "tick.background-sync")
    private let path: String
    private let historyDepth: Int
    private let durability: TodoStore.Durability
    private let settings: SyncSettings
    private let environment: [String: String]
    /// The zone due times are written in and a completed series counts from (the app's).
    private let zone: LocalTime
    /// The sync's own connection; only used on `queue`.
    private var store: TodoStore?

    /// A runner syncing the store file at `path` (with the same history depth as the app's store, since
    /// either connection prunes the shared history) with the server of `settings`, in `zone`.
    public init(path: String, historyDepth: Int, durability: TodoStore.Durability, settings: SyncSettings,
                environment: [String: String], zone: LocalTime) {
        self.path = path
        self.historyDepth = historyDepth
        self.durability = durability
        self.settings = settings
        self.environment = environment
        self.zone = zone
    }

    /// Starts one sync on the runner's queue.
    public func run(_ finished: @escaping @Sendable (SyncOutcome) -> Void) {
        queue.async { finished(self.syncOnce()) }
    }

    private func syncOnce() -> SyncOutcome {
        guard let url = settings.url else { return .failed(SyncFailure(kind: .needsUser, reason: "sync is not configured")) }
        let password: SyncPassword.Secret?
        do {
            // Not on the screen: the app's curses screen would be drawn over.
            password = try SyncPassword.resolve(settings, environment: environment, errorOutput: .discarded)
        } catch {
            return .failed(SyncFailure(kind: .needsUser, reason: error.description))
        }
        // Wiped once this sync is over; the next one asks again.
        defer { password?.wipe() }
        var engine: SyncEngine?
        do {
            let store = try self.store ?? TodoStore(path: path, historyDepth: historyDepth, durability: durability)
            store.localTime = zone
            self.store = store
            let home = try ServerURL(url)
            let credentials = settings.user.map { HTTPClient.Credentials(user: $0, secret: password ?? SyncPassword.Secret("")) }
            let client = try CalDAVClient(configuration: settings.clientConfiguration(home: home, credentials: credentials))
            let syncEngine = SyncEngine(store: store, client: client, home: home, localLists: settings.localLists, zone: zone)
            syncEngine.timeLimit = settings.timeLimit
            engine = syncEngine
            let summary = try syncEngine.sync()
            let conflicts = summary.conflicts > 0 ? try store.syncConflicts(limit: summary.conflicts) : []
            return .synced(summary, conflicts: conflicts)
        } catch StoreError.syncAlreadyRunning {
            return .failed(SyncFailure(kind: .anotherSyncRunning, reason: "another sync of this store is running (another Tick or tick sync)"))
        } catch let error as CalDAVError {
            return .failed(SyncFailure(error))
        } catch {
            // The store failed (a busy or full disk): what was synced is kept; the next try goes on.
            return .failed(SyncFailure(kind: .retryLater(retryAfter: nil),
                                       reason: SyncFailureMessage.storeReason(error, kept: engine?.summary ?? SyncSummary())))
        }
    }
}
