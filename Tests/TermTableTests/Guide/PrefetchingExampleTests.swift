import Testing
import TermTable

@Suite("Guide: prefetching and cancellation")
struct PrefetchingExampleTests {
    @Test("The prefetch data source hears of the rows ahead in the scrolling direction, and of the ones no longer expected")
    func prefetching() {
        // guide: prefetching begin
        final class Photos: TableViewDataSource, TableViewDataSourcePrefetching {
            var loading: Set<Int> = []  // rows whose slow work has started

            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000 }

            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
                cell.text = StyledText("Photo \(indexPath.row)")
                return cell
            }

            func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
                loading.formUnion(indexPaths.map(\.row))  // start loading before the rows are shown
            }

            func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
                loading.subtract(indexPaths.map(\.row))  // the user turned back: stop that work
            }
        }

        let photos = Photos()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 12, height: 3))
        table.register(TableViewCell.self, forCellReuseIdentifier: "photo")
        table.dataSource = photos
        table.prefetchDataSource = photos
        table.prefetchDistance = 2  // rows announced beyond the screen's edge
        var canvas = Canvas(width: 12, height: 3)
        table.draw(in: &canvas)  // rows 0–2 shown: 3 and 4 announced
        let goingDown = photos.loading.sorted()
        table.scroll(byLines: 10)
        table.draw(in: &canvas)  // rows 10–12 shown: 13 and 14 announced, 3 and 4 cancelled (passed by)
        table.scroll(byLines: -1)
        table.draw(in: &canvas)  // turned back: 13 and 14 cancelled, 7 and 8 announced
        // guide: prefetching end
        // guide: prefetching-result begin
        #expect(goingDown == [3, 4])
        #expect(photos.loading.sorted() == [7, 8])
        // guide: prefetching-result end
    }
}
