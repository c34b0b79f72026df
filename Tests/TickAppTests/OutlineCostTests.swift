import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 31's cost requirement, counted instead of timed: what `z` asks of the store (SQLite's
/// virtual-machine steps, `TodoStore.statementSteps`) and of the table (cells configured, rows
/// measured) stays flat however many parents are collapsed and however many subtasks a parent has
/// (the end of a subtree is a seek per level in `todos_outline`, `TodoStore.openSubtreeRowCount`).
@Suite("Outline cost")
struct OutlineCostTests {
    static let size = Size(width: 40, height: 10)

    /// Inbox: Big with `subtasks` subtasks, `parents` parents with two subtasks each, then Laundry;
    /// the parents listed in `collapsed` are collapsed, and the store opened afresh on 40×10.
    static func outline(subtasks: Int, parents: Int = 0, collapsing collapsed: Int = 0) throws -> Scenario {
        let scenario = try Scenario(["Big"] + (0..<parents).map { "Parent \($0)" } + ["Laundry"], size: size)
        let store = scenario.store
        let big = try #require(try store.item(id: scenario.id(of: "Big")))
        let list = try #require(try store.lists().first { $0.id == big.listID })
        _ = try store.add((0..<subtasks).map { NewTodo(title: "Subtask \($0)", listName: list.name) }, toList: list.id, after: big.id)
        try store.executeForTools("UPDATE todos SET parent_uid = '\(big.uid)' WHERE title LIKE 'Subtask %'")
        var collapsedIDs: [Int64] = []
        for number in 0..<parents {
            let parent = try scenario.id(of: "Parent \(number)")
            _ = try store.addSubtask(title: "Step \(number)a", toParent: parent)
            _ = try store.addSubtask(title: "Step \(number)b", toParent: parent)
            if number < collapsed { collapsedIDs.append(parent) }
        }
        try store.saveViewState(ViewState(collapsedTodoIDs: collapsedIDs))
        try scenario.restart()
        return scenario
    }

    /// What one key cost: the store's statement steps, the cells configured and the rows measured.
    struct Cost {
        var steps: Int
        var cellsConfigured: Int
        var rowsMeasured: Int
        /// Batch updates the table applied (a reload applies none).
        var updates: Int
    }

    static func cost(of key: String, in scenario: Scenario) throws -> Cost {
        let steps = scenario.store.statementSteps
        let statistics = scenario.table.reuseStatistics
        try scenario.type(key)
        let after = scenario.table.reuseStatistics
        return Cost(steps: scenario.store.statementSteps - steps, cellsConfigured: after.cellsDequeued - statistics.cellsDequeued,
                    rowsMeasured: after.rowsMeasured - statistics.rowsMeasured, updates: after.updatesApplied - statistics.updatesApplied)
    }

    @Test("z on a parent reads as much of the store with 30 other parents collapsed as with none")
    func foldCostIgnoresOtherFolds() throws {
        let alone = try Self.outline(subtasks: 40, parents: 30, collapsing: 0)
        let crowded = try Self.outline(subtasks: 40, parents: 30, collapsing: 30)
        #expect(alone.selectedTitle == "Big" && crowded.selectedTitle == "Big")
        let collapseAlone = try Self.cost(of: "z", in: alone), collapseCrowded = try Self.cost(of: "z", in: crowded)
        let expandAlone = try Self.cost(of: "z", in: alone), expandCrowded = try Self.cost(of: "z", in: crowded)
        #expect(Self.rows(crowded).prefix(3) == ["▾ [ ] Big", "    [ ] Subtask 0", "    [ ] Subtask 1"])
        for cost in [collapseAlone, collapseCrowded, expandAlone, expandCrowded] {
            #expect(cost.updates == 1, "one batch update, not a reload: \(cost)")
        }
        // The rows that come on screen differ (collapsed parents show their progress); reading every
        // collapsed parent's fold again cost 20 times as much.
        #expect(collapseCrowded.steps <= collapseAlone.steps * 3 / 2, "collapse: \(collapseCrowded.steps) steps against \(collapseAlone.steps)")
        #expect(expandCrowded.steps <= expandAlone.steps * 3 / 2, "expand: \(expandCrowded.steps) steps against \(expandAlone.steps)")
    }

    @Test("z on a parent of 20,000 subtasks configures only the rows on screen and reads the store about as much as on one of 5,000")
    func foldCostIgnoresSubtreeSize() throws {
        let small = try Self.outline(subtasks: 5_000)
        let large = try Self.outline(subtasks: 20_000)
        let collapseSmall = try Self.cost(of: "z", in: small), collapseLarge = try Self.cost(of: "z", in: large)
        #expect(Self.rows(large).prefix(2) == ["▸ [ ] Big 0/20000", "  [ ] Laundry"])
        let expandSmall = try Self.cost(of: "z", in: small), expandLarge = try Self.cost(of: "z", in: large)
        #expect(Self.rows(large).prefix(2) == ["▾ [ ] Big", "    [ ] Subtask 0"])
        for cost in [collapseSmall, expandSmall, collapseLarge, expandLarge] {
            #expect(cost.updates == 1, "one batch update, not a reload: \(cost)")
            #expect(cost.cellsConfigured <= Self.size.height + 2, "\(cost)")
            #expect(cost.rowsMeasured <= Self.size.height + 2, "\(cost)")
        }
        // Four times the subtasks: finding the end of the subtree by halving reads 4 rows more (each
        // counted inside its rank block, at most 1,024 rows); counting the subtasks (the parent's
        // progress, read again on every z) cost four times as much.
        #expect(collapseLarge.steps < collapseSmall.steps * 3 / 2, "collapse: \(collapseLarge.steps) steps against \(collapseSmall.steps)")
        #expect(expandLarge.steps < expandSmall.steps * 3 / 2 + 1_000, "expand: \(expandLarge.steps) steps against \(expandSmall.steps)")
    }

    /// The list's rows on screen, without the status line and the list's header.
    static func rows(_ scenario: Scenario) -> [String] { Array(scenario.screen.dropLast().dropFirst()) }
}

