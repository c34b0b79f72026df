import Testing
import TermTable

/// A table of fixed titles whose one trailing action ("Archive") asks first: its completion is held
/// until the test answers, like a confirmation that may be cancelled.
private final class ConfirmingDelegate: TableViewDataSource, TableViewDelegate {
    var titles = ["One", "Two", "Three"]
    var pendingCompletion: ((Bool) -> Void)?
    var asked: [IndexPath] = []

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { titles.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.text = StyledText(titles[indexPath.row])
        return cell
    }

    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let archive = ContextualAction(style: .destructive, title: "Archive") { [unowned self] _, indexPath, completion in
            asked.append(indexPath)
            pendingCompletion = completion
        }
        return SwipeActionsConfiguration(actions: [archive])
    }
}

/// Issue 4: "completion(true) closes the row after the action; completion(false) keeps it open".
/// The todo app's own actions always close, so this is shown on the engine with a test-only action.
@Suite("Swipe action completions")
struct SwipeCompletionTests {
    private func makeTable() -> (TableView, ConfirmingDelegate) {
        let delegate = ConfirmingDelegate()
        let table = TableView()
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = delegate
        table.delegate = delegate
        table.frame = Rect(x: 0, y: 0, width: 30, height: 4)
        table.moveSelectionToFirstRow()
        return (table, delegate)
    }

    private func screen(_ table: TableView) -> [String] {
        var canvas = Canvas(width: 30, height: 4)
        table.draw(in: &canvas)
        return canvas.lines
    }

    @Test("completion(false) keeps the row open with its buttons; answering true later closes it", arguments: [false, true])
    func completionDecides(answer: Bool) {
        let (table, delegate) = makeTable()
        table.swipeSelectedRow(.left)
        #expect(screen(table)[0].hasSuffix(" Archive"))
        #expect(table.performSelectedSwipeAction())
        #expect(delegate.asked == [IndexPath(row: 0, section: 0)])
        // Until the action answers, the row stays open.
        #expect(table.indexPathForSwipedRow == IndexPath(row: 0, section: 0))
        delegate.pendingCompletion?(answer)
        #expect((table.indexPathForSwipedRow == nil) == answer)
        #expect(screen(table)[0].hasSuffix(" Archive") == !answer)
    }

    @Test("A cancelled action (false) leaves the row open; a full swipe then asks again and true closes it")
    func cancelThenConfirm() {
        let (table, delegate) = makeTable()
        table.swipeSelectedRow(.left)
        table.swipeSelectedRow(.left)  // full swipe: performs Archive
        delegate.pendingCompletion?(false)
        #expect(table.indexPathForSwipedRow == IndexPath(row: 0, section: 0))
        #expect(table.performSwipeAction(shortcut: "a"))  // the A of Archive
        #expect(delegate.asked.count == 2)
        delegate.pendingCompletion?(true)
        #expect(table.indexPathForSwipedRow == nil)
        #expect(screen(table)[0] == "One")
    }

    @Test("A late completion(true) for a row that is no longer open does not close the row open now")
    func lateCompletionForAnotherRow() {
        let (table, delegate) = makeTable()
        table.swipeSelectedRow(.left)
        table.performSelectedSwipeAction()
        let late = delegate.pendingCompletion
        table.moveSelection(by: 1)
        table.swipeSelectedRow(.left)
        #expect(table.indexPathForSwipedRow == IndexPath(row: 1, section: 0))
        late?(true)
        #expect(table.indexPathForSwipedRow == IndexPath(row: 1, section: 0))
    }
}
