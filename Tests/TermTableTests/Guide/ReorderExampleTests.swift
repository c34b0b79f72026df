import Testing
import TermTable

@Suite("Guide: reorder")
struct ReorderExampleTests {
    @Test("The selected row moves as the user reorders it, the data source moves the data, and the delegate can redirect the move")
    func reorder() {
        // guide: reorder begin
        final class Playlist: TableViewDataSource, TableViewDelegate {
            var songs = ["Intro", "Blue", "Red", "Green"]

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { songs.count }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "song", for: indexPath)
                cell.text = StyledText(songs[indexPath.row])
                return cell
            }

            func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row > 0 }

            func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
                songs.insert(songs.remove(at: source.row), at: destination.row)  // the table moves the row on screen
            }

            func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                           toProposedIndexPath proposed: IndexPath) -> IndexPath {
                proposed.row == 0 ? IndexPath(row: 1, section: 0) : proposed  // "Intro" stays first
            }
        }

        let playlist = Playlist()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 10, height: 4))
        table.register(TableViewCell.self, forCellReuseIdentifier: "song")
        table.showsVerticalScrollIndicator = false
        table.dataSource = playlist
        table.delegate = playlist
        table.moveSelection(to: IndexPath(row: 3, section: 0))
        table.moveSelectedRow(by: -1)  // e.g. Shift-K: "Green" goes up one, the selection follows
        table.moveSelectedRow(by: -1)
        let refused = table.moveSelectedRow(by: -1)  // redirected to where it is: nothing moves
        var canvas = Canvas(width: 10, height: 4)
        table.draw(in: &canvas)
        // guide: reorder end
        // guide: reorder-result begin
        #expect(refused == false)
        #expect(playlist.songs == ["Intro", "Green", "Blue", "Red"])
        #expect(canvas.lines == [
            "Intro",
            "Green",
            "Blue",
            "Red",
        ])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        // guide: reorder-result end
    }

    @Test("Where the selected row would move is asked without moving it: the delegate's redirection counts, a refused move is nil")
    func destinationWithoutMoving() {
        final class Letters: TableViewDataSource, TableViewDelegate {
            var letters = ["A", "B", "C"]
            var moves = 0
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { letters.count }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "letter", for: indexPath)
                cell.text = StyledText(letters[indexPath.row])
                return cell
            }
            func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row > 0 }
            func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) { moves += 1 }
            func tableView(_ tableView: TableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                           toProposedIndexPath proposed: IndexPath) -> IndexPath {
                proposed.row == 0 ? IndexPath(row: 1, section: 0) : proposed  // "A" stays first
            }
        }
        let letters = Letters()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 10, height: 4))
        table.register(TableViewCell.self, forCellReuseIdentifier: "letter")
        table.dataSource = letters
        table.delegate = letters
        table.moveSelection(to: IndexPath(row: 2, section: 0))
        let down = table.destinationForMovingSelectedRow(by: -1)
        #expect(down?.source == IndexPath(row: 2, section: 0) && down?.destination == IndexPath(row: 1, section: 0))
        #expect(table.destinationForMovingSelectedRow(by: 1) == nil)  // past the end
        table.moveSelection(to: IndexPath(row: 1, section: 0))
        #expect(table.destinationForMovingSelectedRow(by: -1) == nil)  // redirected to where it is
        table.moveSelection(to: IndexPath(row: 0, section: 0))
        #expect(table.destinationForMovingSelectedRow(by: 1) == nil)  // cannot move
        #expect(letters.moves == 0 && table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    }
}
