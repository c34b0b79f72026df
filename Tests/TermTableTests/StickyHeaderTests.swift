import Testing
@testable import TermTable

/// A header two lines tall: the title, then an underline as long as the title.
final class UnderlinedHeader: TableViewHeaderFooterView {
    override func draw(in canvas: inout Canvas) {
        canvas.draw(text, at: Point(x: 0, y: 0))
        canvas.draw(String(repeating: "=", count: text.width), at: Point(x: 0, y: 1))
    }
}

/// The header of the section at the top stays pinned while its rows scroll under it, until the next header pushes it up.
@Suite("Sticky section headers")
struct StickyHeaderTests {
    /// Sections Fruit, Veg and Nuts of five rows each, with two-line underlined headers, in 20×6.
    static func harness(pinned: Bool = true) -> Harness {
        let source = ArrayDataSource([
            ["f0", "f1", "f2", "f3", "f4"], ["v0", "v1", "v2", "v3", "v4"], ["n0", "n1", "n2", "n3", "n4"],
        ])
        source.headerTitles = ["Fruit", "Veg", "Nuts"]
        source.headerView = { table, section in
            let view = table.dequeueReusableHeaderFooterView(withIdentifier: "underlined")
            view?.text = StyledText(["Fruit", "Veg", "Nuts"][section])
            return view
        }
        let harness = Harness(source, width: 20, height: 6)
        harness.table.register(UnderlinedHeader.self, forHeaderFooterViewReuseIdentifier: "underlined")
        harness.table.sectionHeaderHeight = 2
        harness.table.pinsSectionHeaders = pinned
        return harness
    }

    // Content lines: Fruit 0–1, f0–f4 2–6, Veg 7–8, v0–v4 9–13, Nuts 14–15, n0–n4 16–20.
    @Test("The top section's header is pinned over its rows and pushed up by the next header", arguments: [
        (0, ["Fruit", "=====", "f0", "f1", "f2", "f3"]),
        (3, ["Fruit", "=====", "f3", "f4", "Veg", "==="]),
        (5, ["Fruit", "=====", "Veg", "===", "v0", "v1"]),
        (6, ["=====", "Veg", "===", "v0", "v1", "v2"]),
        (7, ["Veg", "===", "v0", "v1", "v2", "v3"]),
        (8, ["Veg", "===", "v1", "v2", "v3", "v4"]),
        (12, ["Veg", "===", "Nuts", "====", "n0", "n1"]),
        (13, ["===", "Nuts", "====", "n0", "n1", "n2"]),
        (15, ["Nuts", "====", "n1", "n2", "n3", "n4"]),
    ])
    func pinnedHeaderScreens(offset: Int, screen: [String]) {
        var harness = Self.harness()
        harness.table.scroll(byLines: offset)
        #expect(harness.screen() == screen)
    }

    @Test("Without pinning, headers scroll away with their rows")
    func unpinnedHeadersScroll() {
        var harness = Self.harness(pinned: false)
        harness.table.scroll(byLines: 3)
        #expect(harness.screen() == ["f1", "f2", "f3", "f4", "Veg", "==="])
    }

    @Test("Scrolling line by line down and back shows each screen once and keeps header display callbacks paired")
    func scrollingThroughPinnedHeaders() {
        var harness = Self.harness()
        var screens: [[String]] = [harness.screen()]
        while harness.table.scroll(byLines: 1) == 1 {
            screens.append(harness.screen())
            #expect(harness.displayMismatches.isEmpty, "\(harness.displayMismatches)")
        }
        #expect(screens.count == 16)
        for expected in screens.reversed().dropFirst() {
            harness.table.scroll(byLines: -1)
            #expect(harness.screen() == expected)
            #expect(harness.displayMismatches.isEmpty, "\(harness.displayMismatches)")
        }
        // Two headers at most are on screen at once (the pinned one and the one pushing it), plus the pool's spare.
        #expect(harness.table.reuseStatistics.headerFooterViewsCreated <= 3)
    }

    @Test("A row hidden under the pinned header is not under the point, and highlighting it scrolls it out from under")
    func rowUnderPinnedHeader() {
        var harness = Self.harness()
        harness.table.scroll(byLines: 8)
        _ = harness.screen()
        // v0 sits on line 1, under the pinned header's underline.
        #expect(harness.table.indexPathForRow(at: Point(x: 2, y: 1)) == nil)
        #expect(harness.table.indexPathForRow(at: Point(x: 2, y: 2)) == IndexPath(row: 1, section: 1))
        harness.table.moveSelection(to: IndexPath(row: 0, section: 1))
        #expect(harness.screen() == ["Veg", "===", "v0", "v1", "v2", "v3"])
        #expect(harness.highlightedLines == [2])
    }

    @Test("Custom header views of automatic height are recycled through updates rather than created anew")
    func headerViewsAreRecycledThroughUpdates() throws {
        var harness = Self.harness()
        harness.table.sectionHeaderHeight = TableView.automaticDimension
        harness.source.headerTitles = []  // the header exists because the delegate supplies a view
        #expect(harness.screen() == ["Fruit", "f0", "f1", "f2", "f3", "f4"])
        for round in 0..<20 {
            harness.source.sections[0].append("f\(5 + round)")
            try harness.table.insertRows(at: [IndexPath(row: 5 + round, section: 0)])
            _ = harness.screen()
        }
        #expect(harness.table.reuseStatistics.headerFooterViewsCreated <= 3, "\(harness.table.reuseStatistics)")
    }

    @Test("A default header shows the data source's current title after every layout, counts included")
    func defaultHeaderTitleFollowsTheDataSource() {
        let source = ArrayDataSource([["a", "b"]])
        source.headerTitles = ["Inbox · 2 open"]
        var harness = Harness(source, width: 20, height: 4)
        #expect(harness.screen()[0].hasPrefix("Inbox · 2 open"))
        source.headerTitles = ["Inbox · 1 open"]
        harness.table.setNeedsLayout()
        #expect(harness.screen()[0].hasPrefix("Inbox · 1 open"))
        harness.table.setNeedsLayout()
        #expect(harness.screen()[0].hasPrefix("Inbox · 1 open"), "an unchanged title is kept")
    }

    @Test("Styled text tells whether it reads as a plain string", arguments: [
        (StyledText(), "", true), (StyledText(), "x", false),
        (StyledText("Inbox"), "Inbox", true), (StyledText("Inbox"), "Inbox ", false),
        (StyledText([.init("In"), .init("box", style: Style(attributes: .bold))]), "Inbox", true),
        (StyledText([.init("In"), .init("box")]), "In", false),
    ])
    func plainTextComparison(text: StyledText, plain: String, expected: Bool) {
        #expect(text.hasPlainText(plain) == expected)
        #expect((text.plainText == plain) == expected)
    }
}
