import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30: `tick import todo.txt` with thresholds (`t:`) and hidden lines (`h:1`), as Simpletask
/// and SwiftoDo write them, and the export that writes the thresholds back.
@Suite("Command line: todo.txt thresholds and hidden lines")
struct TodoTxtThresholdCommandTests {
    @Test("Thresholds become start dates and are counted, hidden lines skipped and counted; the export writes t: back")
    func importAndExport() throws {
        let tick = try CommandHarness()
        let file = tick.file("todo.txt")
        try """
            (A) 2026-11-20 Plan the trip +Travel due:2026-12-20 t:2026-12-05
            +Travel @phone h:1
            Call the bank t:2026-12-01

            """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(tick.output("import", file) == "Imported 2 todos (0 done) into 2 lists from \(file); "
                + "mapped: 2 threshold dates (t:) to start dates; skipped 1 hidden line (h:1)\n")
        let todos = try tick.withStore { try $0.exportDocument().todos }
        #expect(todos.map(\.notes) == ["", ""])
        #expect(todos.map(\.start) == ["2026-12-01", "2026-12-05"])
        // The lines come back as they were (a line without a creation date exports without one).
        #expect(tick.output("export") == "Call the bank t:2026-12-01\n(A) 2026-11-20 Plan the trip +Travel due:2026-12-20 t:2026-12-05\n")
        // The same file again: the duplicates are found and nothing is added.
        #expect(tick.output("import", file).hasPrefix("Imported 0 todos (0 done) into 0 lists from \(file); skipped 2 todos that looked like duplicates"))
    }
}
