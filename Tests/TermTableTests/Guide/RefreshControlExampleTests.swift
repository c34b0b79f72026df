import Testing
import TermTable

// The refresh control's example for the TermTable guide: the code between the guide comments is what the
// guide shows; the assertions after it check what it does.

// guide: refresh-control begin
final class Inbox: TableViewDataSource {
    var messages = ["Lunch?", "Minutes"]
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.text = StyledText(messages[indexPath.row])
        return cell
    }
}

func makeInboxTable(_ inbox: Inbox, fetch: @escaping (RefreshControl) -> Void) -> TableView {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 24, height: 3))
    table.showsVerticalScrollIndicator = false
    table.register(TableViewCell.self, forCellReuseIdentifier: "message")
    table.dataSource = inbox
    let refresh = RefreshControl()
    refresh.attributedTitle = "↓ pull to fetch"
    refresh.refreshingTitle = "fetching…"
    refresh.addAction(fetch)  // UIKit: addTarget(_:action:for: .valueChanged)
    table.refreshControl = refresh
    return table
}
// The host: k/↑ calls table.moveSelection(by: -1), the wheel table.scroll(byLines: -3); while
// table.refreshControl?.isRefreshing, a timer calls table.advanceRefreshAnimation() and draws again.
// guide: refresh-control end

@Suite("Guide: refresh control")
struct RefreshControlExampleTests {
    @Test("The guide's table reveals its title on the first pull, fetches on the second, and ends with the new row")
    func guideExample() throws {
        // guide: refresh-control-result begin
        let inbox = Inbox()
        var fetches = 0
        let table = makeInboxTable(inbox) { _ in fetches += 1 }
        var canvas = Canvas(width: 24, height: 3)
        func screen() -> [String] {
            canvas.clear()
            table.draw(in: &canvas)
            return canvas.lines
        }
        table.moveSelection(by: 1)
        table.moveSelection(by: -1)
        #expect(screen() == ["    ↓ pull to fetch", "Lunch?", "Minutes"])
        table.scroll(byLines: -3)
        #expect(screen() == ["      ⠋ fetching…", "Lunch?", "Minutes"])
        #expect(fetches == 1)
        table.advanceRefreshAnimation()
        #expect(screen()[0] == "      ⠙ fetching…")
        inbox.messages.insert("Invoice", at: 0)
        try table.insertRows(at: [IndexPath(row: 0, section: 0)])
        table.refreshControl?.endRefreshing()
        #expect(screen() == ["Invoice", "Lunch?", "Minutes"])
        #expect(fetches == 1)
        // guide: refresh-control-result end
    }
}
