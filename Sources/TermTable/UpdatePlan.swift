/// A checked batch update: verified against the data source's counts before and after, and
/// able to say where every old row went.
///
/// `TableView.apply(_:)` remaps each piece of the table's state through the plan with one call
/// (`selection = selection.remapped(by: plan)`; `viewport.remapped(by:in:)` also takes the new
/// `SectionMetrics`). Each `remapped(by:)` is a pure function of the value and the plan: deleted
/// rows go, a reloaded row closes its swipe and forgets its height, a reconfigured row keeps its
/// swipe but forgets its height, and a deleted selected row is replaced by the next row, else the
/// previous one. Only the on-screen cells are remapped by hand, because a cell leaving the screen
/// calls `didEndDisplaying`. The value types' tests share the cases in `RemapCases.swift`.
struct UpdatePlan {
    let before: [Int]
    let after: [Int]
    /// New index of each old section, nil when deleted.
    private(set) var newSectionForOld: [Int?]
    /// Old index of each new section, nil when inserted.
    private(set) var oldSectionForNew: [Int?]
    private(set) var reloadedSections: Set<Int> = []
    /// Row edits per old section that survives (not deleted, not reloaded).
    private(set) var edits: [Int: SectionRowEdits] = [:]
    private(set) var moveDestinations: [IndexPath: IndexPath] = [:]
    private(set) var reloadedRows: Set<IndexPath> = []
    private(set) var reconfiguredRows: Set<IndexPath> = []

    /// Checks `update` the way UIKit does and prepares the mapping; throws UIKit's message on the first problem.
    init(before: [Int], after: [Int], update: BatchUpdate) throws(TableUpdateError) {
        self.before = before
        self.after = after
        newSectionForOld = Array(repeating: nil, count: before.count)
        oldSectionForNew = Array(repeating: nil, count: after.count)
        try planSections(update)
        try planRows(update)
        try checkRowCounts(update)
    }

    private static func fail(_ message: String) -> TableUpdateError { .invalidOperation(message) }

    // MARK: Sections

    private mutating func planSections(_ update: BatchUpdate) throws(TableUpdateError) {
        // The usual update touches rows only: every section keeps its index (no sets to build).
        if update.deletedSections.isEmpty, update.insertedSections.isEmpty, update.reloadedSections.isEmpty,
           update.movedSections.isEmpty {
            guard after.count == before.count else {
                throw .invalidNumberOfSections(after: after.count, before: before.count, inserted: 0, deleted: 0)
            }
            newSectionForOld = before.indices.map { $0 }
            oldSectionForNew = newSectionForOld
            return
        }
        var deleted = Set<Int>(), inserted = Set<Int>()
        for section in update.deletedSections {
            guard section >= 0, section < before.count else {
                throw Self.fail("attempt to delete section \(section), but there are only \(before.count) sections before the update")
            }
            guard deleted.insert(section).inserted else { throw Self.fail("attempt to delete section \(section) twice") }
        }
        for section in update.insertedSections {
            guard section >= 0, section < after.count else {
                throw Self.fail("attempt to insert section \(section) but there are only \(after.count) sections after the update")
            }
            guard inserted.insert(section).inserted else { throw Self.fail("attempt to insert section \(section) twice") }
        }
        for section in update.reloadedSections {
            guard section >= 0, section < before.count else {
                throw Self.fail("attempt to reload section \(section), but there are only \(before.count) sections before the update")
            }
            guard !deleted.contains(section) else { throw Self.fail("attempt to delete and reload the same section (\(section))") }
            reloadedSections.insert(section)
        }
        var movedFrom = [Int: Int](), movedTo = Set<Int>()
        for move in update.movedSections {
            guard move.from >= 0, move.from < before.count else {
                throw Self.fail("attempt to move section \(move.from), but there are only \(before.count) sections before the update")
            }
            guard move.to >= 0, move.to < after.count else {
                throw Self.fail("attempt to move section \(move.from) to section \(move.to), but there are only \(after.count) sections after the update")
            }
            guard !deleted.contains(move.from) else { throw Self.fail("attempt to delete and move the same section (\(move.from))") }
            guard !inserted.contains(move.to) else { throw Self.fail("attempt to insert and move to the same section (\(move.to))") }
            guard movedFrom[move.from] == nil else { throw Self.fail("attempt to move section \(move.from) twice") }
            guard movedTo.insert(move.to).inserted else { throw Self.fail("attempt to move two sections to section \(move.to)") }
            movedFrom[move.from] = move.to
        }
        let expected = before.count - deleted.count + inserted.count
        guard after.count == expected else {
            throw .invalidNumberOfSections(after: after.count, before: before.count, inserted: inserted.count, deleted: deleted.count)
        }
        // Sections that stay fill, in order, the new slots not taken by inserts and move targets.
        let survivors = (0..<before.count).filter { !deleted.contains($0) && movedFrom[$0] == nil }
        let freeSlots = (0..<after.count).filter { !inserted.contains($0) && !movedTo.contains($0) }
        for (old, new) in zip(survivors, freeSlots) {
            newSectionForOld[old] = new
            oldSectionForNew[new] = old
        }
        for (old, new) in movedFrom {
            newSectionForOld[old] = new
            oldSectionForNew[new] = old
        }
    }

