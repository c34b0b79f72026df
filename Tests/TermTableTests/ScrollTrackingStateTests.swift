import Testing
@testable import TermTable

@Suite("Scroll tracking state")
struct ScrollTrackingStateTests {
    /// Every old item drawn one line each, top to bottom: each section's header, then its rows.
    static var drawnItems: [VisibleItem] {
        var items: [LayoutItem] = []
        for section in RemapCase.before.indices {
            items.append(.header(section))
            items += RemapCase.before[section].indices.map { .row(RemapCase.path(section, $0)) }
        }
        return items.enumerated().map { VisibleItem(item: $1, y: $0, height: 1) }
    }

    @Test("A batch update keeps what was drawn under the items' new index paths, at the lines they were drawn at, dropping items that left",
          arguments: RemapCase.all)
    func drawnItemsFollowTheirItems(_ change: RemapCase) throws {
        var tracking = ScrollTracking()
        let frame = Rect(x: 0, y: 0, width: 20, height: 10)
        tracking.recordDraw(of: Self.drawnItems, pinnedHeader: (section: 1, y: 0), frame: frame, headerHeights: [1, 1])
        let remapped = tracking.remapped(by: try change.plan())
        let expected = Self.drawnItems.compactMap { drawn -> VisibleItem? in
            var moved = drawn
            switch drawn.item {
            case .refreshControl: break  // above every section: no update moves it
            case .row(let old): guard let new = change.newIndexPath(ofOld: old) else { return nil }; moved.item = .row(new)
            case .header(let old): guard let new = change.sections[old] else { return nil }; moved.item = .header(new)
            case .footer(let old): guard let new = change.sections[old] else { return nil }; moved.item = .footer(new)
            }
            return moved
        }
        #expect(remapped.drawnItems == expected)
        #expect(remapped.drawnPinnedHeader?.section == change.sections[1])
        #expect(remapped.drawnPinnedHeader.map { $0.y } == change.sections[1].map { _ in 0 })
        #expect(remapped.drawnFrame == frame)
    }

    @Test("Rows that all moved by the same distance under a pinned header slide, the header's lines staying put")
    func uniformSlideUnderAPinnedHeader() {
        var tracking = ScrollTracking()
        let frame = Rect(x: 0, y: 2, width: 20, height: 4)
        let rows = (0..<6).map { LayoutItem.row(RemapCase.path(0, $0)) }
        let before = [VisibleItem(item: .header(0), y: 0, height: 1)] + (0..<3).map { VisibleItem(item: rows[$0], y: $0 + 1, height: 1) }
        tracking.recordDraw(of: before, pinnedHeader: nil, frame: frame, headerHeights: [1])
        let after = (1..<5).map { VisibleItem(item: rows[$0], y: $0 - 1, height: 1) }
        tracking.recordDraw(of: after, pinnedHeader: (section: 0, y: 0), frame: frame, headerHeights: [1])
        #expect(tracking.lastScroll == TableScroll(lines: 3..<6, distance: 2))
    }
}
