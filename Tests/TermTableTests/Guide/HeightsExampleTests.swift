import Testing
import TermTable

@Suite("Guide: heights")
struct HeightsExampleTests {
    @Test("Rows are fixed, per row, or as tall as their wrapped text, and estimates stand in until measured")
    func heights() {
        // guide: heights begin
        final class Notes: TableViewDataSource, TableViewDelegate {
            let notes = ["Title", "A note long enough to wrap onto a second line", "Short", "A last note, long enough to wrap too"]

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
                cell.text = StyledText(notes[indexPath.row])
                cell.wrapsText = true  // its heightThatFits(width:) counts the wrapped lines
                return cell
            }

            func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
                switch notes[indexPath.row] {
                case "Title": 2  // per row: a height of its own
                case "Short": tableView.rowHeight  // fixed: the table's height for every row
                default: TableView.automaticDimension  // automatic: the lines the cell needs
                }
            }
        }

        let notes = Notes()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 26, height: 5))
        table.register(TableViewCell.self, forCellReuseIdentifier: "note")
        table.rowHeight = 1  // the default
        table.estimatedRowHeight = 1  // what a row not measured yet is assumed to take
        table.dataSource = notes
        table.delegate = notes
        var canvas = Canvas(width: 26, height: 5)
        table.draw(in: &canvas)  // measures the rows shown, and only those
        // guide: heights end
        // guide: heights-result begin
        #expect(canvas.lines == [
            "Title                    ┃",
            "                         ┃",
            "A note long enough to    ┃",
            "wrap onto a second line  ┃",
            "Short                    │",
        ])
        #expect(table.reuseStatistics.rowsMeasured == 1)  // the long note; the last one is not shown yet
        #expect(table.contentHeight == 6)  // so it counts at its estimate, 1 line, until it is measured
        // guide: heights-result end
    }
}