    /// Whether an old section keeps its rows (it is neither deleted nor reloaded).
    private func keepsRows(oldSection section: Int) -> Bool {
        newSectionForOld[section] != nil && !reloadedSections.contains(section)
    }

    /// Whether a new section's rows are accounted row by row (it is neither inserted nor reloaded).
    private func tracksRows(newSection section: Int) -> Bool {
        guard let old = oldSectionForNew[section] else { return false }
        return !reloadedSections.contains(old)
    }

    // MARK: Rows

    private mutating func planRows(_ update: BatchUpdate) throws(TableUpdateError) {
        var deleted = Set<IndexPath>()
        for indexPath in update.deletedRows {
            try checkOld(indexPath, verb: "delete", preposition: "from")
            guard keepsRows(oldSection: indexPath.section) else { continue }
            guard deleted.insert(indexPath).inserted else {
                throw Self.fail("attempt to delete row \(indexPath.row) from section \(indexPath.section) twice")
            }
            edits[indexPath.section, default: SectionRowEdits()].removed.append(indexPath.row)
        }
        for indexPath in update.reloadedRows {
            try checkOld(indexPath, verb: "reload", preposition: "from")
            guard !deleted.contains(indexPath) else { throw Self.fail("attempt to delete and reload the same index path (\(indexPath))") }
            reloadedRows.insert(indexPath)
        }
        for indexPath in update.reconfiguredRows {
            try checkOld(indexPath, verb: "reconfigure", preposition: "from")
            guard !deleted.contains(indexPath) else { throw Self.fail("attempt to delete and reconfigure the same index path (\(indexPath))") }
            guard !reloadedRows.contains(indexPath) else { throw Self.fail("attempt to reload and reconfigure the same index path (\(indexPath))") }
            reconfiguredRows.insert(indexPath)
        }
        var inserted = Set<IndexPath>()
        for indexPath in update.insertedRows {
            try checkNew(indexPath, verb: "insert")
            guard tracksRows(newSection: indexPath.section) else { continue }
            guard inserted.insert(indexPath).inserted else {
                throw Self.fail("attempt to insert row \(indexPath.row) into section \(indexPath.section) twice")
            }
            edits[oldSectionForNew[indexPath.section]!, default: SectionRowEdits()].added.append(indexPath.row)
        }
        var movedTo = Set<IndexPath>()
        for move in update.movedRows {
            try checkOld(move.from, verb: "move", preposition: "from")
            try checkNew(move.to, verb: "move")
            guard keepsRows(oldSection: move.from.section) else {
                throw Self.fail("attempt to move a row out of section \(move.from.section), which is being deleted or reloaded")
            }
            guard tracksRows(newSection: move.to.section) else {
                throw Self.fail("attempt to move a row into section \(move.to.section), which is being inserted or reloaded")
            }
            guard !deleted.contains(move.from) else {
                throw Self.fail("attempt to perform a delete and a move from the same index path (\(move.from))")
            }
            guard !reloadedRows.contains(move.from) else {
                throw Self.fail("attempt to perform a reload and a move from the same index path (\(move.from))")
            }
            guard !inserted.contains(move.to) else {
                throw Self.fail("attempt to perform an insert and a move to the same index path (\(move.to))")
            }
            guard moveDestinations[move.from] == nil else { throw Self.fail("attempt to move the same index path twice (\(move.from))") }
            guard movedTo.insert(move.to).inserted else { throw Self.fail("attempt to move two rows to the same index path (\(move.to))") }
            moveDestinations[move.from] = move.to
            edits[move.from.section, default: SectionRowEdits()].removed.append(move.from.row)
            edits[oldSectionForNew[move.to.section]!, default: SectionRowEdits()].added.append(move.to.row)
        }
        for key in edits.keys {
            edits[key]!.removed.sort()
            edits[key]!.added.sort()
        }
    }

