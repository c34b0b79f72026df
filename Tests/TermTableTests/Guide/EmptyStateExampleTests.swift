import Testing
import TermTable

@Suite("Guide: empty state")
struct EmptyStateExampleTests {
    @Test("A background view shows a message behind a table with no rows, and rows draw over it")
    func emptyState() throws {
        // guide: empty-state begin
        final class Message: TableReusableView {
            var text = ""

            override func draw(in canvas: inout Canvas) {
                let x = max(0, (canvas.width - DisplayWidth.of(text)) / 2)  // centred in columns, CJK included
                canvas.draw(text, at: Point(x: x, y: canvas.height / 2), style: Style(attributes: .dim))
            }
        }

        final class Inbox: TableViewDataSource {
            var messages: [String] = []

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
                cell.text = StyledText(messages[indexPath.row])
                return cell
            }
        }

        let inbox = Inbox()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 16, height: 3))
        table.register(TableViewCell.self, forCellReuseIdentifier: "message")
        table.showsVerticalScrollIndicator = false
        table.dataSource = inbox
        let empty = Message(reuseIdentifier: nil)
        empty.text = "No mail"
        table.backgroundView = inbox.messages.isEmpty ? empty : nil  // set it whenever the count reaches 0
        var canvas = Canvas(width: 16, height: 3)
        table.draw(in: &canvas)
        // guide: empty-state end
        // guide: empty-state-result begin
        #expect(canvas.lines == [
            "",
            "    No mail",
            "",
        ])
        #expect(canvas[4, 1].style.attributes.contains(.dim))  // the message's style
        // guide: empty-state-result end
    }
}
