import Foundation
import TermTable
import TTBrowseKit

/// tt-browse, TermTable's second client (issue 21), in process: a million log lines of one to four screen
/// lines (automatic heights with estimates), scrolled with `j` on an 80×24 screen, fingerprints computed on
/// a background queue and taken in after each key as the program's main loop does. Per key: the key, the
/// results handed over and the frame drawn into a canvas, in this thread's CPU time; ncurses' output is
/// not included (Tick's rows above are measured from outside, with it).
struct BrowseBenchmark {
    /// The row's name, as the issue asks for it.
    static let name = "scroll j, variable-height rows, 1,000,000"

    /// Median CPU per key, and the cells created over 10,000 `j` against the screen's bound.
    struct Result {
        var cpuMillisecondsPerKey: Double
        var keys: Int
        var cellsCreated: Int
        var cellLimit: Int
    }

    func run(lines: Int = 1_000_000, keys: Int = 10_000) throws -> Result {
        let backend = BackgroundLogBackend(delayMilliseconds: 0)
        let browser = try LogBrowser(lineCount: lines, backend: backend, size: Size(width: 80, height: 24))
        var canvas = Canvas(width: 80, height: 24)
        browser.render(into: &canvas)
        var samples: [Double] = []
        samples.reserveCapacity(keys)
        for _ in 0..<keys {
            let start = Self.threadCPU()
            browser.handle(.character("j"))
            backend.deliverArrivedResults()
            browser.render(into: &canvas)
            samples.append(Double(Self.threadCPU() - start) / 1_000_000)
        }
        return Result(cpuMillisecondsPerKey: Measure.median(samples) ?? 0, keys: keys,
                      cellsCreated: browser.tableView.reuseStatistics.cellsCreated, cellLimit: browser.tableView.frame.height + 2)
    }

    /// Nanoseconds of CPU this thread has used.
    private static func threadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

extension Report {
    /// tt-browse's row as one line under the table (its million lines are not one of the store sizes).
    var browseLine: String {
        guard let browse else { return "tt-browse, \(BrowseBenchmark.name): not measured" }
        let cpu = String(format: "%.3f", browse.cpuMillisecondsPerKey)
        return "tt-browse (TermTable's second client, in process, 80×24), \(BrowseBenchmark.name): "
            + "CPU per key \(cpu) ms (median of \(browse.keys) keys; target < 1 ms) \(browse.cpuMillisecondsPerKey < 1 ? "✓" : "✗"); "
            + "cells created \(browse.cellsCreated) / \(browse.cellLimit) (≤ visible rows + 2) \(browse.cellsCreated <= browse.cellLimit ? "✓" : "✗")"
    }
}
