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
        // Rows are handled as runs (a single row is a run of one), so a run of 10,000 rows deleted or
        // inserted costs what one row does: no set or list of its rows is ever built.
        var deletedRuns: [Int: [Range<Int>]] = [:]
        for run in update.allDeletedRuns where !run.rows.isEmpty {
            try checkOld(run, verb: "delete", preposition: "from")
            guard keepsRows(oldSection: run.section) else { continue }
            deletedRuns[run.section, default: []].append(run.rows)
        }
        var deleted: [Int: RowRuns] = [:]
        for (section, runs) in deletedRuns {
            if let row = RowRuns.firstRepeatedRow(in: runs) {
                throw Self.fail("attempt to delete row \(row) from section \(section) twice")
            }
            deleted[section] = RowRuns(runs)
        }
        func isDeleted(_ indexPath: IndexPath) -> Bool { deleted[indexPath.section]?.contains(indexPath.row) ?? false }
        for indexPath in update.reloadedRows {
            try checkOld(indexPath, verb: "reload", preposition: "from")
            guard !isDeleted(indexPath) else { throw Self.fail("attempt to delete and reload the same index path (\(indexPath))") }
            reloadedRows.insert(indexPath)
        }
        for indexPath in update.reconfiguredRows {
            try checkOld(indexPath, verb: "reconfigure", preposition: "from")
            guard !isDeleted(indexPath) else { throw Self.fail("attempt to delete and reconfigure the same index path (\(indexPath))") }
            guard !reloadedRows.contains(indexPath) else { throw Self.fail("attempt to reload and reconfigure the same index path (\(indexPath))") }
            reconfiguredRows.insert(indexPath)
        }
        var insertedRuns: [Int: [Range<Int>]] = [:]
        for run in update.allInsertedRuns where !run.rows.isEmpty {
            try checkNew(run, verb: "insert")
            guard tracksRows(newSection: run.section) else { continue }
            insertedRuns[run.section, default: []].append(run.rows)
        }
        var inserted: [Int: RowRuns] = [:]
        for (section, runs) in insertedRuns {
            if let row = RowRuns.firstRepeatedRow(in: runs) {
                throw Self.fail("attempt to insert row \(row) into section \(section) twice")
            }
            inserted[section] = RowRuns(runs)
        }
        var movedFrom: [Int: [Range<Int>]] = [:], movedInto: [Int: [Range<Int>]] = [:]
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
            guard !isDeleted(move.from) else {
                throw Self.fail("attempt to perform a delete and a move from the same index path (\(move.from))")
            }
            guard !reloadedRows.contains(move.from) else {
                throw Self.fail("attempt to perform a reload and a move from the same index path (\(move.from))")
            }
            guard !(inserted[move.to.section]?.contains(move.to.row) ?? false) else {
                throw Self.fail("attempt to perform an insert and a move to the same index path (\(move.to))")
            }
            guard moveDestinations[move.from] == nil else { throw Self.fail("attempt to move the same index path twice (\(move.from))") }
            guard movedTo.insert(move.to).inserted else { throw Self.fail("attempt to move two rows to the same index path (\(move.to))") }
            moveDestinations[move.from] = move.to
            movedFrom[move.from.section, default: []].append(move.from.row..<(move.from.row + 1))
            movedInto[oldSectionForNew[move.to.section]!, default: []].append(move.to.row..<(move.to.row + 1))
        }
        // Edits are keyed by old section; inserts were collected by new section.
        var removedRuns = deletedRuns
        for (section, runs) in movedFrom { removedRuns[section, default: []] += runs }
        var addedRuns: [Int: [Range<Int>]] = [:]
        for (section, runs) in insertedRuns { addedRuns[oldSectionForNew[section]!, default: []] += runs }
        for (section, runs) in movedInto { addedRuns[section, default: []] += runs }
        for section in Set(removedRuns.keys).union(addedRuns.keys) {
            edits[section] = SectionRowEdits(removed: RowRuns(removedRuns[section] ?? []), added: RowRuns(addedRuns[section] ?? []))
        }
    }

    private func checkOld(_ run: RowRun, verb: String, preposition: String) throws(TableUpdateError) {
        try checkOld(IndexPath(row: run.rows.lowerBound, section: run.section), verb: verb, preposition: preposition)
        try checkOld(IndexPath(row: run.rows.upperBound - 1, section: run.section), verb: verb, preposition: preposition)
    }

    private func checkNew(_ run: RowRun, verb: String) throws(TableUpdateError) {
        try checkNew(IndexPath(row: run.rows.lowerBound, section: run.section), verb: verb)
        try checkNew(IndexPath(row: run.rows.upperBound - 1, section: run.section), verb: verb)
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
            let deleted = update.deletedRows.count { $0.section == oldSection }
                + update.deletedRowRuns.reduce(0) { $0 + ($1.section == oldSection ? $1.rows.count : 0) }
            let inserted = update.insertedRows.count { $0.section == newSection }
                + update.insertedRowRuns.reduce(0) { $0 + ($1.section == newSection ? $1.rows.count : 0) }
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
        // Runs of removed rows are skipped whole (they are merged where they touch): no walk row by row.
        if let edits = edits[indexPath.section] {
            var next = indexPath.row + 1
            if let run = edits.removed.run(containing: next) { next = run.upperBound }
            if next < before[indexPath.section] { return newIndexPath(forOld: IndexPath(row: next, section: indexPath.section)) }
            var previous = indexPath.row - 1
            if let run = edits.removed.run(containing: previous) { previous = run.lowerBound - 1 }
            if previous >= 0 { return newIndexPath(forOld: IndexPath(row: previous, section: indexPath.section)) }
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
