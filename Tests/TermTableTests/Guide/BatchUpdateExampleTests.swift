import Testing
import TermTable

@Suite("Guide: batch updates and the consistency error")
struct BatchUpdateExampleTests {
    @Test("A batch changes the data, then says what changed; a batch that does not add up is refused in UIKit's words")
    func batchUpdates() throws {
        // guide: batch-updates begin
        final class Groceries: TableViewDataSource {
            var items = ["Milk", "Eggs", "Bread"]

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
                cell.text = StyledText(items[indexPath.row])
                return cell
            }
        }

        let groceries = Groceries()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 10, height: 3))
        table.register(TableViewCell.self, forCellReuseIdentifier: "item")
        table.showsVerticalScrollIndicator = false
        table.dataSource = groceries
        var canvas = Canvas(width: 10, height: 3)
        table.draw(in: &canvas)

        try table.performBatchUpdates {
            groceries.items.remove(at: 1)  // change the data first…
            groceries.items.append("Butter")
            try table.deleteRows(at: [IndexPath(row: 1, section: 0)])  // …then say what changed:
            try table.insertRows(at: [IndexPath(row: 2, section: 0)])  // deletions at old rows, insertions at new
        }
        table.draw(in: &canvas)

        var refusal = ""
        do {
            try table.performBatchUpdates {
                groceries.items.append("Tea")  // a row added, but a deletion declared
                try table.deleteRows(at: [IndexPath(row: 0, section: 0)])
            }
        } catch let error as TableUpdateError {
            refusal = error.description  // the table reloads from the data source rather than draw a wrong screen
        }
        // guide: batch-updates end
        // guide: batch-updates-result begin
        #expect(canvas.lines == [
            "Milk",
            "Bread",
            "Butter",
        ])
        #expect(refusal == "Invalid update: invalid number of rows in section 0. The number of rows contained in an "
            + "existing section after the update (4) must be equal to the number of rows contained in that section before "
            + "the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) "
            + "and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        table.draw(in: &canvas)  // after the refusal: the data source's rows, Tea included
        table.scroll(byLines: 1)
        table.draw(in: &canvas)
        #expect(canvas.lines == [
            "Bread",
            "Butter",
            "Tea",
        ])
        // guide: batch-updates-result end
    }
}
