import Testing
@testable import TermTable

@Suite("Collapsing sections")
struct SectionCollapseTests {
    @Test("Collapsing a section is one batch deleting its rows; expanding inserts them back; the header stays")
    func collapseAndExpand() throws {
        let source = ArrayDataSource([["a1", "a2", "a3"], ["b1", "b2"]])
        source.headerTitles = ["A", "B"]
        var harness = Harness(source, width: 12, height: 8)
        harness.table.pinsSectionHeaders = false
        harness.table.selectRow(at: IndexPath(row: 0, section: 1), scrollPosition: .none)
        #expect(harness.screen().map { String($0.prefix(2)) } == ["A ", "a1", "a2", "a3", "B ", "b1", "b2", ""])
        let hidden = source.sections[0]
        source.sections[0] = []
        try harness.table.deleteRows(at: (0..<3).map { IndexPath(row: $0, section: 0) })
        #expect(harness.screen().map { String($0.prefix(2)) } == ["A ", "B ", "b1", "b2", "", "", "", ""])
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 0, section: 1))
        source.sections[0] = hidden
        try harness.table.insertRows(at: (0..<3).map { IndexPath(row: $0, section: 0) })
        #expect(harness.screen().map { String($0.prefix(2)) } == ["A ", "a1", "a2", "a3", "B ", "b1", "b2", ""])
        #expect(harness.table.indexPathForSelectedRow == IndexPath(row: 0, section: 1))
    }
}
