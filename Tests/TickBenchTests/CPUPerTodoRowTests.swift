import Testing
@testable import tick_bench

/// Issue 32's "Tick's CPU per downloaded todo" in the first-sync comparison: the figure judged is
/// the marginal one, what one more todo costs, not the whole download's CPU spread over the todos.
@Suite("Sync bench: CPU per downloaded todo")
struct CPUPerTodoRowTests {
    private static func rows(full: Double, empty: Double?) -> [SyncReport.Row] {
        var result = FirstSyncComparison.Result(kind: .xandikos, size: 2_000)
        result.commandDownload = .init(seconds: 4, cpuSeconds: full)
        result.commandEmptyDownload = empty.map { .init(seconds: 1, cpuSeconds: $0) }
        result.downloadRuns = 3
        return SyncReport(result: SyncBenchmark.Result()).cpuPerTodoRows(result)
    }

    @Test("The marginal figure is judged: (CPU at N − CPU at 0) ÷ N; the raw one is reported beside it")
    func marginalJudged() throws {
        // 0.30 s for 2,000 todos and 0.12 s for none: 0.090 ms a todo more, 0.150 ms raw.
        let rows = Self.rows(full: 0.30, empty: 0.12)
        let marginal = try #require(rows.first { $0.measure.contains("marginal") })
        #expect(marginal.figure.hasPrefix("0.090 ms"))
        #expect(marginal.met == true)
        let raw = try #require(rows.first { $0.measure.contains("raw") })
        #expect(raw.figure == "0.150 ms")
        #expect(raw.met == nil)
    }

    @Test("A marginal cost over the target fails however small the raw one looks")
    func marginalMissed() throws {
        let rows = Self.rows(full: 0.50, empty: 0.20)
        #expect(rows.first { $0.measure.contains("marginal") }?.met == false)
    }

    @Test("Without the empty download there is no marginal figure, and nothing is judged")
    func noEmptyDownload() {
        let rows = Self.rows(full: 0.30, empty: nil)
        #expect(rows.count == 1)
        #expect(rows.allSatisfy { $0.met == nil })
    }
}
