import Testing
@testable import TTBrowseKit

/// The real backend: work on a background queue, results handed to the main thread only when the main
/// loop asks. The tests wait for a result's arrival (a semaphore), never for a time.
@Suite("Background work handed to the main loop")
struct BackgroundLogBackendTests {
    @Test("A fingerprint computed in the background is delivered only when the main loop takes the results")
    func deliveredBetweenKeys() {
        let backend = BackgroundLogBackend(delayMilliseconds: 0)
        var received: [String] = []
        _ = backend.loadFingerprint(ofLine: 7) { received.append($0) }
        #expect(backend.hasPendingWork)
        backend.waitForResult()
        #expect(received.isEmpty, "nothing runs on the main thread's behalf until it asks")
        #expect(backend.deliverArrivedResults() == 1)
        #expect(received == [LogLines.fingerprint(of: LogLines.text(7))])
        #expect(!backend.hasPendingWork)
    }

    @Test("A cancelled load's result is dropped even when it had already arrived")
    func cancelledIsDropped() {
        let backend = BackgroundLogBackend(delayMilliseconds: 0)
        var received: [String] = []
        let ticket = backend.loadFingerprint(ofLine: 1) { received.append($0) }
        backend.waitForResult()
        backend.cancel(ticket)
        #expect(backend.deliverArrivedResults() == 0)
        #expect(received.isEmpty)
    }

    @Test("Every n-th page fails, the others bring a page", arguments: [2, 3])
    func failingFetches(every: Int) {
        let backend = BackgroundLogBackend(delayMilliseconds: 0, failsEvery: every)
        var results: [Result<Int, FetchError>] = []
        for fetch in 0..<every {
            backend.fetchPage(after: fetch * 100) { results.append($0) }
            backend.waitForResult()
            backend.deliverArrivedResults()
        }
        #expect(results.dropLast().allSatisfy { $0 == .success(100) })
        #expect(results.last == .failure(FetchError(description: "the log did not answer")))
    }
}
