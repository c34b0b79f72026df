import Testing
@testable import TermTable

/// Random batches applied to a reference model and to a table; after every batch and every
/// scroll or jump between them the screen, the highlight and the scroll position must be the model's.
@Suite("Random batch updates against a model")
struct RandomBatchUpdateTests {
    static let width = 24

    /// A table showing a model, and the model's idea of the top line and the highlight.
    struct Run {
        let seed: UInt64
        let height: Int
        var model: TableModel
        var generator: BatchUpdateGenerator
        var harness: Harness
        var top = 0
        var selected: IndexPath?
        var failure: String?
        /// The last batch and the state before it, for the failure message.
        var lastBatch = ""

        init(seed: UInt64) {
            self.seed = seed
            generator = BatchUpdateGenerator(seed: seed)
            height = seed % 2 == 0 ? 8 : 12
            var sections: [ModelSection] = []
            for _ in 0..<3 { sections.append(generator.freshSection(rows: Int.random(in: 0...10, using: &generator.rng))) }
            model = TableModel(sections: sections, tallRows: seed % 3 != 0)
            harness = Harness(ArrayDataSource([]), width: RandomBatchUpdateTests.width, height: height)
            publish()
        }

        /// Puts the model into the data source (titles, texts, heights).
        mutating func publish() {
            let source = harness.source
            source.sections = model.sections.map { $0.rows.map(\.text) }
            source.headerTitles = model.sections.map { TableModel.title(ofSection: $0.id) }
            source.footerTitles = model.sections.map { TableModel.footer(ofSection: $0.id) }
            for section in model.sections { for row in section.rows { source.heightsByText[row.text] = model.height(row) } }
        }

        var maxTop: Int { max(0, model.contentHeight - height) }

        func fail(_ step: String, _ problem: String) -> String { "seed \(seed) \(step): \(problem)\n\(lastBatch)" }

        /// Checks the screen, highlight, top line, cell count and display callbacks against the model.
        mutating func check(_ step: String) {
            guard failure == nil else { return }
            let lines = harness.screen()
            let table = harness.table
            let engineTop = table.visibleItems.first.map { model.top(of: TableModel.item($0.item))! - $0.y } ?? 0
            let expected = model.render(top: top, height: height, width: RandomBatchUpdateTests.width, selected: selected)
            var problems: [String] = []
            if table.indexPathForSelectedRow != selected { problems.append("highlight \(String(describing: table.indexPathForSelectedRow)), expected \(String(describing: selected))") }
            if engineTop != top { problems.append("top line \(engineTop), expected \(top)") }
            if lines != expected.lines || !problems.isEmpty { problems.append("screen\n\(lines.joined(separator: "\n"))\nexpected\n\(expected.lines.joined(separator: "\n"))") }
            if harness.highlightedLines != expected.highlighted { problems.append("highlighted lines \(harness.highlightedLines), expected \(expected.highlighted)") }
            if table.reuseStatistics.cellsCreated > height + 2 { problems.append("\(table.reuseStatistics.cellsCreated) cells created for \(height) lines") }
            problems += harness.displayMismatches
            if !problems.isEmpty { failure = fail(step, problems.joined(separator: "; ")) }
        }

