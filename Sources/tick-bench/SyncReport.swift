import Foundation

/// The sync rows as a table of their own: their sizes (10,000 and 100,000 synced todos) are not the
/// columns of the main table, and each row has its own figures (time, requests, a ratio).
struct SyncReport {
    /// One line: a figure, the requests it took, the issue's target and a verdict.
    struct Row {
        var measure: String
        var figure: String
        var requests: String
        var target: String
        /// True when met, false when missed, nil when there is nothing to judge.
        var met: Bool?
    }

    let result: SyncBenchmark.Result
    /// The first-sync comparisons' figures, one per server (`BENCH_COMPARE_SERVERS`).
    var comparisons: [FirstSyncComparison.Result] = []

    /// "A few requests" for one change, as a number.
    static let fewRequests = 10
    /// Sync configured may cost the first frame at most this factor (noise on a shared machine).
    static let firstFrameLimit = 1.1
    /// Idle CPU while synced against without sync.
    static let idleLimit = 2.0

    /// Every row, in reading order.
    var rows: [Row] {
        var rows: [Row] = []
        let transfer = count(result.transferSize), large = count(result.largeSize)
        // A size of 0 (BENCH_SYNC_SIZES) left its rows out.
        if result.uploadSize > 0 {
            rows.append(transferRow("first sync, upload \(count(result.uploadSize)) todos to an empty server", result.upload,
                                    target: "reported only", met: nil))
        }
        if result.transferSize > 0 {
            rows.append(transferRow("first sync, download \(transfer) into an empty store", result.download, target: "reported only", met: nil))
        }
        if result.largeSize > 0 {
            rows.append(transferRow("one change here on \(large) synced todos", result.localChange, target: "a few requests (≤ \(Self.fewRequests))",
                                    met: result.localChange.map { $0.requests <= Self.fewRequests }))
            rows.append(transferRow("one change on the server on \(large) synced todos", result.remoteChange,
                                    target: "a few requests (≤ \(Self.fewRequests))", met: result.remoteChange.map { $0.requests <= Self.fewRequests }))
        }
        if let first = result.firstDownload { rows += firstDownloadRows(first) }
        guard result.transferSize > 0 else { return rows }
        let frameRatio = result.firstFrameWithout > 0 ? result.firstFrameWith / result.firstFrameWithout : 0
        rows.append(Row(measure: "first frame with sync configured ÷ without, \(transfer) synced todos",
                        figure: "\(format(result.firstFrameWith, 1)) / \(format(result.firstFrameWithout, 1)) ms = \(format(frameRatio, 2))×",
                        requests: "", target: "≤ \(format(Self.firstFrameLimit, 1))×", met: frameRatio > 0 ? frameRatio <= Self.firstFrameLimit : nil))
        let idleRatio = result.idleWithout > 0 ? result.idleWith / result.idleWithout : 0
        rows.append(Row(measure: "idle CPU with sync configured and synced ÷ without, ms per second over \(result.idleSeconds) s",
                        figure: "\(format(result.idleWith, 3)) / \(format(result.idleWithout, 3)) = \(format(idleRatio, 2))×",
                        requests: "", target: "≤ \(format(Self.idleLimit, 0))×", met: idleRatio > 0 ? idleRatio <= Self.idleLimit : nil))
        return rows
    }

    /// The first-sync comparison rows (issue 32), one block per server: Tick's first upload one
    /// request at a time and several at once, vdirsyncer's, their ratios; then the first downloads
    /// and their ratio; or why vdirsyncer's are missing.
    var comparisonRows: [Row] {
        comparisons.flatMap(comparisonRows)
    }

