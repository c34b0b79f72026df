import Testing
@testable import TermTable

@Suite("Selection state")
struct SelectionStateTests {
    @Test("A batch update carries the selection and the marks with their rows; marks of deleted rows go", arguments: RemapCase.all)
    func selectionAndMarksFollowTheirRows(_ change: RemapCase) throws {
        let plan = try change.plan()
        let marked = SelectionState(marked: Set(RemapCase.oldRows)).remapped(by: plan)
        #expect(marked.marked == Set(RemapCase.oldRows.compactMap(change.newIndexPath(ofOld:))))
        for old in RemapCase.oldRows {
            guard let new = change.newIndexPath(ofOld: old) else { continue }
            let remapped = SelectionState(selected: old).remapped(by: plan)
            #expect(remapped.selected == new, "the selection on \(old)")
            #expect(!remapped.isOnReplacementRow)
        }
    }

    /// A selected row that an update removes, and where the selection goes instead.
    struct Replacement: Sendable, CustomTestStringConvertible {
        let name: String
        let after: [Int]
        let tell: @Sendable (inout BatchUpdate) -> Void
        let selected: IndexPath
        let expected: IndexPath?
        var testDescription: String { name }
    }

    static let replacements: [Replacement] = [
        Replacement(name: "a middle row deleted: the next row", after: [4, 3], tell: { $0.deletedRows = [RemapCase.path(0, 1)] },
                    selected: RemapCase.path(0, 1), expected: RemapCase.path(0, 1)),
        Replacement(name: "the last row of a section deleted: the previous row", after: [4, 3], tell: { $0.deletedRows = [RemapCase.path(0, 4)] },
                    selected: RemapCase.path(0, 4), expected: RemapCase.path(0, 3)),
        Replacement(name: "two neighbours deleted: the next survivor", after: [3, 3], tell: { $0.deletedRows = [RemapCase.path(0, 1), RemapCase.path(0, 2)] },
                    selected: RemapCase.path(0, 1), expected: RemapCase.path(0, 1)),
        Replacement(name: "its section emptied (one row moved out, the rest deleted): the row now at its position counting all rows", after: [0, 4],
                    tell: { $0.deletedRows = (1...4).map { RemapCase.path(0, $0) }; $0.movedRows = [(RemapCase.path(0, 0), RemapCase.path(1, 0))] },
                    selected: RemapCase.path(0, 2), expected: RemapCase.path(1, 2)),
        Replacement(name: "its section deleted: the row now at its position counting all rows", after: [3], tell: { $0.deletedSections = [0] },
                    selected: RemapCase.path(0, 2), expected: RemapCase.path(0, 2)),
        Replacement(name: "its section deleted, fewer rows left: the last row", after: [3], tell: { $0.deletedSections = [0] },
                    selected: RemapCase.path(0, 4), expected: RemapCase.path(0, 2)),
        Replacement(name: "every section deleted: no selection", after: [], tell: { $0.deletedSections = [0, 1] },
                    selected: RemapCase.path(1, 0), expected: nil),
    ]

    @Test("When the selected row is deleted, the selection goes to a neighbour, to be checked once the table has the new counts",
          arguments: replacements)
    func deletedSelectionMovesToANeighbour(_ replacement: Replacement) throws {
        var update = BatchUpdate()
        replacement.tell(&update)
        let plan = try UpdatePlan(before: RemapCase.before.map(\.count), after: replacement.after, update: update)
        let remapped = SelectionState(selected: replacement.selected).remapped(by: plan)
        #expect(remapped.selected == replacement.expected)
        #expect(remapped.isOnReplacementRow)
    }
}
