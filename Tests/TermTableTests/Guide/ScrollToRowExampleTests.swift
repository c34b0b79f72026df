import Testing
import TermTable

@Suite("Guide: scroll to row")
struct ScrollToRowExampleTests {
    @Test("Scrolling to a row puts it at the top, middle or bottom, or moves as little as needed")
    func scrollToRow() {
        // guide: scroll-to-row begin
        final class Chapters: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 100 }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "chapter", for: indexPath)
                cell.text = StyledText("Chapter \(indexPath.row + 1)")
                return cell
            }
        }

        let chapters = Chapters()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 14, height: 5))
        table.register(TableViewCell.self, forCellReuseIdentifier: "chapter")
        table.showsVerticalScrollIndicator = false
        table.dataSource = chapters
        table.scrollToRow(at: IndexPath(row: 49, section: 0), at: .middle)  // the selection stays where it was
        var canvas = Canvas(width: 14, height: 5)
        table.draw(in: &canvas)
        let middle = table.indexPathsForVisibleRows.map(\.row)
        table.selectRow(at: IndexPath(row: 55, section: 0), scrollPosition: .none)  // selects, scrolls nothing
        table.scrollToRow(at: IndexPath(row: 55, section: 0), at: .none)  // as little as needed: to the bottom
        table.draw(in: &canvas)
        // guide: scroll-to-row end
        // guide: scroll-to-row-result begin
        #expect(middle == [47, 48, 49, 50, 51])
        #expect(canvas.lines == [
            "Chapter 52",
            "Chapter 53",
            "Chapter 54",
            "Chapter 55",
            "Chapter 56",
        ])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 55, section: 0))
        // guide: scroll-to-row-result end
    }
}
