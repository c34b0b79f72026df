import Testing
@testable import TermTable

/// willDisplay and didEndDisplaying come exactly once per appearance and disappearance of a cell, header or footer.
@Suite("Display callbacks")
struct DisplayCallbackTests {
    /// Three titled sections with footers, 10 + 15 + 20 rows, in 20×8.
    static func harness() -> Harness {
        let source = ArrayDataSource([
            (0..<10).map { "a\($0)" }, (0..<15).map { "b\($0)" }, (0..<20).map { "c\($0)" },
        ])
        source.headerTitles = ["A", "B", "C"]
        source.footerTitles = ["end A", "end B", "end C"]
        return Harness(source, width: 20, height: 8)
    }

    /// The callbacks agree with the screen: the rows shown are exactly the rows displayed, each shown once.
    static func expectConsistent(_ harness: Harness, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let visible = Set(harness.table.indexPathsForVisibleRows)
        #expect(harness.source.displayedNow == visible, "\(step)", sourceLocation: sourceLocation)
        for (indexPath, shown) in harness.source.willDisplayCount {
            let ended = harness.source.didEndDisplayingCount[indexPath, default: 0]
            #expect(shown - ended == (visible.contains(indexPath) ? 1 : 0), "\(step): row \(indexPath) shown \(shown)× ended \(ended)×",
                    sourceLocation: sourceLocation)
        }
        #expect(harness.displayMismatches.isEmpty, "\(step): \(harness.displayMismatches)", sourceLocation: sourceLocation)
    }

    @Test("Scrolling down and up by lines, pages and jumps displays and ends each row, header and footer once")
    func scrolling() {
        var harness = Self.harness()
        _ = harness.screen()
        Self.expectConsistent(harness, "start")
        for (step, lines) in [1, 1, 3, 7, 8, 2, 20, -1, -5, -8, 30, -2, 100, -3, -100, 9, -4].enumerated() {
            harness.table.scroll(byLines: lines)
            _ = harness.screen()
            Self.expectConsistent(harness, "step \(step): scroll \(lines)")
        }
        harness.table.moveSelectionToLastRow()
        _ = harness.screen()
        Self.expectConsistent(harness, "jump to the end")
        harness.table.scrollToRow(at: IndexPath(row: 7, section: 1), at: .middle)
        _ = harness.screen()
        Self.expectConsistent(harness, "jump to the middle")
        // Nothing was displayed twice without ending in between.
        #expect(harness.source.unpairedDisplayCallbacks.isEmpty)
    }

    @Test("Updates end the cells of deleted and reloaded rows, display new ones, and never call twice for moved or reconfigured rows")
    func updates() throws {
        var harness = Self.harness()
        harness.table.scroll(byLines: 12)
        _ = harness.screen()
        let source = harness.source

        source.sections[1].insert("new", at: 0)
        try harness.table.insertRows(at: [IndexPath(row: 0, section: 1)])
        _ = harness.screen()
        #expect(harness.displayMismatches.isEmpty, "insert: \(harness.displayMismatches)")

        let visible = harness.table.indexPathsForVisibleRows
        let ended = source.didEndDisplayingCount.values.reduce(0, +)
        source.sections[visible[2].section].remove(at: visible[2].row)
        try harness.table.deleteRows(at: [visible[2]])
        _ = harness.screen()
        #expect(harness.displayMismatches.isEmpty, "delete: \(harness.displayMismatches)")
        #expect(source.didEndDisplayingCount.values.reduce(0, +) == ended + 1, "only the deleted row's cell ended")

        let reloaded = harness.table.indexPathsForVisibleRows[1]
        let endedBefore = source.didEndDisplayingCount[reloaded, default: 0]
        let shownBefore = source.willDisplayCount[reloaded, default: 0]
        source.sections[reloaded.section][reloaded.row] += "!"
        try harness.table.reloadRows(at: [reloaded])
        _ = harness.screen()
        #expect(harness.displayMismatches.isEmpty, "reload: \(harness.displayMismatches)")
        #expect(source.didEndDisplayingCount[reloaded, default: 0] == endedBefore + 1)
        #expect(source.willDisplayCount[reloaded, default: 0] == shownBefore + 1)
        #expect(harness.table.cellForRow(at: reloaded)?.text.plainText.hasSuffix("!") == true)

        let reconfigured = harness.table.indexPathsForVisibleRows[3]
        let calls = source.willDisplayCount.values.reduce(0, +)
        source.sections[reconfigured.section][reconfigured.row] += "?"
        try harness.table.reconfigureRows(at: [reconfigured])
        _ = harness.screen()
        #expect(source.willDisplayCount.values.reduce(0, +) == calls, "reconfiguring keeps the cell on screen without callbacks")

        let moving = harness.table.indexPathsForVisibleRows[0]
        let text = source.sections[moving.section].remove(at: moving.row)
        source.sections[2].insert(text, at: 5)
        try harness.table.moveRow(at: moving, to: IndexPath(row: 5, section: 2))
        _ = harness.screen()
        #expect(harness.displayMismatches.isEmpty, "move: \(harness.displayMismatches)")

        source.sections.remove(at: 0)
        source.headerTitles.removeFirst()
        source.footerTitles.removeFirst()
        try harness.table.deleteSections([0])
        _ = harness.screen()
        #expect(harness.displayMismatches.isEmpty, "delete section: \(harness.displayMismatches)")

        harness.table.reloadData()
        _ = harness.screen()
        #expect(harness.displayMismatches.isEmpty, "reloadData: \(harness.displayMismatches)")
        #expect(source.unpairedDisplayCallbacks.isEmpty)
    }

    @Test("A pinned header keeps being displayed while its section's rows scroll under it")
    func pinnedHeaderStaysDisplayed() {
        var harness = Self.harness()
        _ = harness.screen()
        let header = harness.table.headerView(forSection: 0)
        #expect(header != nil)
        for _ in 0..<8 {
            harness.table.scroll(byLines: 1)
            _ = harness.screen()
            #expect(harness.table.headerView(forSection: 0) === header)
        }
        #expect(harness.displayMismatches.isEmpty)
        #expect(harness.screen()[0] == "A " + String(repeating: "─", count: 18))
    }
}
