import Testing
import TermTable
@testable import TTBrowseKit

/// The log grows while it is read: a page is fetched when the reader nears the end, once, with a
/// "Loading…" footer; a failure leaves an error footer that `r` retries; new lines never move the reader.
@Suite("Loading more lines")
struct LoadMoreTests {
    @Test("Scrolling on while a page loads starts no second fetch, and the footer says Loading…")
    func oneFetchWhileLoading() throws {
        let (browser, backend) = try makeBrowser(lines: 60)
        _ = browser.screen()
        #expect(backend.fetches.isEmpty, "the end is far: nothing fetched yet")
        browser.press("G")
        #expect(backend.fetches.count == 1)
        #expect(backend.fetches.first?.after == 60)
        for _ in 0..<20 { browser.press("jkj G") }
        #expect(backend.fetches.count == 1, "one fetch however the reader keeps scrolling")
        #expect(browser.screen().contains { $0.hasPrefix("Loading…") })
        backend.completeFetch(with: .success(100))
        #expect(browser.lineCount == 160)
        #expect(browser.footer == .idle)
        #expect(!browser.screen().contains { $0.hasPrefix("Loading…") })
        browser.press("G")
        #expect(backend.fetches.count == 1 && backend.fetches.first?.after == 160, "the next page is the next fetch")
    }

    @Test("A failed fetch shows an error footer and fetches nothing more until r retries it")
    func errorFooterAndRetry() throws {
        let (browser, backend) = try makeBrowser(lines: 40)
        browser.press("G")
        backend.completeFetch(with: .failure(FetchError(description: "the log did not answer")))
        #expect(browser.footer == .failed("the log did not answer"))
        #expect(browser.screen().contains { $0.hasPrefix("Couldn't load more lines: the log did not answer") })
        browser.press("kjjG")
        #expect(backend.fetches.isEmpty, "no fetch behind the reader's back after a failure")
        browser.press("r")
        #expect(backend.fetches.count == 1 && backend.fetches.first?.after == 40)
        #expect(browser.footer == .loading)
        backend.completeFetch(with: .success(100))
        #expect(browser.lineCount == 140)
        #expect(browser.footer == .idle)
        #expect(browser.screen().last?.hasSuffix("of 140 · j k Space b g G NG r q") == true)
    }

    @Test("A page that arrives is inserted below without moving the lines being read")
    func insertKeepsReadingPosition() throws {
        let (browser, backend) = try makeBrowser(lines: 50)
        browser.press("G")
        browser.press("kkk")
        // The scroll indicator in the last column shrinks with more lines: compare the text columns.
        let before = browser.screen().map { String($0.dropLast()) }
        let top = browser.topLine
        let offset = browser.tableView.contentOffset
        backend.completeFetch(with: .success(100))
        let after = browser.screen().map { String($0.dropLast()) }
        #expect(browser.topLine == top)
        #expect(browser.tableView.contentOffset == offset)
        // Every line but the status line is the same: what was read stays where it was.
        #expect(Array(after.dropLast()) == Array(before.dropLast()), "before:\n\(before.joined(separator: "\n"))\nafter:\n\(after.joined(separator: "\n"))")
        #expect(after.last?.contains("of 150") == true)
        browser.press("j")
        #expect(browser.topLine.map { $0 >= top ?? 0 } == true)
    }

    @Test("The diffable data source drives the table: a page applies as a snapshot, the table's rows follow it")
    func diffableApply() throws {
        let (browser, backend) = try makeBrowser(lines: 30)
        #expect(browser.dataSource.snapshot().itemIdentifiers == Array(0..<30))
        #expect(browser.tableView.numberOfRows(inSection: 0) == 30)
        browser.press("G")
        backend.completeFetch(with: .success(25))
        #expect(browser.dataSource.snapshot().itemIdentifiers == Array(0..<55))
        #expect(browser.tableView.numberOfRows(inSection: 0) == 55)
        #expect(browser.dataSource.itemIdentifier(for: IndexPath(row: 54, section: 0)) == 54)
        browser.press("G")
        #expect(browser.screen().dropLast().contains { $0.contains("#55 ") }, "the new last line can be reached")
    }
}
