import Testing
import TermTable

@Suite("Guide: reuse")
struct ReuseExampleTests {
    @Test("A thousand rows are drawn by a screenful of cells, and prepareForReuse clears what a row set")
    func reuse() {
        // guide: reuse begin
        final class MessageCell: TableViewCell {
            var flag: String? { didSet { setNeedsDisplay() } }

            override func prepareForReuse() {
                super.prepareForReuse()  // clears text, secondary text, accessory, indentation
                flag = nil  // set only for flagged rows: without this, a reused cell keeps another row's flag
            }

            override func draw(in canvas: inout Canvas) {
                super.draw(in: &canvas)
                if let flag { canvas.draw(flag, at: Point(x: canvas.width - 1, y: 0)) }
            }
        }

        final class Inbox: TableViewDataSource {
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000 }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath) as! MessageCell
                cell.text = StyledText("Message \(indexPath.row)")
                if indexPath.row % 10 == 0 { cell.flag = "⚑" }
                return cell
            }
        }

        let inbox = Inbox()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 14, height: 3))
        table.register(MessageCell.self, forCellReuseIdentifier: "message")
        table.showsVerticalScrollIndicator = false
        table.dataSource = inbox
        var canvas = Canvas(width: 14, height: 3)
        table.draw(in: &canvas)  // rows 0 to 2: three cells are created
        table.scroll(byLines: 4)
        table.draw(in: &canvas)  // rows 4 to 6: the same three cells, prepared for reuse
        // guide: reuse end
        // guide: reuse-result begin
        #expect(canvas.lines == [
            "Message 4",
            "Message 5",
            "Message 6",
        ])
        #expect(table.reuseStatistics.cellsCreated == 3)  // for 7 rows shown, and for any number
        // guide: reuse-result end
    }
}
