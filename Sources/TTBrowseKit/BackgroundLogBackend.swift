import Dispatch
import Synchronization

/// The real backend: work runs on a concurrent `DispatchQueue`; its results wait in a mutex-guarded
/// inbox until the main loop calls `deliverArrivedResults()`, which runs their completions on the
/// main thread. Only the inbox is shared between threads; everything else is the main thread's.
public final class BackgroundLogBackend: LogBackend {
    private final class Inbox: Sendable {
        let results = Mutex<[(WorkTicket, any Sendable)]>([])
        let arrived = DispatchSemaphore(value: 0)
    }
    private let inbox = Inbox()
    private let queue = DispatchQueue(label: "tt-browse.background", attributes: .concurrent)
    /// The work out, by ticket: its item (to cancel) and what to run with its result.
    private var pending: [WorkTicket: (item: DispatchWorkItem, completion: (any Sendable) -> Void)] = [:]
    private var nextTicket = 0, fetches = 0
    /// How long each piece of work takes at least, so the loading can be seen; every n-th page fetch
    /// fails (0: never), to show the error footer and its retry.
    private let delayMilliseconds: Int, failsEvery: Int

    /// A backend whose work takes `delayMilliseconds` and whose every `failsEvery`-th fetch fails.
    public init(delayMilliseconds: Int = 30, failsEvery: Int = 0) { (self.delayMilliseconds, self.failsEvery) = (delayMilliseconds, failsEvery) }

    /// Whether some work has not come back yet (the main loop then polls instead of sleeping).
    public var hasPendingWork: Bool { !pending.isEmpty }

    /// Computes the fingerprint on the queue.
    public func loadFingerprint(ofLine line: Int, completion: @escaping (String) -> Void) -> WorkTicket {
        start({ LogLines.fingerprint(of: LogLines.text(line)) }, then: completion)
    }

    /// Keeps the work from starting if it has not, and drops its result if it has.
    public func cancel(_ ticket: WorkTicket) { pending.removeValue(forKey: ticket)?.item.cancel() }

    /// Fetches pages of 100 lines; every `failsEvery`-th fails.
    public func fetchPage(after count: Int, completion: @escaping (Result<Int, FetchError>) -> Void) {
        fetches += 1
        let fails = failsEvery > 0 && fetches % failsEvery == 0
        _ = start({ fails ? .failure(FetchError(description: "the log did not answer")) : .success(100) }, then: completion)
    }

    private func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then completion: @escaping (Value) -> Void) -> WorkTicket {
        nextTicket += 1
        let ticket = nextTicket
        let item = DispatchWorkItem { [inbox] in
            let value = work()
            inbox.results.withLock { $0.append((ticket, value)) }
            inbox.arrived.signal()
        }
        pending[ticket] = (item, { completion($0 as! Value) })
        queue.asyncAfter(deadline: .now() + .milliseconds(delayMilliseconds), execute: item)
        return ticket
    }

    /// Runs, on the calling (main) thread, the completions of the results that arrived; cancelled ones
    /// are dropped. Returns how many ran.
    @discardableResult
    public func deliverArrivedResults() -> Int {
        let arrived = inbox.results.withLock { results in defer { results.removeAll() }; return results }
        var delivered = 0
        // One at a time: a completion may cancel work whose result is further on in this batch.
        for (ticket, value) in arrived {
            guard let work = pending.removeValue(forKey: ticket) else { continue }
            work.completion(value)
            delivered += 1
        }
        return delivered
    }

    /// Blocks until a result has arrived since the last wait: for headless runs and tests, instead of sleeping.
    public func waitForResult() { inbox.arrived.wait() }
}