    private func comparisonRows(_ result: FirstSyncComparison.Result) -> [Row] {
        let size = count(result.size), title = result.kind.title
        let vdirsyncer = "vdirsyncer 0.21"
        func row(_ measure: String, _ transfer: FirstSyncComparison.Transfer?, client: String) -> Row {
            guard let transfer else {
                return Row(measure: measure, figure: result.vdirsyncerSkipped.map { _ in "skipped: not installed" } ?? "n/a",
                           requests: "", target: "reported only", met: nil)
            }
            let connections = transfer.connections.map { " over \(count($0)) connection\($0 == 1 ? "" : "s")" } ?? ""
            let discover = transfer.discoverSeconds.map { "; discover " + format($0, 2) + " s" } ?? ""
            return Row(measure: measure,
                       figure: format(transfer.seconds, transfer.seconds < 10 ? 2 : 1) + " s (\(client)'s CPU " + format(transfer.cpuSeconds, 2) + " s\(discover))",
                       requests: transfer.requests.map { "\(count($0))\(connections)" } ?? "not logged", target: "reported only", met: nil)
        }
        func ratio(_ numerator: FirstSyncComparison.Transfer?, _ denominator: FirstSyncComparison.Transfer?) -> String {
            guard let numerator, let denominator, denominator.seconds > 0 else { return "n/a" }
            return format(numerator.seconds / denominator.seconds, 2) + "×"
        }
        let atOnce = "\(result.parallelUploads) at once"
        guard result.uploaded else {
            // The server was filled straight into its storage (BENCH_COMPARE_UPLOADS=0): Tick's downloads only.
            let download = row("\(title): first download of \(size) todos (as Tick uploads them) into an empty store, Tick", result.tickDownload,
                               client: "Tick")
            return [download] + cpuPerTodoRows(result)
        }
        var rows = [
            row("\(title): first upload of \(size) todos to an empty server, Tick one at a time", result.tickSerialUpload, client: "Tick"),
            row("\(title): first upload of \(size) todos to an empty server, Tick \(atOnce)", result.tickUpload, client: "Tick"),
            row("\(title): first upload of \(size) todos to an empty server, \(vdirsyncer) sync after discover", result.vdirsyncerUpload,
                client: "vdirsyncer"),
            Row(measure: "\(title): first upload of \(size), time ratios",
                figure: "one at a time ÷ \(atOnce) \(ratio(result.tickSerialUpload, result.tickUpload)); "
                    + "Tick \(atOnce) ÷ vdirsyncer \(ratio(result.tickUpload, result.vdirsyncerUpload))",
                requests: "", target: "reported only", met: nil),
        ]
        // Tick's download against vdirsyncer's `sync` (after its discover); and Tick's CPU per todo.
        var download = row("\(title): first download of \(size) todos into an empty store, Tick", result.tickDownload, client: "Tick")
        if let tick = result.tickDownload, let other = result.vdirsyncerDownload {
            download.target = "≤ vdirsyncer's sync (" + format(other.seconds, 2) + " s)"
            download.met = tick.seconds <= other.seconds
        }
        rows += [
            download,
            row("\(title): first download of \(size) todos into an empty folder, \(vdirsyncer) sync after discover", result.vdirsyncerDownload,
                client: "vdirsyncer"),
            Row(measure: "\(title): first download of \(size), time ratio", figure: "Tick ÷ vdirsyncer \(ratio(result.tickDownload, result.vdirsyncerDownload))",
                requests: "", target: "reported only", met: nil),
        ]
        rows += cpuPerTodoRows(result)
        return rows
    }

    /// The table as Markdown, padded like the main one.
    var markdown: String {
        let header = ["sync (127.0.0.1; Radicale 3.9.0 unless named)", "figure", "requests", "target", ""]
        let body = (rows + comparisonRows).map { [$0.measure, $0.figure, $0.requests, $0.target, $0.met.map { $0 ? "✓" : "✗" } ?? ""] }
        let all = [header] + body
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).enumerated().map { index, pair in
                let padding = String(repeating: " ", count: pair.1 - pair.0.count)
                return index == 1 || index == 2 ? padding + pair.0 : pair.0 + padding
            }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.enumerated().map { index, width in
            " " + String(repeating: "-", count: width) + (index == 1 || index == 2 ? ":" : " ")
        }.joined(separator: "|") + "|"
        return ([line(header), rule] + body.map(line)).joined(separator: "\n")
    }

    private func transferRow(_ measure: String, _ transfer: SyncTransfer?, target: String, met: Bool?) -> Row {
        guard let transfer else { return Row(measure: measure, figure: "n/a", requests: "n/a", target: target, met: nil) }
        return Row(measure: measure, figure: format(transfer.seconds, transfer.seconds < 10 ? 2 : 1) + " s (Tick's CPU " + format(transfer.cpuSeconds, 2) + " s)",
                   requests: "\(count(transfer.requests)) (\(format(transfer.requestsPerSecond, 0))/s)", target: target, met: met)
    }

    func count(_ value: Int) -> String { value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }

    func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
