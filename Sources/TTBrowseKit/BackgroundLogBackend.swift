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
    private var completions: [WorkTicket: (any Sendable) -> Void] = [:]
    private var workItems: [WorkTicket: DispatchWorkItem] = [:]
    private var nextTicket = 0
    private var fetches = 0
    /// How long each piece of work takes at least, so the loading can be seen.
    public let delayMilliseconds: Int
    /// Every n-th page fetch fails (0: never), to show the error footer and its retry.
    public let failsEvery: Int
    /// Lines per page.
    public let pageSize: Int

    /// A backend whose work takes `delayMilliseconds`.
    public init(delayMilliseconds: Int = 30, failsEvery: Int = 0, pageSize: Int = 100) {
        self.delayMilliseconds = delayMilliseconds
        self.failsEvery = failsEvery
        self.pageSize = pageSize
    }

    /// Whether some work has not come back yet (the main loop then polls instead of sleeping).
    public var hasPendingWork: Bool { !completions.isEmpty }

    public func loadFingerprint(ofLine line: Int, completion: @escaping (String) -> Void) -> WorkTicket {
        start({ LogLines.fingerprint(of: LogLines.text(line)) }) { completion($0) }
    }

    public func cancel(_ ticket: WorkTicket) {
        workItems.removeValue(forKey: ticket)?.cancel()
        completions[ticket] = nil
    }

    public func fetchPage(after count: Int, completion: @escaping (Result<Int, FetchError>) -> Void) {
        fetches += 1
        let fails = failsEvery > 0 && fetches % failsEvery == 0
        let size = pageSize
        _ = start({ fails ? .failure(FetchError("the log did not answer")) : .success(size) }, then: completion)
    }

    private func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then completion: @escaping (Value) -> Void) -> WorkTicket {
        nextTicket += 1
        let ticket = nextTicket
        completions[ticket] = { completion($0 as! Value) }
        let item = DispatchWorkItem { [inbox] in
            let value = work()
            inbox.results.withLock { $0.append((ticket, value)) }
            inbox.arrived.signal()
        }
        workItems[ticket] = item
        queue.asyncAfter(deadline: .now() + .milliseconds(delayMilliseconds), execute: item)
        return ticket
    }

    /// Runs, on the calling (main) thread, the completions of the results that arrived; cancelled ones
    /// are dropped. Returns how many ran.
    @discardableResult
    public func deliverArrivedResults() -> Int {
        let arrived = inbox.results.withLock { results in defer { results.removeAll() }; return results }
        var delivered = 0
        for (ticket, value) in arrived {
            workItems[ticket] = nil
            guard let completion = completions.removeValue(forKey: ticket) else { continue }
            completion(value)
            delivered += 1
        }
        return delivered
    }

    /// Blocks until a result has arrived since the last wait: for headless runs and tests, instead of sleeping.
    public func waitForResult() { inbox.arrived.wait() }
}
