import Testing
@testable import TermTable

/// Counts the refresh control's action calls.
final class RefreshCounter {
    var calls = 0
}

/// A background view that writes a message on its third line, as an empty state does.
final class MessageBackground: TableReusableView {
    override func draw(in canvas: inout Canvas) {
        canvas.draw("nothing here", at: Point(x: 0, y: min(2, canvas.height - 1)))
    }
}

/// Pull to refresh: the refresh control's row above the first section, revealed by a pull past the top,
/// refreshing on the second pull, gone after `endRefreshing()`.
@Suite("Refresh control")
struct RefreshControlTests {
    static let pull = " ↓ pull to refresh"
    /// The refreshing row in 20 columns with the spinner on `frame`.
    static func refreshing(_ frame: Int = 0) -> String {
        "   " + ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][frame] + " refreshing…"
    }
    static func rows(_ range: ClosedRange<Int>) -> [String] { range.map { "Row \($0)" } }

    /// `count` one-line rows in 20×`height` with a refresh control counting its calls, the first row selected.
    static func harness(count: Int = 10, height: Int = 5) -> (Harness, RefreshControl, RefreshCounter) {
        let harness = Harness(ArrayDataSource(count: count), width: 20, height: height)
        let counter = RefreshCounter()
        let control = RefreshControl { _ in counter.calls += 1 }
        harness.table.refreshControl = control
        harness.table.moveSelectionToFirstRow()
        return (harness, control, counter)
    }

    @Test("Up on the first row at the top reveals the title above the rows; up again refreshes and calls the action once")
    func pullWithTheKeyboard() {
        var (harness, control, counter) = Self.harness()
        #expect(harness.screen() == Self.rows(0...4))
        #expect(!harness.table.moveSelection(by: -1))
        #expect(harness.screen() == [Self.pull] + Self.rows(0...3))
        #expect(harness.highlightedLines == [1])
        #expect(control.state == .revealed && counter.calls == 0)
        #expect(!harness.table.moveSelection(by: -1))
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(0...3))
        #expect(control.isRefreshing && counter.calls == 1)
        for _ in 0..<3 { harness.table.moveSelection(by: -1) }
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(0...3))
        #expect(counter.calls == 1, "pulling again while refreshing calls nothing")
        #expect(harness.highlightedLines == [1])
    }

    @Test("Down while revealed hides the row without moving the selection; the next down moves it")
    func cancelWithTheKeyboard() {
        var (harness, control, counter) = Self.harness()
        harness.table.moveSelection(by: -1)
        #expect(!harness.table.moveSelection(by: 1))
        #expect(harness.screen() == Self.rows(0...4))
        #expect(harness.highlightedLines == [0])
        #expect(control.state == .idle)
        #expect(harness.table.moveSelection(by: 1))
        _ = harness.screen()
        #expect(harness.highlightedLines == [1])
        // Back up to the first row is a move, not a pull; only the next up pulls.
        #expect(harness.table.moveSelection(by: -1))
        #expect(harness.screen() == Self.rows(0...4))
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.pull] + Self.rows(0...3))
        #expect(counter.calls == 0)
    }

    @Test("Up on the first row scrolled out of view brings it back instead of pulling")
    func noPullAwayFromTheTop() {
        var (harness, control, _) = Self.harness(count: 30)
        harness.table.scroll(byLines: 10)
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == Self.rows(0...4))
        #expect(control.state == .idle)
    }

    @Test("The wheel up at the top reveals and then refreshes; up from lower down only scrolls")
    func pullWithTheWheel() {
        var (harness, control, counter) = Self.harness(count: 30)
        harness.table.scroll(byLines: 2)
        #expect(harness.table.scroll(byLines: -3) == -2)
        #expect(harness.screen() == Self.rows(0...4))
        #expect(control.state == .idle)
        #expect(harness.table.scroll(byLines: -3) == 0)
        #expect(harness.screen() == [Self.pull] + Self.rows(0...3))
        harness.table.scroll(byLines: -3)
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(0...3))
        #expect(counter.calls == 1)
        harness.table.scroll(byLines: -3)
        #expect(counter.calls == 1)
    }

    @Test("The wheel down while revealed scrolls the row away as one of its lines, and it is gone")
    func wheelDownHidesTheRow() {
        var (harness, control, _) = Self.harness(count: 30)
        harness.table.scroll(byLines: -3)
        #expect(harness.table.scroll(byLines: 3) == 3)
        #expect(harness.screen() == Self.rows(2...6))
        #expect(control.state == .idle)
        #expect(harness.table.contentHeight == 30)
        #expect(harness.table.scroll(byLines: -3) == -2, "the row is not above any more")
        #expect(harness.screen() == Self.rows(0...4))
    }

    @Test("The row coming and going slides the rows by one line, which a terminal can scroll instead of redrawing")
    func slideHints() {
        var (harness, control, _) = Self.harness()
        _ = harness.screen()
        harness.table.moveSelection(by: -1)
        _ = harness.screen()
        #expect(harness.table.scrollSinceLastDraw == TableScroll(lines: 0..<5, distance: -1))
        harness.table.moveSelection(by: -1)
        _ = harness.screen()
        #expect(harness.table.scrollSinceLastDraw == nil, "refreshing redraws the row in place")
        control.endRefreshing()
        _ = harness.screen()
        #expect(harness.table.scrollSinceLastDraw == TableScroll(lines: 0..<5, distance: 1))
    }

    @Test("The action sees the control refreshing, and an action that finishes at once takes the row away")
    func synchronousAction() {
        var harness = Harness(ArrayDataSource(count: 10), width: 20, height: 5)
        var seenRefreshing: [Bool] = []
        harness.table.refreshControl = RefreshControl { control in
            seenRefreshing.append(control.isRefreshing)
            control.endRefreshing()
        }
        harness.table.moveSelectionToFirstRow()
        harness.table.moveSelection(by: -1)
        harness.table.moveSelection(by: -1)
        #expect(seenRefreshing == [true])
        #expect(harness.screen() == Self.rows(0...4))
        #expect(harness.highlightedLines == [0])
    }

    @Test("Paging down while revealed leaves the row behind: it is gone, not waiting above")
    func pagingDownDropsTheRevealedRow() {
        var (harness, control, _) = Self.harness(count: 30)
        harness.table.scroll(byLines: -3)
        harness.table.moveSelection(byLines: 4)
        #expect(harness.screen() == Self.rows(3...7))
        #expect(control.state == .idle)
        #expect(harness.table.contentHeight == 30)
        harness.table.moveSelection(byLines: -4)
        #expect(harness.screen() == Self.rows(0...4))
    }

    @Test("Paging up at the top does not pull; wrapping selection has no top to pull past")
    func noPullByPagingOrWrapping() {
        var (harness, control, _) = Self.harness(count: 30)
        harness.table.moveSelection(byLines: -4)
        #expect(harness.screen() == Self.rows(0...4))
        #expect(control.state == .idle)
        harness.table.wrapsSelection = true
        #expect(harness.table.moveSelection(by: -1))
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 29, section: 0))
        #expect(control.state == .idle)
    }

    @Test("The spinner advances one frame per tick and wraps around", arguments: [0, 1, 2, 9, 10, 13])
    func spinnerFrames(ticks: Int) {
        var (harness, control, _) = Self.harness()
        #expect(!harness.table.advanceRefreshAnimation(), "nothing to animate before refreshing")
        harness.table.moveSelection(by: -1)
        harness.table.moveSelection(by: -1)
        _ = harness.screen()
        for _ in 0..<ticks { #expect(harness.table.advanceRefreshAnimation()) }
        #expect(harness.screen()[0] == Self.refreshing(ticks % 10))
        #expect(control.spinnerFrame == ticks % 10)
    }

    @Test("The spinner is drawn in the control's style, the title's unstyled spans too")
    func refreshRowStyle() {
        var (harness, control, _) = Self.harness()
        control.attributedTitle = StyledText([.init("pull "), .init("me", style: Style(foreground: .red))])
        harness.table.moveSelection(by: -1)
        #expect(harness.screen()[0] == "      pull me")
        #expect(harness.canvas[6, 0].style == Style(attributes: .dim))
        #expect(harness.canvas[11, 0].style == Style(foreground: .red))
    }

    @Test("A tick while the refreshing row is scrolled away tells the host nothing on screen changed")
    func spinnerOffScreen() {
        var (harness, _, _) = Self.harness(count: 30)
        harness.table.refreshControl?.beginRefreshing()
        harness.table.scroll(byLines: 5)
        _ = harness.screen()
        #expect(!harness.table.advanceRefreshAnimation())
        #expect(harness.table.refreshControl?.isRefreshing == true)
    }

    @Test("endRefreshing at the top takes the row away and moves the rows up by its line only")
    func endRefreshingAtTheTop() {
        var (harness, control, counter) = Self.harness()
        harness.table.moveSelection(by: 1)
        harness.table.moveSelection(by: -1)
        harness.table.moveSelection(by: -1)
        harness.table.moveSelection(by: -1)
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(0...3))
        control.endRefreshing()
        #expect(harness.screen() == Self.rows(0...4))
        #expect(harness.highlightedLines == [0])
        #expect(control.state == .idle && counter.calls == 1)
        control.endRefreshing()
        #expect(harness.screen() == Self.rows(0...4), "ending twice changes nothing")
    }

    @Test("endRefreshing with the row scrolled out of view leaves the screen exactly as it was")
    func endRefreshingScrolledAway() {
        var (harness, control, _) = Self.harness(count: 30)
        harness.table.moveSelection(by: -1)
        harness.table.moveSelection(by: -1)
        harness.table.scroll(byLines: 4)
        let before = harness.screen()
        #expect(before == Self.rows(3...7))
        control.endRefreshing()
        #expect(harness.screen() == before)
        #expect(harness.table.scrollSinceLastDraw == nil)
        harness.table.scroll(byLines: -10)
        #expect(harness.screen() == Self.rows(0...4))
    }

    @Test("beginRefreshing shows the refreshing row at the top without a pull and calls no action")
    func programmaticBeginAtTheTop() {
        var (harness, control, counter) = Self.harness()
        control.beginRefreshing()
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(0...3))
        #expect(counter.calls == 0)
        #expect(harness.highlightedLines == [1])
    }

    @Test("beginRefreshing scrolled down moves nothing; the row waits above, and up on the first row brings it into view")
    func programmaticBeginScrolledDown() {
        var (harness, control, counter) = Self.harness(count: 30)
        harness.table.scroll(byLines: 3)
        let before = harness.screen()
        control.beginRefreshing()
        #expect(harness.screen() == before)
        harness.table.moveSelection(by: -1)  // the first row comes back into view at the top
        #expect(harness.screen() == Self.rows(0...4))
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(0...3))
        #expect(counter.calls == 0)
    }

    // Content lines with the row: the refresh row 0, Fruit 1–2, f0–f4 3–7, Veg 8–9, v0–v4 10–14, Nuts 15–16, n0–n4 17–21.
    @Test("With sticky headers every scroll position shows what the table without the row shows one line higher",
          arguments: Array(0...16))
    func stickyHeadersShiftedByTheRow(offset: Int) {
        var plain = StickyHeaderTests.harness()
        var pulled = StickyHeaderTests.harness()
        pulled.table.refreshControl = RefreshControl()
        pulled.table.refreshControl?.beginRefreshing()
        pulled.table.scroll(byLines: offset)
        let screen = pulled.screen()
        if offset == 0 {
            #expect(screen == [Self.refreshing(), "Fruit", "=====", "f0", "f1", "f2"])
            #expect(pulled.table.indexPathForRow(at: Point(x: 2, y: 0)) == nil)
            #expect(pulled.table.indexPathForRow(at: Point(x: 2, y: 3)) == IndexPath(row: 0, section: 0))
        } else {
            plain.table.scroll(byLines: offset - 1)
            #expect(screen == plain.screen())
            for y in 0..<6 {
                #expect(pulled.table.indexPathForRow(at: Point(x: 2, y: y)) == plain.table.indexPathForRow(at: Point(x: 2, y: y)))
            }
        }
        #expect(pulled.displayMismatches.isEmpty, "\(pulled.displayMismatches)")
    }

    @Test("With sticky headers the pull starts from the header at the top, and nothing is pinned over the row")
    func stickyHeaderPull() {
        var harness = StickyHeaderTests.harness()
        harness.table.refreshControl = RefreshControl()
        harness.table.moveSelectionToFirstRow()
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.pull, "Fruit", "=====", "f0", "f1", "f2"])
        #expect(harness.highlightedLines == [3])
        #expect(harness.table.indexPathForRow(at: Point(x: 2, y: 3)) == IndexPath(row: 0, section: 0))
        harness.table.moveSelection(by: 1)
        #expect(harness.screen() == ["Fruit", "=====", "f0", "f1", "f2", "f3"])
    }

    @Test("An empty table pulls by key or wheel, and the row is drawn over the background view")
    func emptyTable() {
        var harness = Harness(ArrayDataSource([[]]), width: 20, height: 4)
        let counter = RefreshCounter()
        harness.table.refreshControl = RefreshControl { _ in counter.calls += 1 }
        harness.table.backgroundView = MessageBackground(reuseIdentifier: nil)
        #expect(harness.screen() == ["", "", "nothing here", ""])
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.pull, "", "nothing here", ""])
        harness.table.scroll(byLines: -3)
        #expect(harness.screen() == [Self.refreshing(), "", "nothing here", ""])
        #expect(counter.calls == 1)
        harness.table.refreshControl?.endRefreshing()
        #expect(harness.screen() == ["", "", "nothing here", ""])
        harness.table.scroll(byLines: -3)
        harness.table.scroll(byLines: 3)
        #expect(harness.screen() == ["", "", "nothing here", ""], "scrolling down hides the revealed row")
    }

    @Test("In a one-line table the row takes the only line; down after refreshing moves on to the next row")
    func oneLineTable() {
        var (harness, control, counter) = Self.harness(height: 1)
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.pull])
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.refreshing()])
        #expect(counter.calls == 1)
        #expect(harness.table.moveSelection(by: 1))
        #expect(harness.screen() == ["Row 1"])
        control.endRefreshing()
        #expect(harness.screen() == ["Row 1"])
    }

    @Test("In a two-line table the row and the first row share the screen")
    func twoLineTable() {
        var (harness, control, _) = Self.harness(height: 2)
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.pull, "Row 0"])
        #expect(harness.highlightedLines == [1])
        harness.table.moveSelection(by: -1)
        #expect(harness.screen() == [Self.refreshing(), "Row 0"])
        control.endRefreshing()
        #expect(harness.screen() == ["Row 0", "Row 1"])
    }

    @Test("A title wider than the table is cut with an ellipsis")
    func narrowTable() {
        var harness = Harness(ArrayDataSource(count: 3), width: 8, height: 3)
        harness.table.refreshControl = RefreshControl()
        harness.table.scroll(byLines: -1)
        #expect(harness.screen() == ["↓ pull …", "Row 0", "Row 1"])
    }

    @Test("The scroll indicator counts the row: the thumb stays at the top while it shows, and the content is a line taller")
    func scrollIndicator() {
        var harness = Harness(ArrayDataSource(count: 40), width: 20, height: 10, indicator: true)
        harness.table.refreshControl = RefreshControl()
        harness.table.refreshControl?.beginRefreshing()
        #expect(harness.table.contentHeight == 41)
        _ = harness.screen()
        #expect(harness.table.scrollIndicatorThumb.map { $0.top } == 0)
        harness.table.scroll(byLines: 1)
        _ = harness.screen()
        #expect(harness.table.scrollIndicatorThumb.map { $0.top } == 1, "off the top, the thumb leaves the top line")
        harness.table.scroll(byLines: 100)
        #expect(harness.screen().last == "Row 39" + String(repeating: " ", count: 13) + "┃")
        harness.table.refreshControl?.endRefreshing()
        #expect(harness.table.contentHeight == 40)
        #expect(harness.screen().last == "Row 39" + String(repeating: " ", count: 13) + "┃")
    }

    @Test("Scrolling down and back up while refreshing reuses cells and keeps display callbacks paired")
    func reuseWhileRefreshing() {
        var (harness, _, _) = Self.harness(count: 40, height: 5)
        harness.table.refreshControl?.beginRefreshing()
        var screens = [harness.screen()]
        while harness.table.scroll(byLines: 1) == 1 {
            screens.append(harness.screen())
            #expect(harness.displayMismatches.isEmpty, "\(harness.displayMismatches)")
        }
        #expect(screens.count == 37)
        for expected in screens.reversed().dropFirst() {
            harness.table.scroll(byLines: -1)
            #expect(harness.screen() == expected)
        }
        #expect(harness.table.reuseStatistics.cellsCreated <= 7, "\(harness.table.reuseStatistics)")
    }

    @Test("Batch updates and reloads keep the row at the top above the rows")
    func updatesWhileRefreshing() throws {
        var (harness, control, _) = Self.harness()
        control.beginRefreshing()
        harness.source.sections[0].insert("New", at: 0)
        try harness.table.insertRows(at: [IndexPath(row: 0, section: 0)])
        #expect(harness.screen() == [Self.refreshing(), "New", "Row 0", "Row 1", "Row 2"])
        harness.source.sections[0].removeFirst(3)
        try harness.table.deleteRows(at: (0..<3).map { IndexPath(row: $0, section: 0) })
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(2...5))
        harness.table.reloadData()
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(2...5))
        #expect(harness.displayMismatches.isEmpty, "\(harness.displayMismatches)")
    }

    @Test("Removing or replacing the control takes its row away; a table without one never pulls")
    func removingTheControl() {
        var (harness, control, _) = Self.harness()
        control.beginRefreshing()
        harness.table.refreshControl = nil
        #expect(harness.screen() == Self.rows(0...4))
        harness.table.moveSelection(by: -1)
        harness.table.scroll(byLines: -3)
        #expect(harness.screen() == Self.rows(0...4))
        harness.table.refreshControl = control
        #expect(harness.screen() == [Self.refreshing()] + Self.rows(0...3), "a control already refreshing shows its row")
        control.endRefreshing()
        #expect(harness.screen() == Self.rows(0...4))
    }
}
