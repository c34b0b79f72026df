import Testing
import TermTable
@testable import TTBrowseKit

/// The "wrong image in a reused cell" bug, guarded: fingerprints load slowly and out of order while the
/// reader scrolls fast, and no cell ever shows another line's fingerprint.
@Suite("Fingerprints loaded into reused cells")
struct StaleContentTests {
    /// Checks every row on screen: its cell is configured for that row, and its fingerprint, in the cell
    /// and on the screen, is that row's or still the placeholder.
    static func expectNoStaleContent(_ browser: LogBrowser, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = browser.screen()
        for indexPath in browser.tableView.indexPathsForVisibleRows {
            guard let cell = browser.tableView.cellForRow(at: indexPath) as? LogLineCell,
                  let rect = browser.tableView.rectForRow(at: indexPath) else { continue }
            let expected = LogLines.fingerprint(of: LogLines.text(indexPath.row))
            #expect(cell.line == indexPath.row, "\(context): row \(indexPath.row)", sourceLocation: sourceLocation)
            #expect(cell.fingerprint == nil || cell.fingerprint == expected,
                    "\(context): row \(indexPath.row) shows \(cell.fingerprint ?? "") instead of \(expected)", sourceLocation: sourceLocation)
            // The cell's own buffer, and the screen where the row's first line is on it (not scrolled above the top).
            var drawn = [String(cell.buffer.line(0).prefix(6))]
            if rect.minY > 0 || rect.height == cell.buffer.height { drawn.append(String(screen[rect.minY].prefix(6))) }
            for text in drawn {
                #expect(text == expected || text == "······", "\(context): row \(indexPath.row) drawn as \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Scrolling fast while fingerprints arrive late and out of order never shows a fingerprint in another line's cell",
          arguments: [0, 1, 2])
    func outOfOrderLoads(seed: Int) throws {
        let (browser, backend) = try makeBrowser(lines: 5_000)
        _ = browser.screen()
        var random = seed &* 7 &+ 3
        for step in 0..<60 {
            // Scroll by lines and pages, both ways, so cells are reused for other lines with loads outstanding.
            browser.press(step % 5 == 4 ? "b" : step % 3 == 0 ? " " : "jjj")
            _ = browser.screen()
            // Then a few of the waiting loads answer, picked out of order (stale ones included).
            for _ in 0..<(step % 4) where !backend.loads.isEmpty {
                random = (random &* 1_103_515_245 &+ 12_345) & 0x7FFF_FFFF
                backend.completeLoad(at: random % backend.loads.count)
                Self.expectNoStaleContent(browser, "seed \(seed), step \(step)")
            }
        }
        // Every load left answers now, newest first: the stale ones are dropped, the current ones shown.
        while !backend.loads.isEmpty {
            backend.completeLoad(at: backend.loads.count - 1)
            Self.expectNoStaleContent(browser, "seed \(seed), draining")
        }
        for cell in browser.tableView.visibleCellsInOrder {
            let line = try #require((cell as? LogLineCell)?.line)
            #expect((cell as? LogLineCell)?.fingerprint == LogLines.fingerprint(of: LogLines.text(line)), "the current loads all landed")
        }
    }

    @Test("A cell reused for another line cancels the load it had started")
    func reuseCancels() throws {
        let (browser, backend) = try makeBrowser(lines: 1_000)
        _ = browser.screen()
        let cell = try #require(browser.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? LogLineCell)
        let firstLoad = try #require(backend.loads.first { $0.line == 0 })
        var reused = false
        for _ in 0..<10 where !reused {
            browser.press(" ")
            _ = browser.screen()
            reused = cell.line != nil && cell.line != 0
        }
        #expect(reused, "the first row's cell came back for another line")
        #expect(backend.cancelled.contains(firstLoad.ticket))
    }

    @Test("A fingerprint that arrives for the line its cell still shows replaces the placeholder")
    func fingerprintArrives() throws {
        let (browser, backend) = try makeBrowser(lines: 100)
        #expect(browser.screen()[0].hasPrefix("······ 00:00:00 #1 WARN"))
        let first = try #require(backend.loads.firstIndex { $0.line == 0 })
        backend.completeLoad(at: first)
        #expect(browser.screen()[0].hasPrefix(LogLines.fingerprint(of: LogLines.text(0)) + " 00:00:00 #1 WARN"))
    }
}
