import Testing
@testable import TermTable

/// One batch update over a small table, described twice: as the table is told it, and as the rows' names
/// before and after. Where an old row went is read from the names, not from `UpdatePlan`, so the tests of
/// each state's `remapped(by:)` check the plan's mapping instead of repeating it.
struct RemapCase: Sendable, CustomTestStringConvertible {
    let name: String
    let after: [[String]]
    let tell: @Sendable (inout BatchUpdate) -> Void
    /// Old rows whose content changed in place (reloaded or reconfigured): they keep their index path.
    var changed: Set<String> = []
    /// The new index of each old section, nil when deleted (written out by hand, as sections have no names).
    var sections: [Int?] = [0, 1]
    /// Those of `changed` that were reloaded (a fresh cell), not reconfigured (the same cell).
    var reloaded: Set<String> = []
    var testDescription: String { name }

    /// Before every case: section 0 holds a0…a4, section 1 holds b0…b2.
    static let before = [["a0", "a1", "a2", "a3", "a4"], ["b0", "b1", "b2"]]
    static func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    /// The checked plan of this update.
    func plan() throws -> UpdatePlan {
        var update = BatchUpdate()
        tell(&update)
        return try UpdatePlan(before: Self.before.map(\.count), after: after.map(\.count), update: update)
    }

    /// Every old row.
    static var oldRows: [IndexPath] {
        before.indices.flatMap { section in before[section].indices.map { path(section, $0) } }
    }

    /// Where the old row is after the update, by its name; nil when it is gone.
    func newIndexPath(ofOld old: IndexPath) -> IndexPath? {
        let name = Self.before[old.section][old.row]
        for (section, rows) in after.enumerated() {
            if let row = rows.firstIndex(of: name) { return Self.path(section, row) }
        }
        return nil
    }

    /// Whether the old row's content changed in place.
    func isChanged(_ old: IndexPath) -> Bool { changed.contains(Self.before[old.section][old.row]) }

    /// Whether the old row was reloaded.
    func isReloaded(_ old: IndexPath) -> Bool { reloaded.contains(Self.before[old.section][old.row]) }

    static let all: [RemapCase] = [
        RemapCase(name: "a row inserted above", after: [["a0", "n", "a1", "a2", "a3", "a4"], ["b0", "b1", "b2"]],
                  tell: { $0.insertedRows = [path(0, 1)] }),
        RemapCase(name: "a row deleted", after: [["a0", "a2", "a3", "a4"], ["b0", "b1", "b2"]],
                  tell: { $0.deletedRows = [path(0, 1)] }),
        RemapCase(name: "rows deleted and inserted together", after: [["n", "a0", "a2", "a4"], ["b0", "m", "b2"]],
                  tell: { $0.deletedRows = [path(0, 1), path(0, 3), path(1, 1)]; $0.insertedRows = [path(0, 0), path(1, 1)] }),
        RemapCase(name: "a row moved down its section", after: [["a1", "a2", "a3", "a4", "a0"], ["b0", "b1", "b2"]],
                  tell: { $0.movedRows = [(path(0, 0), path(0, 4))] }),
        RemapCase(name: "a row moved into the next section", after: [["a0", "a1", "a2", "a3"], ["a4", "b0", "b1", "b2"]],
                  tell: { $0.movedRows = [(path(0, 4), path(1, 0))] }),
        RemapCase(name: "the first section deleted", after: [["b0", "b1", "b2"]],
                  tell: { $0.deletedSections = [0] }, sections: [nil, 0]),
        RemapCase(name: "a section inserted above", after: [["c0", "c1"], ["a0", "a1", "a2", "a3", "a4"], ["b0", "b1", "b2"]],
                  tell: { $0.insertedSections = [0] }, sections: [1, 2]),
        RemapCase(name: "the sections swapped", after: [["b0", "b1", "b2"], ["a0", "a1", "a2", "a3", "a4"]],
                  tell: { $0.movedSections = [(1, 0)] }, sections: [1, 0]),
        RemapCase(name: "a row reloaded", after: before, tell: { $0.reloadedRows = [path(0, 2)] }, changed: ["a2"], reloaded: ["a2"]),
        RemapCase(name: "a row reconfigured", after: before, tell: { $0.reconfiguredRows = [path(1, 1)] }, changed: ["b1"]),
    ]
}
