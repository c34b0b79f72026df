import Testing
import TermTable

@Suite("Guide: diffable data source")
struct DiffableExampleTests {
    @Test("Applying a snapshot updates the table with one batch of moves, deletions and insertions")
    func diffableDataSource() throws {
        // guide: diffable begin
        let table = TableView(frame: Rect(x: 0, y: 0, width: 14, height: 5))
        table.register(TableViewCell.self, forCellReuseIdentifier: "task")
        table.showsVerticalScrollIndicator = false
        let dataSource = TableViewDiffableDataSource<String, String>(tableView: table) { table, indexPath, task in
            let cell = table.dequeueReusableCell(withIdentifier: "task", for: indexPath)
            cell.text = StyledText(task)
            return cell
        }  // it makes itself the table's data source; keep a reference to it
        dataSource.sectionTitleProvider = { $0 }

        var snapshot = DiffableSnapshot<String, String>()
        snapshot.appendSections(["Today"])
        snapshot.appendItems(["Write", "Test", "Ship"], toSection: "Today")
        try dataSource.apply(snapshot)
        var canvas = Canvas(width: 14, height: 5)
        table.draw(in: &canvas)

        var next = dataSource.snapshot()
        next.moveItem("Ship", beforeItem: "Write")  // one move, one deletion, one insertion
        next.deleteItems(["Test"])
        next.appendItems(["Rest"], toSection: "Today")
        try dataSource.apply(next, animatingDifferences: false)  // terminals never animate
        table.draw(in: &canvas)
        // guide: diffable end
        // guide: diffable-result begin
        #expect(canvas.lines == [
            "Today ────────",
            "Ship",
            "Write",
            "Rest",
            "",
        ])
        #expect(dataSource.indexPath(for: "Rest") == IndexPath(row: 2, section: 0))
        // guide: diffable-result end
    }
}
