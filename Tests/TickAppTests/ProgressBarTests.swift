import Testing
@testable import TickApp

@Suite("Progress bar")
struct ProgressBarTests {
    static let importing = ProgressBar(label: "Importing", unit: .todos)

    @Test("The line is a function of count, total and elapsed time: bar, counts, rate and time left", arguments: [
        (0, 1_000_000, 0.0, "Importing [>                                       ] 0/1,000,000 todos"),
        (412_000, 1_000_000, 8.0,
         "Importing [================>                       ] 412,000/1,000,000 todos · 51,500/s · 12 s left"),
        (500, 1_000, 0.5, "Importing [====================>                   ] 500/1,000 todos · 1,000/s · 1 s left"),
        (1_000, 100_000, 1.0, "Importing [>                                       ] 1,000/100,000 todos · 1,000/s · 1 min 39 s left"),
        (1, 10_000_000, 1.0, "Importing [>                                       ] 1/10,000,000 todos · 1/s · 99 h 59 min left"),
        (1_000_000, 1_000_000, 17.0, "Importing [========================================] 1,000,000/1,000,000 todos · saving…"),
        (2_000, 1_000, 1.0, "Importing [========================================] 1,000/1,000 todos · saving…"),
    ])
    func line(count: Int, total: Int, elapsed: Double, expected: String) {
        #expect(Self.importing.line(count: count, total: total, elapsed: elapsed, width: 200) == expected)
    }

    @Test("It never fills the last column, and gives up the bar before the figures on a narrow terminal", arguments: [80, 60, 50, 40, 20, 5, 1])
    func fits(width: Int) {
        let line = Self.importing.line(count: 412_000, total: 1_000_000, elapsed: 8, width: width)
        #expect(line.count <= width - 1)
        if width >= 80 { #expect(line.contains("[") && line.hasSuffix("12 s left")) }
        if width == 60 { #expect(line == "Importing 412,000/1,000,000 todos · 51,500/s · 12 s left") }
        if width == 50 { #expect(line == "Importing 412,000/1,000,000 todos · 51,500/s") }
        if width == 40 { #expect(line == "Importing 412,000/1,000,000 todos") }
    }

    @Test("Bytes read show as kB, MB and GB", arguments: [
        (12_345, 100_000, "Reading [====>                                   ] 12 kB/100 kB"),
        (41_200_000, 100_000_000, "Reading [================>                       ] 41.2 MB/100.0 MB"),
        (1_500_000_000, 2_000_000_000, "Reading [==============================>         ] 1.5 GB/2.0 GB"),
    ])
    func bytes(count: Int, total: Int, expected: String) {
        #expect(ProgressBar(label: "Reading", unit: .bytes).line(count: count, total: total, elapsed: 0, width: 200) == expected)
    }

    /// A clock the test moves by hand.
    final class ManualClock {
        var now = 0.0
    }

    @Test("The reporter waits half a second, then draws in place at most ten times a second, and erases the line at the end")
    func reporter() {
        let clock = ManualClock()
        var written: [String] = []
        let reporter = ProgressReporter(Self.importing, isShown: true, width: 80, clock: { clock.now }) { written.append($0) }
        for step in 1...64 {
            clock.now = Double(step) / 32  // an update every 1/32 s (exact in binary), for two seconds
            reporter.update(count: step, total: 100)
        }
        // Nothing before 0.5 s, then a drawing once at least a tenth of a second has passed: every
        // fourth update (1/8 s), from 16/32 to 64/32.
        #expect(written.count == 13)
        #expect(written.allSatisfy { $0.hasPrefix("\rImporting [") && $0.hasSuffix("\u{1B}[K") })
        reporter.finish()
        #expect(written.last == "\r\u{1B}[K")
        reporter.finish()
        #expect(written.count == 14, "an erased bar is not erased again")
    }

    @Test("Quick work draws nothing and erases nothing; a reporter not shown never writes")
    func nothingShown() {
        let clock = ManualClock()
        var written: [String] = []
        let quick = ProgressReporter(Self.importing, isShown: true, width: 80, clock: { clock.now }) { written.append($0) }
        clock.now = 0.4
        quick.update(count: 1, total: 2)
        quick.finish()
        let hidden = ProgressReporter(Self.importing, isShown: false, width: 80, clock: { clock.now }) { written.append($0) }
        clock.now = 5
        hidden.update(count: 1, total: 2)
        hidden.finish()
        #expect(written.isEmpty)
    }
}
