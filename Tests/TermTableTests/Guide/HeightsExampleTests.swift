import Testing
import TermTable

@Suite("Guide: heights")
struct HeightsExampleTests {
    @Test("Rows are fixed, per row, or as tall as their wrapped text, and estimates stand in until measured")
    func heights() {
        // guide: heights begin
        final class Notes: TableViewDataSource, TableViewDelegate {
            let notes = ["Title", "A note long enough to wrap onto a second line", "Short"]

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
                cell.text = StyledText(notes[indexPath.row])
                cell.wrapsText = true  // an automatic height is what the cell's heightThatFits(width:) says
                return cell
            }

            func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
                indexPath.row == 0 ? 2 : TableView.automaticDimension  // a fixed height for one row
            }
        }

        let notes = Notes()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 26, height: 6))
        table.register(TableViewCell.self, forCellReuseIdentifier: "note")
        table.rowHeight = 1  // the height of every row when the delegate does not say
        table.estimatedRowHeight = 1  // assumed for rows not measured yet (the scroll bar, far jumps)
        table.dataSource = notes
        table.delegate = notes
        var canvas = Canvas(width: 26, height: 6)
        table.draw(in: &canvas)
        // guide: heights end
        // guide: heights-result begin
        #expect(canvas.lines == [
            "Title",
            "",
            "A note long enough to",
            "wrap onto a second line",
            "Short",
            "",
        ])
        #expect(table.reuseStatistics.rowsMeasured == 2)  // the automatic rows only
        // guide: heights-result end
    }
}
