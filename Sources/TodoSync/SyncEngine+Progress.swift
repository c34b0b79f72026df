/// The progress reports of a sync: the engine calls these at each phase and item, and they hand
/// `progress` (when set) the phase, the requests so far and the items done of those known.
extension SyncEngine {
    /// A new sync: counts requests from here.
    func beginProgress() {
        progressState = SyncProgress(phase: .collections, requests: 0)
        progressRequestsAtStart = client.http.requestCount
        reportProgress()
    }

    /// `count` more items to receive (a collection's or a page's changed items).
    func progressWillReceive(_ count: Int) {
        guard !progressIsPaused else { return }
        if progressState.phase != .pull { progressState = SyncProgress(phase: .pull, requests: 0) }
        progressState.itemsTotal += count
        reportProgress()
    }

    /// The push of `count` changes begins.
    func progressWillSend(_ count: Int) {
        progressState = SyncProgress(phase: .push, requests: 0, itemsTotal: count)
        reportProgress()
    }

    /// One item received or sent.
    func progressDidFinishItem() {
        guard !progressIsPaused else { return }
        progressState.itemsDone += 1
        reportProgress()
    }

    /// More requests were sent after the push (`pullAfterCreations`, which reports no phase of its own).
    func progressDidSendMore() {
        reportProgress()
    }

    private func reportProgress() {
        guard let progress else { return }
        progressState.requests = client.http.requestCount - progressRequestsAtStart
        progress(progressState)
    }
}
