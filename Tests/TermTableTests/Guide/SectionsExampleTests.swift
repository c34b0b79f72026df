import Testing
import TermTable

@Suite("Guide: sections and pinned headers")
struct SectionsExampleTests {
    @Test("Sections have titled headers and footers, and the header of the top section stays pinned")
    func sectionsAndPinnedHeaders() {
        // guide: sections begin
        final class Shelves: TableViewDataSource {
            let shelves = [("Fruit", ["Apples", "Pears", "Plums"]), ("Bread", ["Rye", "Spelt"])]

            func numberOfSections(in tableView: TableView) -> Int { shelves.count }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { shelves[section].1.count }
            func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { shelves[section].0 }
            func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
                "\(shelves[section].1.count) kinds"
            }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
                cell.text = StyledText(shelves[indexPath.section].1[indexPath.row])
                return cell
            }
        }

        let shelves = Shelves()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 14, height: 4))
        table.register(TableViewCell.self, forCellReuseIdentifier: "item")
        table.showsVerticalScrollIndicator = false
        table.dataSource = shelves
        table.scroll(byLines: 2)  // two lines down: "Fruit" stays pinned on top, over "Pears"
        var canvas = Canvas(width: 14, height: 4)
        table.draw(in: &canvas)
        // guide: sections end
        // guide: sections-result begin
        #expect(canvas.lines == [
            "Fruit ────────",
            "Plums",
            "3 kinds",
            "Bread ────────",
        ])
        // guide: sections-result end
    }
}
