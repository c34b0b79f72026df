import Foundation
import Testing
@testable import TickApp
import TodoStore

/// A view switched away from and back to while nothing changed (`R`, `A`, `H` and back) shows its
/// rows again without reading them (`SectionPageCache.switchViews`), and any change in between
/// drops the rows kept aside, so the view shown again is the store's.
@Suite("Pages kept across view switches")
struct ParkedPagesTests {
    @Test("R, R and R again read the rows of each view once; every screen equals the first of its view")
    func toggleReadsOnce() throws {
        let scenario = try HiddenWaitingScenarioTests.scenario()
        let shown = scenario.screen.dropLast()
        try scenario.type("R")
        let hidden = scenario.screen.dropLast()
        try scenario.type("R")
        let reads = scenario.list.pageReads
        try scenario.type("R")
        #expect(scenario.screen.dropLast() == hidden)
        try scenario.type("R")
        #expect(scenario.screen.dropLast() == shown)
        try scenario.type("AA")
        try scenario.type("AA")
        let afterAgenda = scenario.list.pageReads
        try scenario.type("AA")
        #expect(scenario.list.pageReads == afterAgenda)
        #expect(reads <= afterAgenda)
        #expect(scenario.list.pageReads - reads <= 4, "the agenda's groups read once: \(scenario.list.pageReads - reads)")
        #expect(scenario.screen.dropLast() == shown)
    }

    @Test("A change made while one view is shown is there when the other view is shown again, as a fresh open draws it",
          arguments: ["x", "aDentist<Enter>", "xu", "J"])
    func changeDropsKeptRows(keys: String) throws {
        let scenario = try HiddenWaitingScenarioTests.scenario()
        try scenario.type("R")
        try scenario.type("g" + keys)
        try scenario.type("R")
        let screen = scenario.screen.dropLast()
        try scenario.restart()
        #expect(scenario.screen.dropLast() == screen)
        // And back: the hidden view's rows kept from before the change are not shown either.
        try scenario.type("R")
        let hidden = scenario.screen.dropLast()
        try scenario.restart()
        #expect(scenario.screen.dropLast() == hidden)
    }
}
