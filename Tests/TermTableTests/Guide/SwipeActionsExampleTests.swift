import Testing
import TermTable

@Suite("Guide: swipe actions and full swipe")
struct SwipeActionsExampleTests {
    @Test("Swiping reveals the row's actions, swiping again the same way performs the first one, and a letter performs its button")
    func swipeActions() throws {
        // guide: swipe-actions begin
        final class Mail: TableViewDataSource, TableViewDelegate {
            var subjects = ["Lunch?", "Invoice", "Hello"]
            var flagged: [String] = []

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { subjects.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "mail", for: indexPath)
                cell.text = StyledText(subjects[indexPath.row])
                return cell
            }

            func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
                let delete = ContextualAction(style: .destructive, title: "Delete") { _, indexPath, done in
                    self.subjects.remove(at: indexPath.row)
                    do { try tableView.deleteRows(at: [indexPath]) } catch { preconditionFailure("\(error)") }
                    done(true)
                }
                let flag = ContextualAction(style: .normal, title: "Flag") { _, indexPath, done in
                    self.flagged.append(self.subjects[indexPath.row])
                    done(true)  // true closes the row
                }
                return SwipeActionsConfiguration(actions: [delete, flag])  // the first is nearest the edge
            }
        }

        let mail = Mail()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 22, height: 3))
        table.register(TableViewCell.self, forCellReuseIdentifier: "mail")
        table.showsVerticalScrollIndicator = false
        table.dataSource = mail
        table.delegate = mail
        table.moveSelection(to: IndexPath(row: 1, section: 0))
        table.swipeSelectedRow(.left)  // a key of your choice: reveals the trailing actions
        var revealed = Canvas(width: 22, height: 3)
        table.draw(in: &revealed)
        table.swipeSelectedRow(.left)  // the same way again: a full swipe performs "Delete"
        var canvas = Canvas(width: 22, height: 3)
        table.draw(in: &canvas)
        table.swipeSelectedRow(.left)  // the selected row is now "Hello"
        table.performSwipeAction(shortcut: "f")  // a button's letter performs it: "Flag"
        // guide: swipe-actions end
        // guide: swipe-actions-result begin
        #expect(revealed.lines == [
            "Lunch?",
            "         Flag  Delete",
            "Hello",
        ])
        #expect(canvas.lines == [
            "Lunch?",
            "Hello",
            "",
        ])
        #expect(mail.subjects == ["Lunch?", "Hello"])
        #expect(mail.flagged == ["Hello"])
        #expect(table.indexPathForSwipedRow == nil)
        // guide: swipe-actions-result end
    }
}
