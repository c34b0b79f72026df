import Testing
import TermTable
@testable import TickApp
import TodoStore

@Suite("Todo rows")
struct TodoCellReuseTests {
    @Test("A row that showed a checked todo and is reused for an open one shows an empty box and plain text")
    func noStaleCheckMarks() throws {
        let temporary = try TemporaryStore()
        var previous: Int64?
        for index in 0..<40 {
            let item = try temporary.store.add(title: "Todo \(index)", after: previous).value
            if index % 3 == 0 { try temporary.store.setDone(true, ids: [item.id]) }
            previous = item.id
        }
        let app = makeApp(temporary.store, size: Size(width: 30, height: 7))
        let table = app.list.tableView
        for step in 0..<39 {
            let (canvas, _) = app.renderScreen()
            for indexPath in table.indexPathsForVisibleRows {
                guard let rect = table.rectForRow(at: indexPath), let item = app.list.item(at: indexPath),
                      !canvas.line(rect.minY).hasPrefix("▾") else { continue }  // under the pinned header
                let number = Int(item.title.dropFirst(5))!
                #expect(item.isDone == (number % 3 == 0))
                #expect(canvas.line(rect.minY).hasPrefix(item.isDone ? "[✓] \(item.title)" : "[ ] \(item.title)"), "step \(step)")
                // Text after the box is dimmed exactly for done todos.
                #expect(canvas[5, rect.minY].style.attributes.contains(.dim) == item.isDone, "step \(step) row \(indexPath.row)")
            }
            app.perform(.moveDown)
        }
        #expect(table.reuseStatistics.cellsCreated <= 6 + 2)
    }
}
