import Testing
import TermTable
import TickApp
@testable import TickFuzzing
import TickTesting
import TodoStore

/// Scripts `tick-fuzz --shrink` made of failures, replayed with every check after every key.
@Suite("Shrunk fuzz failures")
struct FuzzRegressionTests {
    /// Makes a store at a scratch path with `titles` in the Inbox, in order.
    private func store(_ titles: [String], in scratch: ScratchFolder) throws -> String {
        let path = scratch.folderPath + "/tick.db"
        let store = try TodoStore(path: path, durability: .noSync)
        defer { store.close() }
        var previous: Int64?
        for title in titles { previous = try store.add(title: title, after: previous).value.id }
        return path
    }

    private func steps(_ script: String) throws -> [FuzzStep] {
        try KeyScript.parse(script).map { FuzzStep.key($0, looks: false) }
    }

    @Test("Seed 1796228390: rows below a collapsed parent are checked against the store's rows after its hidden subtasks")
    func rowsBelowCollapsedParent() throws {
        // Shrunk from 2,354 steps: c adds a subtask under the first todo, z on it collapses its parent.
        // The row check took table row 1 (Next) for store row 1 (the hidden subtask b) and failed.
        let scratch = try ScratchFolder("fuzz-regression")
        let path = try store(["Parent", "Next", "Last"], in: scratch)
        try AppFuzzer.replay(try steps("cb<Enter>z"), path: path, checks: .everyKey)
        try AppFuzzer.replay(try steps("z"), path: path, checks: .everyKey)  // expanded again
    }
}