    private func checkOld(_ indexPath: IndexPath, verb: String, preposition: String) throws(TableUpdateError) {
        guard indexPath.section >= 0, indexPath.section < before.count else {
            throw Self.fail("attempt to \(verb) row \(indexPath.row) \(preposition) section \(indexPath.section), but there are only \(before.count) sections before the update")
        }
        let rows = before[indexPath.section]
        guard indexPath.row >= 0, indexPath.row < rows else {
            throw Self.fail("attempt to \(verb) row \(indexPath.row) \(preposition) section \(indexPath.section) which only contains \(rows) rows before the update")
        }
    }

    private func checkNew(_ indexPath: IndexPath, verb: String) throws(TableUpdateError) {
        guard indexPath.section >= 0, indexPath.section < after.count else {
            throw Self.fail("attempt to \(verb) row \(indexPath.row) into section \(indexPath.section), but there are only \(after.count) sections after the update")
        }
        let rows = after[indexPath.section]
        guard indexPath.row >= 0, indexPath.row < rows else {
            throw Self.fail("attempt to \(verb) row \(indexPath.row) into section \(indexPath.section), but there are only \(rows) rows in section \(indexPath.section) after the update")
        }
    }

    private func checkRowCounts(_ update: BatchUpdate) throws(TableUpdateError) {
        for newSection in after.indices where tracksRows(newSection: newSection) {
            let oldSection = oldSectionForNew[newSection]!
            let deleted = update.deletedRows.filter { $0.section == oldSection }.count
            let inserted = update.insertedRows.filter { $0.section == newSection }.count
            let movedIn = update.movedRows.filter { $0.to.section == newSection && $0.from.section != oldSection }.count
            let movedOut = update.movedRows.filter { $0.from.section == oldSection && $0.to.section != newSection }.count
            let expected = before[oldSection] - deleted + inserted + movedIn - movedOut
            guard after[newSection] == expected else {
                throw .invalidNumberOfRows(section: newSection, after: after[newSection], before: before[oldSection],
                                           inserted: inserted, deleted: deleted, movedIn: movedIn, movedOut: movedOut)
            }
        }
    }

    // MARK: Mapping old rows to new ones

    /// Where an old row is after the update, or nil when it was deleted (or its section was).
    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section >= 0, indexPath.section < before.count, let section = newSectionForOld[indexPath.section] else { return nil }
        if reloadedSections.contains(indexPath.section) {
            return indexPath.row < after[section] ? IndexPath(row: indexPath.row, section: section) : nil
        }
        if let destination = moveDestinations[indexPath] { return destination }
        let edits = self.edits[indexPath.section] ?? SectionRowEdits()
        if edits.isRemoved(indexPath.row) { return nil }
        return IndexPath(row: edits.newRow(forOld: indexPath.row), section: section)
    }

    /// The row that takes the place of a deleted one: the next surviving row of its section, else the previous.
    func replacement(forDeleted indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section >= 0, indexPath.section < before.count, let section = newSectionForOld[indexPath.section] else { return nil }
        // A reloaded section has no row edits (all its rows are new): only the row number clamped below applies.
        if let edits = edits[indexPath.section] {
            var next = indexPath.row + 1
            while next < before[indexPath.section] {
                if !edits.isRemoved(next) { return newIndexPath(forOld: IndexPath(row: next, section: indexPath.section)) }
                next += 1
            }
            var previous = indexPath.row - 1
            while previous >= 0 {
                if !edits.isRemoved(previous) { return newIndexPath(forOld: IndexPath(row: previous, section: indexPath.section)) }
                previous -= 1
            }
        }
        return after[section] > 0 ? IndexPath(row: min(indexPath.row, after[section] - 1), section: section) : nil
    }

    /// Whether an old row's cell must be replaced by a fresh dequeue (reloaded row or section).
    func needsFreshCell(forOld indexPath: IndexPath) -> Bool {
        reloadedRows.contains(indexPath) || reloadedSections.contains(indexPath.section)
    }

    /// Whether an old row's cell is reconfigured in place.
    func isReconfigured(_ indexPath: IndexPath) -> Bool { reconfiguredRows.contains(indexPath) }

    /// The new index of an old section, nil when deleted.
    func newSection(forOld section: Int) -> Int? {
        section >= 0 && section < newSectionForOld.count ? newSectionForOld[section] : nil
    }

    /// Whether an old section was reloaded.
    func isReloaded(section: Int) -> Bool { reloadedSections.contains(section) }
}