        /// Scrolls or moves the highlight at random, predicting what is simple to predict and taking the engine's top line otherwise.
        mutating func navigate(_ step: String) {
            let table = harness.table
            let total = model.totalRows
            var expectedTop: Int?
            var revealed: (IndexPath, ScrollPosition)?
            let before = "before: top \(top), highlight \(short(selected.map { [$0] } ?? []))"
            switch Int.random(in: 0..<8, using: &generator.rng) {
            case 0:
                let lines = Int.random(in: -height...height, using: &generator.rng)
                table.scroll(byLines: lines)
                lastBatch = "\(before); scroll(byLines: \(lines))"
                expectedTop = min(max(0, top + lines), maxTop)
            case 1 where total > 0:
                let delta = Int.random(in: 1...4, using: &generator.rng) * (generator.rng.chance(0.5) ? 1 : -1)
                table.moveSelection(by: delta)
                lastBatch = "\(before); moveSelection(by: \(delta))"
                let flat = selected.map { model.flatIndex(of: $0) + delta } ?? (delta > 0 ? 0 : total - 1)
                selected = model.indexPath(forFlatIndex: min(max(0, flat), total - 1))
                revealed = (selected!, .none)
            case 2 where total > 0:
                if generator.rng.chance(0.5) { table.moveSelectionToFirstRow() } else { table.moveSelectionToLastRow() }
                lastBatch = "\(before); moveSelectionToFirstRow/LastRow"
                selected = table.indexPathForSelectedRow
                revealed = (selected!, .none)
            case 3 where total > 0:
                let row = model.indexPath(forFlatIndex: Int.random(in: 0..<total, using: &generator.rng))!
                let position = [ScrollPosition.top, .middle, .bottom, .none].randomElement(using: &generator.rng)!
                table.scrollToRow(at: row, at: position)
                lastBatch = "\(before); scrollToRow(at: \(short([row])), at: \(position))"
                revealed = (row, position)
            case 4:
                selected = total > 0 && generator.rng.chance(0.8)
                    ? model.indexPath(forFlatIndex: Int.random(in: 0..<total, using: &generator.rng)) : nil
                table.selectRow(at: selected, scrollPosition: .none)
                lastBatch = "\(before); selectRow(at: \(short(selected.map { [$0] } ?? [])))"
                expectedTop = top
            case 5 where total > 0:
                let lines = (generator.rng.chance(0.5) ? 1 : -1) * (generator.rng.chance(0.5) ? height - 1 : height / 2)
                table.moveSelection(byLines: lines)
                lastBatch = "\(before); moveSelection(byLines: \(lines))"
                selected = table.indexPathForSelectedRow
            case 6:
                table.reloadData()
                expectedTop = top
                lastBatch = "\(before); reloadData()"
            default:
                expectedTop = top
                lastBatch = "\(before); no navigation"
            }
            table.layoutIfNeeded()
            let engineTop = table.visibleItems.first.map { model.top(of: TableModel.item($0.item))! - $0.y } ?? 0
            if let expectedTop, engineTop != expectedTop {
                failure = fail(step, "top line \(engineTop) after scrolling, expected \(expectedTop)")
            } else if engineTop < 0 || engineTop > maxTop {
                failure = fail(step, "top line \(engineTop) outside 0...\(maxTop)")
            } else if let (row, position) = revealed {
                let rowTop = model.top(of: .row(row))!, rowHeight = model.height(model.row(row))
                let pinned = min(max(0, height - rowHeight), TableModel.title(ofSection: model.sections[row.section].id) == nil ? 0 : 1)
                let y = rowTop - engineTop
                let clamped = engineTop == 0 || engineTop == maxTop
                let placed: Bool
                switch position {
                case .top: placed = y == pinned || engineTop == maxTop
                case .middle: placed = y == max(pinned, (height - rowHeight) / 2) || clamped
                case .bottom: placed = y + rowHeight == height || engineTop == 0
                case .none: placed = y >= pinned && y + rowHeight <= height
                }
                if !placed { failure = fail(step, "row \(row) at line \(y) after scrolling it to \(position) (top \(engineTop))") }
            }
            top = engineTop
            check(step)
        }

