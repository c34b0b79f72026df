import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 29's fixed cost of a key, counted instead of timed: work every key paid though nothing on
/// screen needed it. A key that changes only the status line (an unbound key, F2 in `make bench`)
/// draws a frame that configures no row, so that frame must not read the clock (each reading looks
/// at the zone's environment); and the keys messages name are worked out once per key map.
@Suite("A key's fixed cost")
struct FixedKeyCostTests {
    /// How often the app read today and the time of day.
    final class ClockReadings {
        var days = 0
        var minutes = 0
    }

    /// A scenario of 30 todos on 40×8 whose clock counts its readings.
    static func countingScenario() throws -> (Scenario, ClockReadings) {
        let scenario = try Scenario((1...30).map { "Todo \($0)" })
        let readings = ClockReadings()
        scenario.list.today = {
            readings.days += 1
            return scenarioToday
        }
        scenario.list.timeOfDay = {
            readings.minutes += 1
            return scenarioTimeOfDay
        }
        return (scenario, readings)
    }

    @Test("A frame that configures no row (an unbound key, a frame drawn again) reads no clock")
    func frameWithoutRowsReadsNoClock() throws {
        let (scenario, readings) = try Self.countingScenario()
        try scenario.type("<F2><F2>")
        _ = scenario.app.renderScreen()
        #expect(scenario.app.lastMessage == .error("F2 does nothing here · ? shows the keys"))
        #expect(readings.days == 0 && readings.minutes == 0)
    }

    @Test("A frame that configures rows reads today and the time of day once, for all its rows")
    func frameWithRowsReadsClockOnce() throws {
        let (scenario, readings) = try Self.countingScenario()
        let configured = scenario.table.reuseStatistics.cellsDequeued
        scenario.app.handle(.pageDown)
        _ = scenario.app.renderScreen()
        #expect(scenario.table.reuseStatistics.cellsDequeued - configured > 1)
        #expect(readings.days == 1 && readings.minutes == 1)
    }

    @Test("The key names a message offers are those of each command's first key, in both modes, after bind and unbind too",
          arguments: ["", "unbind ?\nbind <F3> help\nunbind u\nbind U undo\nbind Q undo\n",
                       "unbind x\nunbind <Space>\nbind editing D delete\nbind editing <C-x> toggle\n"])
    func keyNamesMatchTheMaps(config: String) throws {
        let configuration = Configuration.parse(config, path: "/c")
        #expect(configuration.problems.isEmpty)
        let maps = configuration.keyMaps
        let names = KeyNames(maps)
        for command in Command.allCases {
            #expect(names.key(command) == KeyHint.first(maps.list.keys(for: command)), "\(command)")
            #expect(names.editingKey(command) == KeyHint.first(maps.editing.keys(for: command)) ?? KeyHint.first(maps.list.keys(for: command)),
                    "\(command)")
        }
    }
}
