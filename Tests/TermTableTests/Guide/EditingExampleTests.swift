import Testing
import TermTable

@Suite("Guide: editing and multiple selection")
struct EditingExampleTests {
    @Test("In editing mode rows are marked, the delegate hears each mark, and the marked rows can be deleted at once")
    func editingAndMultipleSelection() throws {
        // guide: editing begin
        final class Photos: TableViewDataSource, TableViewDelegate {
            var names = ["beach.jpg", "cat.png", "dog.png", "tree.jpg"]
            var marked = 0

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
                cell.text = StyledText(names[indexPath.row])
                return cell
            }

            func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { marked += 1 }
            func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { marked -= 1 }
        }

        let photos = Photos()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 14, height: 4))
        table.register(TableViewCell.self, forCellReuseIdentifier: "photo")
        table.showsVerticalScrollIndicator = false
        table.dataSource = photos
        table.delegate = photos
        table.setEditing(true)  // allowsMultipleSelectionDuringEditing is true by default
        table.toggleMark(at: IndexPath(row: 1, section: 0))  // e.g. Space on the selected row
        table.toggleMark(at: IndexPath(row: 2, section: 0))
        var marking = Canvas(width: 14, height: 4)
        table.draw(in: &marking)

        let doomed = table.indexPathsForSelectedRows ?? []  // the marked rows, in order
        try table.performBatchUpdates {
            for indexPath in doomed.reversed() { photos.names.remove(at: indexPath.row) }
            try table.deleteRows(at: doomed)
        }
        table.setEditing(false)  // leaving editing mode clears the marks
        var canvas = Canvas(width: 14, height: 4)
        table.draw(in: &canvas)
        // guide: editing end
        // guide: editing-result begin
        #expect(marking.lines == [
            "○ beach.jpg",
            "● cat.png",
            "● dog.png",
            "○ tree.jpg",
        ])
        #expect(photos.marked == 2)
        #expect(photos.names == ["beach.jpg", "tree.jpg"])
        #expect(canvas.lines == [
            "beach.jpg",
            "tree.jpg",
            "",
            "",
        ])
        // guide: editing-result end
    }
}
