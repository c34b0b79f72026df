import TodoSync

/// The line `tick sync` draws on a terminal while it runs, as a pure function of the engine's
/// progress: the import's `ProgressBar` for the todos of the phase, and the requests sent so far.
///
/// `Receiving [=========>          ] 12/40 todos · 7 requests`
enum SyncProgressLine {
    /// The line for `progress` after `elapsed` seconds, at most `width` columns wide (the last column
    /// stays free). On a narrow terminal the request count goes before the bar's figures do.
    static func line(_ progress: SyncProgress, elapsed: Double, width: Int) -> String {
        let requests = " · \(ProgressBar.grouped(progress.requests)) request\(progress.requests == 1 ? "" : "s")"
        let label: String
        switch progress.phase {
        case .collections:
            let text = "Syncing: finding the collections" + requests
            return text.count <= width - 1 ? text : String("Syncing".prefix(max(0, width - 1)))
        case .pull: label = "Receiving"
        case .push: label = "Sending"
        }
        guard progress.itemsTotal > 0 else {
            // Nothing to count yet (the server has not listed a change) or at all (nothing to send).
            let text = label + (progress.phase == .pull ? ": asking the server what changed" : ": nothing to send") + requests
            return text.count <= width - 1 ? text : String(label.prefix(max(0, width - 1)))
        }
        let bar = ProgressBar(label: label, unit: .todos)
        let withRequests = bar.line(count: progress.itemsDone, total: progress.itemsTotal, elapsed: elapsed,
                                    width: width - requests.count)
        // The bar made room for the request count; when even the figures alone did not fit, the count goes.
        if withRequests.count + requests.count <= width - 1 && withRequests.contains("/") { return withRequests + requests }
        return bar.line(count: progress.itemsDone, total: progress.itemsTotal, elapsed: elapsed, width: width)
    }
}
