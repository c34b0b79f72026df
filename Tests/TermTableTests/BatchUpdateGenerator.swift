@testable import TermTable
import TickTesting

/// Makes random old→new transformations of a `TableModel` and tells a table about them with
/// UIKit's index semantics, so the operations are always consistent with the data.
struct BatchUpdateGenerator {
    var rng: SplitMix64
    var nextID = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func freshRows(_ count: Int) -> [ModelRow] {
        (0..<count).map { _ in nextID += 1; return ModelRow(id: nextID) }
    }

    mutating func freshSection(rows: Int) -> ModelSection {
        nextID += 1
        return ModelSection(id: nextID, rows: freshRows(rows))
    }

    /// A random transformation: row edits only, section edits only, or both mixed in one batch.
    mutating func makeBatch(from model: TableModel) -> GeneratedBatch {
        let old = model.sections
        let kind = Int.random(in: 0..<10, using: &rng)
        let sectionEdits = kind >= 6, rowEdits = kind < 6 || kind >= 8
        let crowded = model.totalRows > 50

        var deleted = Set<Int>(), reloaded = Set<Int>(), moved = Set<Int>()
        if sectionEdits {
            for section in old.indices {
                let roll = Double.random(in: 0..<1, using: &rng)
                if roll < (crowded ? 0.3 : 0.12), old.count > 1 { deleted.insert(section) }
                else if roll < 0.35 { reloaded.insert(section) }
                else if roll < 0.5 { moved.insert(section) }
            }
        }
        let inserted = sectionEdits ? Int.random(in: 0...(old.count >= 6 ? 0 : old.count < 2 ? 2 : 1), using: &rng) : 0

        // The new order of sections: survivors keep their order; moved and inserted ones land anywhere.
        enum Slot { case old(Int), new(ModelSection) }
        var order: [Slot] = old.indices.filter { !deleted.contains($0) && !moved.contains($0) }.map { .old($0) }
        var floating: [Slot] = moved.sorted().map { .old($0) }
        for _ in 0..<inserted { floating.append(.new(freshSection(rows: Int.random(in: 0...5, using: &rng)))) }
        for slot in floating.shuffled(using: &rng) { order.insert(slot, at: Int.random(in: 0...order.count, using: &rng)) }

        var batch = GeneratedBatch()
        batch.newSectionForOld = Array(repeating: nil, count: old.count)
        batch.deletedSections = deleted.sorted()
        batch.reloadedSections = reloaded.sorted()
        var tracked: [Int] = []  // new sections whose rows are accounted one by one
        for (position, slot) in order.enumerated() {
            switch slot {
            case .new(let section):
                batch.after.append(section)
                batch.insertedSections.append(position)
            case .old(let index):
                batch.newSectionForOld[index] = position
                if moved.contains(index) { batch.movedSections.append((index, position)) }
                if reloaded.contains(index) {
                    batch.after.append(ModelSection(id: old[index].id, rows: freshRows(Int.random(in: 0...8, using: &rng))))
                } else {
                    batch.after.append(ModelSection(id: old[index].id, rows: []))
                    tracked.append(position)
                }
            }
        }

        // Rows of sections that keep theirs: each stays (perhaps reloaded or reconfigured), goes, or moves anywhere tracked.
        enum Arrival { case survivor(old: IndexPath, row: ModelRow), moved(from: IndexPath, row: ModelRow), inserted(ModelRow) }
        var arrivals: [Int: [Arrival]] = [:]
        var movedIn: [Int: [Arrival]] = [:]
        for position in tracked {
            guard case .old(let index) = order[position] else { continue }
            for (row, value) in old[index].rows.enumerated() {
                let path = IndexPath(row: row, section: index)
                let roll = rowEdits ? Double.random(in: 0..<1, using: &rng) : 1
                if roll < (crowded ? 0.3 : 0.12) {
                    batch.rowFates[path] = .deleted
                    batch.deletedRows.append(path)
                } else if roll < (crowded ? 0.38 : 0.2) {
                    let destination = tracked.randomElement(using: &rng)!
                    movedIn[destination, default: []].append(.moved(from: path, row: value))
                } else {
                    var value = value
                    if roll < (crowded ? 0.43 : 0.25) {
                        batch.reloadedRows.append(path); value.version += 1
                    } else if roll < (crowded ? 0.48 : 0.3) {
                        batch.reconfiguredRows.append(path); value.version += 1
                    }
                    arrivals[position, default: []].append(.survivor(old: path, row: value))
                }
            }
        }
        for position in tracked {
            var rows = arrivals[position] ?? []
            var newcomers = movedIn[position] ?? []
            if rowEdits { newcomers += freshRows(Int.random(in: 0...(crowded ? 1 : 3), using: &rng)).map { .inserted($0) } }
            for newcomer in newcomers.shuffled(using: &rng) { rows.insert(newcomer, at: Int.random(in: 0...rows.count, using: &rng)) }
            for (row, arrival) in rows.enumerated() {
                let path = IndexPath(row: row, section: position)
                switch arrival {
                case .survivor(let old, let value):
                    batch.rowFates[old] = .stays(path); batch.after[position].rows.append(value)
                case .moved(let from, let value):
                    batch.rowFates[from] = .moved(path); batch.movedRows.append((from, path)); batch.after[position].rows.append(value)
                case .inserted(let value):
                    batch.insertedRows.append(path); batch.after[position].rows.append(value)
                }
            }
        }
        return batch
    }

    /// Tells the table about a batch whose data the data source already holds: one call per kind
    /// in random order, sometimes split into several calls; a lone kind is sometimes told outside a batch.
    mutating func tell(_ table: TableView, _ batch: GeneratedBatch) throws {
        var calls: [() throws -> Void] = []
        func add<T>(_ items: [T], _ call: @escaping ([T]) throws -> Void) {
            guard !items.isEmpty else { return }
            if items.count > 1, rng.chance(0.3) {
                let cut = Int.random(in: 1..<items.count, using: &rng)
                calls.append { try call(Array(items[..<cut])) }
                calls.append { try call(Array(items[cut...])) }
            } else {
                calls.append { try call(items) }
            }
        }
        add(batch.deletedSections) { try table.deleteSections($0) }
        add(batch.insertedSections) { try table.insertSections($0) }
        add(batch.reloadedSections) { try table.reloadSections($0) }
        add(batch.movedSections) { moves in for move in moves { try table.moveSection(move.from, toSection: move.to) } }
        add(batch.deletedRows) { try table.deleteRows(at: $0) }
        add(batch.insertedRows) { try table.insertRows(at: $0) }
        add(batch.reloadedRows) { try table.reloadRows(at: $0) }
        add(batch.reconfiguredRows) { try table.reconfigureRows(at: $0) }
        add(batch.movedRows) { moves in for move in moves { try table.moveRow(at: move.from, to: move.to) } }
        calls.shuffle(using: &rng)
        if calls.count == 1, batch.movedSections.count + batch.movedRows.count <= 1, rng.chance(0.5) {
            try calls[0]()
        } else {
            try table.performBatchUpdates { for call in calls { try call() } }
        }
    }
}
