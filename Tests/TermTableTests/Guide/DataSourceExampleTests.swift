import Testing
import TermTable

@Suite("Guide: data source and delegate")
struct DataSourceExampleTests {
    @Test("A data source fills the rows and the delegate hears the selected row's primary action")
    func dataSourceAndDelegate() {
        // guide: data-source begin
        final class Planets: TableViewDataSource, TableViewDelegate {
            let names = ["Mercury", "Venus", "Earth", "Mars"]
            var opened: [String] = []

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "planet", for: indexPath)
                cell.text = StyledText(names[indexPath.row])
                cell.accessoryType = .disclosureIndicator
                return cell
            }

            func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
                opened.append(names[indexPath.row])
            }
        }

        let planets = Planets()  // the table holds it weakly, as UIKit does: keep it alive yourself
        let table = TableView(frame: Rect(x: 0, y: 0, width: 16, height: 3))
        table.register(TableViewCell.self, forCellReuseIdentifier: "planet")
        table.dataSource = planets
        table.delegate = planets
        table.moveSelection(by: 1)  // a key press: selects the first row
        table.moveSelection(by: 1)  // and the next one
        table.performPrimaryActionForSelectedRow()  // Enter: didSelectRowAt(row 1)
        var canvas = Canvas(width: 16, height: 3)
        table.draw(in: &canvas)
        // guide: data-source end
        // guide: data-source-result begin
        #expect(planets.opened == ["Venus"])
        #expect(canvas.lines == [
            "Mercury       ›┃",
            "Venus         ›┃",
            "Earth         ›│",
        ])
        #expect((0..<3).filter { canvas[0, $0].style.attributes.contains(.reverse) } == [1])  // reverse video
        // guide: data-source-result end
    }
}
