import Testing
@testable import TermTable

@Suite("Section metrics")
struct SectionMetricsTests {
    /// Rows 2, 0 and 3; a header on the first and last sections, a footer on the middle one.
    static func sections() -> SectionMetrics {
        var sections = SectionMetrics()
        sections.setRowCounts([2, 0, 3])
        sections.headerHeights = [1, 0, 2]
        sections.footerHeights = [0, 1, 0]
        return sections
    }

    @Test("Walking down from the first item and up from the last visits every header, row and footer in order, skipping those of height 0")
    func walkVisitsEveryItem() {
        let sections = Self.sections()
        let expected: [LayoutItem] = [.header(0), .row(IndexPath(row: 0, section: 0)), .row(IndexPath(row: 1, section: 0)),
                                      .footer(1), .header(2)] + (0..<3).map { .row(IndexPath(row: $0, section: 2)) }
        var down: [LayoutItem] = []
        var item = sections.firstItem(inOrAfter: 0)
        while let current = item { down.append(current); item = sections.item(after: current) }
        #expect(down == expected)
        var up: [LayoutItem] = []
        item = sections.lastItem(inOrBefore: 2)
        while let current = item { up.append(current); item = sections.item(before: current) }
        #expect(up == expected.reversed())
    }

    @Test("Flat row positions skip empty sections both ways", arguments: [
        (0, IndexPath(row: 0, section: 0)), (1, IndexPath(row: 1, section: 0)), (2, IndexPath(row: 0, section: 2)), (4, IndexPath(row: 2, section: 2)),
    ])
    func flatIndexes(_ flat: Int, _ indexPath: IndexPath) {
        let sections = Self.sections()
        #expect(sections.indexPath(forFlatIndex: flat) == indexPath)
        #expect(sections.flatIndex(of: indexPath) == flat)
        #expect(sections.totalNumberOfRows == 5)
        #expect(sections.indexPath(forFlatIndex: 5) == nil)
    }
}