        /// Applies one random batch to the model and the table, predicting the highlight and the top line.
        mutating func update(_ step: String) {
            let old = model
            let oldLayout = old.layout()
            let batch = generator.makeBatch(from: old)
            lastBatch = "before: top \(top), highlight \(short(selected.map { [$0] } ?? [])), sections "
                + old.sections.map { "\($0.id):\($0.rows.map(\.text))" }.joined(separator: " ")
                + "\nbatch: sections -\(batch.deletedSections) +\(batch.insertedSections) ~\(batch.reloadedSections) moved \(batch.movedSections); "
                + "rows -\(short(batch.deletedRows)) +\(short(batch.insertedRows)) ~\(short(batch.reloadedRows)) "
                + "reconfigured \(short(batch.reconfiguredRows)) moved \(batch.movedRows.map { short([$0.from]) + ">" + short([$0.to]) })"
            model.sections = batch.after
            publish()
            let oldRowCount = { (section: Int) in old.sections[section].rows.count }

            var newSelected: IndexPath?
            if let selected {
                newSelected = batch.newIndexPath(forOld: selected) ?? batch.replacement(forVanished: selected, oldRowCount: oldRowCount(selected.section))
                if newSelected == nil, model.totalRows > 0 {
                    // Its whole section went: the same position counting all rows, clamped.
                    newSelected = model.indexPath(forFlatIndex: min(old.flatIndex(of: selected), model.totalRows - 1))
                }
            }

            // The item at the top follows its row or section; a vanished one gives way to what takes its place.
            func inPlaceOf(section: Int) -> ModelItem? {
                guard !model.sections.isEmpty else { return nil }
                let target = batch.newSectionForOld[section] ?? min(section, model.sections.count - 1)
                return model.firstItem(inOrAfter: target) ?? model.layout().last?.item
            }
            var anchor: (item: ModelItem?, offset: Int) = (nil, 0)
            var survivingTopRow: (IndexPath, Int)?
            if let first = oldLayout.first(where: { top >= $0.top && top < $0.top + $0.height }) {
                let offset = top - first.top
                switch first.item {
                case .row(let path):
                    if let new = batch.newIndexPath(forOld: path) {
                        anchor = (.row(new), offset)
                        survivingTopRow = (new, offset)
                    } else if let new = batch.replacement(forVanished: path, oldRowCount: oldRowCount(path.section)) {
                        anchor = (.row(new), 0)
                    } else {
                        anchor = (inPlaceOf(section: path.section), 0)
                    }
                case .header(let section):
                    anchor = batch.newSectionForOld[section].map { (.header($0), offset) } ?? (inPlaceOf(section: section), 0)
                case .footer(let section):
                    anchor = batch.newSectionForOld[section].map { (.footer($0), offset) } ?? (inPlaceOf(section: section), 0)
                }
            }
            var newTop = min(max(0, anchor.item.map { model.top(of: $0)! + anchor.offset } ?? 0), maxTop)
            let unmoved = newTop
            // A highlight that was fully visible stays fully visible (as little scrolling as needed).
            if let selected, let newSelected, let oldRowTop = old.top(of: .row(selected)),
               oldRowTop - top >= 0, oldRowTop - top + old.height(old.row(selected)) <= height {
                let rowTop = model.top(of: .row(newSelected))!, rowHeight = model.height(model.row(newSelected))
                let pinned = min(max(0, height - rowHeight), TableModel.title(ofSection: model.sections[newSelected.section].id) == nil ? 0 : 1)
                let y = rowTop - newTop
                if y < pinned { newTop = rowTop - pinned } else if y + rowHeight > height { newTop = rowTop - (height - rowHeight) }
                newTop = min(max(0, newTop), maxTop)
            }

            do {
                try generator.tell(harness.table, batch)
            } catch {
                failure = fail(step, "a consistent batch was refused: \(error)")
                return
            }
            top = newTop
            selected = newSelected
            harness.table.layoutIfNeeded()
            if let (row, offset) = survivingTopRow, offset < model.height(model.row(row)), newTop == unmoved,
               newTop == model.top(of: .row(row))! + offset {
                let first = harness.table.visibleItems.first
                if first?.item != .row(row) || first?.y != -offset {
                    failure = fail(step, "the first visible row \(row) (offset \(offset)) did not stay put: top item \(String(describing: first))")
                }
            }
            check(step)
        }
    }

    /// A failure names its seed, batch and the operations; each seed's run is deterministic, so rerunning replays it.
    @Test("Thousands of random row and section batches keep the screen, highlight and scroll position equal to the model",
          arguments: [UInt64(1), 2, 3, 4, 5, 6])  // 3,000 batches
    func randomBatches(seed: UInt64) {
        var run = Run(seed: seed)
        run.check("start")
        for batch in 0..<500 where run.failure == nil {
            run.navigate("batch \(batch) (navigation before)")
            if run.failure == nil { run.update("batch \(batch)") }
        }
        if let failure = run.failure { Issue.record("\(failure)") }
    }
}

/// Index paths as "section.row", short enough for failure messages.
private func short(_ paths: [IndexPath]) -> String { paths.map { "\($0.section).\($0.row)" }.joined(separator: ",") }
