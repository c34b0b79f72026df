import Testing
import TermTable

// The example of Sources/TermTable/README.md, kept compiling and checked.

private final class DotCell: TableViewCell {
    var color = Color.green { didSet { setNeedsDisplay() } }
    override func draw(in canvas: inout Canvas) {
        canvas.draw("●", at: Point(x: 0, y: 0), style: Style(foreground: color))
        canvas.draw(text, at: Point(x: 2, y: 0), maxWidth: canvas.width - 2, truncation: .ellipsis)
        drawSelection(in: &canvas)
    }
}

private final class Planets: TableViewDataSource, TableViewDelegate {
    let names = ["Mercury", "Venus", "Earth", "Mars"]
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "dot", for: indexPath) as! DotCell
        cell.text = StyledText(names[indexPath.row])
        cell.color = indexPath.row == 2 ? .blue : .red
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Planets" }
}

@Test("The TermTable README example draws a header, three rows and a scroll indicator")
func readmeExample() {
    let planets = Planets()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 4))
    table.register(DotCell.self, forCellReuseIdentifier: "dot")
    table.dataSource = planets
    table.delegate = planets
    table.moveSelection(by: 1)
    var canvas = Canvas(width: 20, height: 4)
    table.draw(in: &canvas)
    #expect(canvas.lines == [
        "Planets ───────────┃",
        "● Mercury          ┃",
        "● Venus            ┃",
        "● Earth            │",
    ])
    #expect(canvas[0, 1].style.attributes.contains(.reverse))
    #expect(canvas[0, 3].style.foreground == .blue)
}
