import Testing
@testable import TermTable

/// Every inconsistent update is refused with UIKit's wording, and the screen then shows the data source.
@Suite("Inconsistent updates")
struct UpdateConsistencyErrorTests {
    /// One inconsistent update: the data after it, what the table is told, and the exact message.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let after: [[String]]
        let tell: @Sendable (TableView) throws -> Void
        let message: String
        var testDescription: String { name }
    }

    /// Before every case: section 0 holds a0…a2, section 1 holds b0 and b1.
    static let before = [["a0", "a1", "a2"], ["b0", "b1"]]
    static func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    static let sectionCases: [Case] = [
        Case(name: "a section too many after the update", after: before + [["c0"]], tell: { try $0.reloadSections([0]) },
             message: "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (3) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
        Case(name: "section count with inserts and deletes", after: [["c0"], ["d0"], ["e0"]], tell: { try $0.deleteSections([0]); try $0.insertSections([2]) },
             message: "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (3) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted)."),
        Case(name: "delete a section out of range", after: before, tell: { try $0.deleteSections([2]) },
             message: "attempt to delete section 2, but there are only 2 sections before the update"),
        Case(name: "delete a section twice", after: [before[0]], tell: { try $0.deleteSections([1, 1]) },
             message: "attempt to delete section 1 twice"),
        Case(name: "insert a section out of range", after: before + [["c0"]], tell: { try $0.insertSections([3]) },
             message: "attempt to insert section 3 but there are only 3 sections after the update"),
        Case(name: "insert a section twice", after: before + [["c0"]], tell: { try $0.insertSections([2, 2]) },
             message: "attempt to insert section 2 twice"),
        Case(name: "reload a section out of range", after: before, tell: { try $0.reloadSections([5]) },
             message: "attempt to reload section 5, but there are only 2 sections before the update"),
        Case(name: "delete and reload a section", after: [before[0]], tell: { try $0.deleteSections([1]); try $0.reloadSections([1]) },
             message: "attempt to delete and reload the same section (1)"),
        Case(name: "move a section from out of range", after: before, tell: { try $0.moveSection(2, toSection: 0) },
             message: "attempt to move section 2, but there are only 2 sections before the update"),
        Case(name: "move a section to out of range", after: before, tell: { try $0.moveSection(0, toSection: 2) },
             message: "attempt to move section 0 to section 2, but there are only 2 sections after the update"),
        Case(name: "delete and move a section", after: [before[1]], tell: { try $0.deleteSections([0]); try $0.moveSection(0, toSection: 0) },
             message: "attempt to delete and move the same section (0)"),
        Case(name: "insert and move to a section", after: [["c0"]] + before, tell: { try $0.insertSections([0]); try $0.moveSection(1, toSection: 0) },
             message: "attempt to insert and move to the same section (0)"),
        Case(name: "move a section twice", after: before, tell: { try $0.moveSection(0, toSection: 1); try $0.moveSection(0, toSection: 0) },
             message: "attempt to move section 0 twice"),
        Case(name: "move two sections to one", after: before, tell: { try $0.moveSection(0, toSection: 1); try $0.moveSection(1, toSection: 1) },
             message: "attempt to move two sections to section 1"),
    ]

    static let rowCases: [Case] = [
        Case(name: "row count after a delete", after: [before[0] + ["x"], before[1]], tell: { try $0.deleteRows(at: [path(0, 0)]) },
             message: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
        Case(name: "row count after a move out", after: before, tell: { try $0.moveRow(at: path(0, 2), to: path(1, 0)) },
             message: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 1 moved out)."),
        Case(name: "row count of a moved section", after: [before[1] + ["x"], before[0]], tell: { try $0.moveSection(1, toSection: 0) },
             message: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
        Case(name: "delete a row of a section out of range", after: before, tell: { try $0.deleteRows(at: [path(2, 0)]) },
             message: "attempt to delete row 0 from section 2, but there are only 2 sections before the update"),
        Case(name: "delete a row out of range", after: before, tell: { try $0.deleteRows(at: [path(0, 3)]) },
             message: "attempt to delete row 3 from section 0 which only contains 3 rows before the update"),
        Case(name: "delete a row twice", after: [["a0"], before[1]], tell: { try $0.deleteRows(at: [path(0, 1), path(0, 1)]) },
             message: "attempt to delete row 1 from section 0 twice"),
        Case(name: "reload a row of a section out of range", after: before, tell: { try $0.reloadRows(at: [path(3, 0)]) },
             message: "attempt to reload row 0 from section 3, but there are only 2 sections before the update"),
        Case(name: "reload a row out of range", after: before, tell: { try $0.reloadRows(at: [path(1, 2)]) },
             message: "attempt to reload row 2 from section 1 which only contains 2 rows before the update"),
        Case(name: "delete and reload a row", after: [["a0", "a2"], before[1]], tell: { try $0.deleteRows(at: [path(0, 1)]); try $0.reloadRows(at: [path(0, 1)]) },
             message: "attempt to delete and reload the same index path ({length = 2, path = 0 - 1})"),
        Case(name: "reconfigure a row out of range", after: before, tell: { try $0.reconfigureRows(at: [path(0, 7)]) },
             message: "attempt to reconfigure row 7 from section 0 which only contains 3 rows before the update"),
        Case(name: "delete and reconfigure a row", after: [["a0", "a2"], before[1]], tell: { try $0.reconfigureRows(at: [path(0, 1)]); try $0.deleteRows(at: [path(0, 1)]) },
             message: "attempt to delete and reconfigure the same index path ({length = 2, path = 0 - 1})"),
        Case(name: "insert a row into a section out of range", after: before, tell: { try $0.insertRows(at: [path(2, 0)]) },
             message: "attempt to insert row 0 into section 2, but there are only 2 sections after the update"),
        Case(name: "insert a row out of range", after: [before[0] + ["x"], before[1]], tell: { try $0.insertRows(at: [path(0, 5)]) },
             message: "attempt to insert row 5 into section 0, but there are only 4 rows in section 0 after the update"),
        Case(name: "insert a row twice", after: [before[0] + ["x", "y"], before[1]], tell: { try $0.insertRows(at: [path(0, 3), path(0, 3)]) },
             message: "attempt to insert row 3 into section 0 twice"),
        Case(name: "move a row from out of range", after: before, tell: { try $0.moveRow(at: path(0, 3), to: path(0, 0)) },
             message: "attempt to move row 3 from section 0 which only contains 3 rows before the update"),
        Case(name: "move a row to out of range", after: before, tell: { try $0.moveRow(at: path(0, 0), to: path(0, 3)) },
             message: "attempt to move row 3 into section 0, but there are only 3 rows in section 0 after the update"),
        Case(name: "move a row out of a deleted section", after: [["b0", "a0", "a1", "a2"]], tell: { try $0.deleteSections([1]); try $0.moveRow(at: path(1, 0), to: path(0, 0)) },
             message: "attempt to move a row out of section 1, which is being deleted or reloaded"),
        Case(name: "move a row out of a reloaded section", after: [["b0", "a0", "a1", "a2"], ["b1"]], tell: { try $0.reloadSections([1]); try $0.moveRow(at: path(1, 0), to: path(0, 0)) },
             message: "attempt to move a row out of section 1, which is being deleted or reloaded"),
        Case(name: "move a row into an inserted section", after: [["a0"], ["a1", "a2"], before[1]], tell: { try $0.insertSections([0]); try $0.moveRow(at: path(0, 0), to: path(0, 0)) },
             message: "attempt to move a row into section 0, which is being inserted or reloaded"),
        Case(name: "move a row into a reloaded section", after: [["a1", "a2"], ["a0", "b0", "b1"]], tell: { try $0.reloadSections([1]); try $0.moveRow(at: path(0, 0), to: path(1, 0)) },
             message: "attempt to move a row into section 1, which is being inserted or reloaded"),
        Case(name: "delete and move a row", after: [["a1", "a2"], ["a0"] + before[1]], tell: { try $0.deleteRows(at: [path(0, 0)]); try $0.moveRow(at: path(0, 0), to: path(1, 0)) },
             message: "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 0})"),
        Case(name: "reload and move a row", after: [["a1", "a0", "a2"], before[1]], tell: { try $0.reloadRows(at: [path(0, 0)]); try $0.moveRow(at: path(0, 0), to: path(0, 1)) },
             message: "attempt to perform a reload and a move from the same index path ({length = 2, path = 0 - 0})"),
        Case(name: "insert and move to a row", after: [["x", "a1", "a2", "a0"], before[1]], tell: { try $0.insertRows(at: [path(0, 3)]); try $0.moveRow(at: path(0, 0), to: path(0, 3)) },
             message: "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 3})"),
        Case(name: "move a row twice", after: before, tell: { try $0.moveRow(at: path(0, 0), to: path(0, 1)); try $0.moveRow(at: path(0, 0), to: path(0, 2)) },
             message: "attempt to move the same index path twice ({length = 2, path = 0 - 0})"),
        Case(name: "move two rows to one", after: before, tell: { try $0.moveRow(at: path(0, 0), to: path(0, 2)); try $0.moveRow(at: path(0, 1), to: path(0, 2)) },
             message: "attempt to move two rows to the same index path ({length = 2, path = 0 - 2})"),
        Case(name: "row count after an empty batch", after: [before[0], before[1] + ["x"]], tell: { _ in },
             message: "Invalid update: invalid number of rows in section 1. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
    ]

    /// A table showing `before` with a highlight on b0, the data source already holding `after`.
    static func harness(after: [[String]]) -> Harness {
        var harness = Harness(ArrayDataSource(before), height: 8)
        harness.table.selectRow(at: path(1, 0), scrollPosition: .none)
        _ = harness.screen()
        harness.source.sections = after
        return harness
    }

    static func expectRefused(_ check: Case, inBatch: Bool) {
        var harness = harness(after: check.after)
        var thrown: (any Error)?
        var completed: Bool?
        do {
            if inBatch {
                try harness.table.performBatchUpdates({ try check.tell(harness.table) }, completion: { completed = $0 })
            } else {
                try check.tell(harness.table)
            }
        } catch {
            thrown = error
        }
        #expect((thrown as? TableUpdateError)?.description == check.message)
        if inBatch { #expect(completed == false, "the completion hears that the update failed") }
        // Never a corrupt screen: the next draw shows exactly what the data source holds.
        let rows = check.after.flatMap { $0 }
        #expect(harness.screen() == Array((rows + Array(repeating: "", count: 8)).prefix(8)))
        #expect(harness.displayMismatches.isEmpty)
    }

    @Test("Inconsistent section updates are refused with UIKit's message, and the next draw shows the data source", arguments: sectionCases)
    func sectionUpdates(_ check: Case) { Self.expectRefused(check, inBatch: true) }

    @Test("Inconsistent row updates are refused with UIKit's message, and the next draw shows the data source", arguments: rowCases)
    func rowUpdates(_ check: Case) { Self.expectRefused(check, inBatch: true) }

    @Test("A lone inconsistent call outside a batch is refused the same way",
          arguments: [sectionCases[2], rowCases[0], rowCases[4], rowCases[12]])
    func loneCalls(_ check: Case) { Self.expectRefused(check, inBatch: false) }

    @Test("The messages state the counts that disagree, as UIKit's do")
    func messageWording() {
        let rows = TableUpdateError.invalidNumberOfRows(section: 2, after: 7, before: 5, inserted: 1, deleted: 3, movedIn: 2, movedOut: 4)
        #expect(rows.description.hasPrefix("Invalid update: invalid number of rows in section 2. The number of rows contained in an existing section after the update (7) must be equal to the number of rows contained in that section before the update (5)"))
        #expect(rows.description.hasSuffix("(1 inserted, 3 deleted) and plus or minus the number of rows moved into or out of that section (2 moved in, 4 moved out)."))
    }

    struct Abandoned: Error {}

    @Test("An error thrown inside the updates block leaves a table that shows the data source on the next draw")
    func errorInsideTheBlock() throws {
        var harness = Self.harness(after: [["a0"], ["b1"]])
        var completed: Bool?
        #expect(throws: Abandoned.self) {
            try harness.table.performBatchUpdates({
                try harness.table.deleteRows(at: [Self.path(0, 1), Self.path(0, 2)])
                throw Abandoned()
            }, completion: { completed = $0 })
        }
        #expect(completed == false)
        #expect(harness.screen() == ["a0", "b1", "", "", "", "", "", ""])
        // The table is usable again: a consistent update afterwards applies.
        harness.source.sections[1].append("b2")
        try harness.table.insertRows(at: [Self.path(1, 1)])
        #expect(harness.screen() == ["a0", "b1", "b2", "", "", "", "", ""])
    }

    @Test("After a refused update the highlight stays on its row when the row still exists")
    func highlightSurvivesARefusal() {
        var harness = Self.harness(after: [["a0", "a1", "a2", "x"], ["b0", "b1"]])
        #expect(throws: TableUpdateError.self) { try harness.table.deleteRows(at: [Self.path(0, 0)]) }
        _ = harness.screen()
        #expect(harness.table.indexPathForSelectedRow == Self.path(1, 0))
        #expect(harness.highlightedLines == [4])
    }
}
