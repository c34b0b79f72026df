import Testing
import TermTable

@Suite("Guide: indentation and outlines")
struct OutlineExampleTests {
    @Test("Rows indent by the delegate's level, and a subtree collapses and expands in one batch of deletions and insertions")
    func outline() throws {
        // guide: outline begin
        final class Outline: TableViewDataSource, TableViewDelegate {
            struct Node { var title: String; var level: Int }
            let all = [Node(title: "Trip", level: 0), Node(title: "Tickets", level: 1),
                       Node(title: "Train", level: 2), Node(title: "Hotel", level: 1), Node(title: "Laundry", level: 0)]
            var collapsed: Set<String> = []

            /// The rows shown: every node whose parents are all expanded.
            var shown: [Node] {
                var rows: [Node] = [], hidingBelow: Int?
                for node in all {
                    if let level = hidingBelow, node.level > level { continue }
                    hidingBelow = collapsed.contains(node.title) ? node.level : nil
                    rows.append(node)
                }
                return rows
            }

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { shown.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "node", for: indexPath)
                let node = shown[indexPath.row]
                cell.text = StyledText((collapsed.contains(node.title) ? "▸ " : "") + node.title)
                return cell
            }

            func tableView(_ tableView: TableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
                shown[indexPath.row].level  // the content starts level × indentationWidth (2) columns in
            }

            /// Collapses or expands the row's subtree: its rows go or come back in one batch.
            func toggle(row: Int, in table: TableView) throws {
                let title = shown[row].title
                let before = shown.count
                if collapsed.contains(title) { collapsed.remove(title) } else { collapsed.insert(title) }
                let change = abs(shown.count - before)
                let rows = (row + 1..<row + 1 + change).map { IndexPath(row: $0, section: 0) }
                try table.performBatchUpdates {
                    if shown.count < before { try table.deleteRows(at: rows) } else { try table.insertRows(at: rows) }
                    try table.reconfigureRows(at: [IndexPath(row: row, section: 0)])  // its ▸ comes or goes
                }
            }
        }

        let outline = Outline()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 14, height: 5))
        table.register(TableViewCell.self, forCellReuseIdentifier: "node")
        table.showsVerticalScrollIndicator = false
        table.dataSource = outline
        table.delegate = outline
        var expanded = Canvas(width: 14, height: 5)
        table.draw(in: &expanded)

        try outline.toggle(row: 1, in: table)  // Tickets folds away Train
        var folded = Canvas(width: 14, height: 5)
        table.draw(in: &folded)
        try outline.toggle(row: 0, in: table)  // Trip folds away Tickets and Hotel
        try outline.toggle(row: 0, in: table)  // and unfolds them again, Tickets still folded
        var canvas = Canvas(width: 14, height: 5)
        table.draw(in: &canvas)
        // guide: outline end
        // guide: outline-result begin
        #expect(expanded.lines == [
            "Trip",
            "  Tickets",
            "    Train",
            "  Hotel",
            "Laundry",
        ])
        #expect(folded.lines == [
            "Trip",
            "  ▸ Tickets",
            "  Hotel",
            "Laundry",
            "",
        ])
        #expect(canvas.lines == folded.lines)
        // guide: outline-result end
    }
}
