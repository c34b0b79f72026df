/// Why a page of new lines could not be fetched; its description goes into the footer.
public struct FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public var description: String
}

/// Names one piece of background work, to cancel it.
public typealias WorkTicket = Int

/// The slow parts of the log: fingerprints and new pages. Every completion runs on the main thread
/// (the table is single-threaded), whenever the backend hands it over — `BackgroundLogBackend` in the
/// main loop between keys, a test's backend when the test says, in any order.
public protocol LogBackend: AnyObject {
    /// Starts computing line `line`'s fingerprint.
    func loadFingerprint(ofLine line: Int, completion: @escaping (String) -> Void) -> WorkTicket
    /// Gives up a fingerprint no longer wanted. A result may still arrive (the cell drops it).
    func cancel(_ ticket: WorkTicket)
    /// Starts fetching the lines after the first `count`; completes with how many arrived.
    func fetchPage(after count: Int, completion: @escaping (Result<Int, FetchError>) -> Void)
}
