import Testing
import TermTable
@testable import TTBrowseKit

/// The table's prefetching (`prefetchRowsAt`, `cancelPrefetchingForRowsAt`) loads fingerprints of the lines
/// about to come into view, and gives up those the scrolling turned away from.
@Suite("Fingerprints prefetched ahead of the scrolling")
struct PrefetchTests {
    @Test("Lines announced below the screen are loaded ahead and show their fingerprint at once, with no second load")
    func prefetchedShowAtOnce() throws {
        let (browser, backend) = try makeBrowser(lines: 1_000)
        _ = browser.screen()
        let below = try #require(browser.tableView.indexPathsForVisibleRows.last).row + 1
        #expect(backend.requestedLines.contains(below), "the next line is asked for before it shows")
        // Answer the loads of the lines below the screen only.
        while let index = backend.loads.firstIndex(where: { $0.line >= below }) { backend.completeLoad(at: index) }
        #expect(browser.prefetched[below] == LogLines.fingerprint(of: LogLines.text(below)))
        browser.press(" ")
        _ = browser.screen()
        let cell = try #require(browser.tableView.cellForRow(at: IndexPath(row: below, section: 0)) as? LogLineCell)
        #expect(cell.fingerprint == LogLines.fingerprint(of: LogLines.text(below)), "shown as it comes into view")
        #expect(backend.requestedLines.filter { $0 == below }.count == 1, "one load for the line")
    }

    @Test("When the scrolling turns around, the loads announced ahead in the old direction are cancelled")
    func turningCancels() throws {
        let (browser, backend) = try makeBrowser(lines: 1_000)
        browser.press(" ")
        _ = browser.screen()
        let last = try #require(browser.tableView.indexPathsForVisibleRows.last).row
        let ahead = backend.loads.filter { $0.line > last }
        #expect(!ahead.isEmpty)
        browser.press("b")
        _ = browser.screen()
        #expect(Set(ahead.map(\.ticket)).isSubset(of: backend.cancelled), "the lines below are no longer expected")
    }

    @Test("A prefetched fingerprint that arrives after its announcement was cancelled is not kept")
    func cancelledPrefetchIsDropped() throws {
        let (browser, backend) = try makeBrowser(lines: 1_000)
        browser.press(" ")
        _ = browser.screen()
        let last = try #require(browser.tableView.indexPathsForVisibleRows.last).row
        browser.press("b")
        _ = browser.screen()
        while let index = backend.loads.firstIndex(where: { $0.line > last }) { backend.completeLoad(at: index) }
        #expect(browser.prefetched.isEmpty)
    }
}
