import Testing
import TermTable
@testable import TTBrowseKit

/// A million lines of different heights, measured as they come on screen, with estimates for the rest.
@Suite("A million lines of different heights")
struct VariableHeightTests {
    @Test("Scrolling a million variable-height lines one line at a time creates no more cells than the rows on screen plus two")
    func millionRowsBoundedCells() throws {
        let (browser, _) = try makeBrowser(lines: 1_000_000, width: 60, height: 16)
        var mostRowsOnScreen = 0
        var heights = Set<Int>()
        func look() {
            _ = browser.screen()
            let rows = browser.tableView.indexPathsForVisibleRows
            mostRowsOnScreen = max(mostRowsOnScreen, rows.count)
            for row in rows { heights.insert(browser.tableView.rectForRow(at: row)?.height ?? 0) }
        }
        look()
        for _ in 0..<300 { browser.press("j"); look() }
        for _ in 0..<20 { browser.press(" "); look() }
        for keys in ["500000G", "G", "g", "999990G"] {
            browser.press(keys)
            look()
            for _ in 0..<30 { browser.press("j"); look() }
        }
        #expect(heights.count >= 3, "lines take \(heights.sorted()) screen lines")
        // "Visible rows" as Tick's benchmark counts them: the rows the table's lines can show (one-line rows).
        // Rows of several lines show fewer at once, but a page measures the rows it brings in while the old
        // ones are still on screen, so the engine bounds its cells by the lines, not by the rows of the moment.
        let screenRows = browser.tableView.frame.height
        #expect(browser.tableView.reuseStatistics.cellsCreated <= screenRows + 2,
                "\(browser.tableView.reuseStatistics.cellsCreated) cells for \(screenRows) lines (at most \(mostRowsOnScreen) rows on screen)")
    }

    @Test("j scrolls by one screen line, also through a line that wraps")
    func scrollsByOneLine() throws {
        let (browser, _) = try makeBrowser(lines: 1_000_000)
        for _ in 0..<50 {
            // The scroll indicator in the last column moves on its own: compare the text columns.
            let before = browser.screen().map { String($0.dropLast()) }
            browser.press("j")
            let after = browser.screen().map { String($0.dropLast()) }
            #expect(Array(after.prefix(before.count - 2)) == Array(before.dropFirst().prefix(before.count - 2)))
        }
    }

    @Test("A line number then g or G jumps to that line; g and G alone go to the first and the last line", arguments: [
        ("500000G", 500_000), ("1G", 1), ("0G", 1), ("2000000G", 1_000_000), ("99999999999999999999999G", 1_000_000),
        ("4321g", 4_321), ("12x3G", 3), ("12jG", 1_000_000), ("G", 1_000_000), ("Gg", 1),
    ])
    func jumpTo(keys: String, line: Int) throws {
        let (browser, _) = try makeBrowser(lines: 1_000_000)
        browser.press(String(keys.dropLast()))
        // The digits typed since the last other key (which forgets them) are on the status line.
        let typed = String(keys.dropLast().reversed().prefix(while: \.isNumber).reversed())
        if !typed.isEmpty {
            #expect(browser.screen().last?.hasPrefix("\(typed) · g or G jumps to this line") == true, "the number is typed on the status line")
        }
        browser.press(String(keys.last!))
        let screen = browser.screen()
        let rows = browser.tableView.indexPathsForVisibleRows
        if line == 1_000_000 {
            #expect(rows.last?.row == 999_999)
            #expect(screen.dropLast().last?.hasPrefix("Loading…") == true, "the footer under the last line: the end is reached, more loads")
        } else {
            #expect(rows.first?.row == line - 1)
            #expect(screen[0].contains(" #\(line) "), "\(screen[0])")
        }
    }
}
