import Testing
import TermTable
@testable import TickApp
import TodoStore

/// The session view (`TickApp+SessionView`) is what `make fuzz` tells a fresh app so that it draws
/// the same list: it must also say where the list is scrolled when no row is on screen.
@Suite("Session view of a fresh open")
struct SessionViewScenarioTests {
    @Test("Scrolled by the wheel (in editing mode, 3 lines tall) to empty lists' headers alone, a fresh open shows the same headers",
          arguments: [(true, 1), (false, 1), (true, 2)])
    func headersAlone(editing: Bool, notches: Int) throws {
        let scenario = try Scenario(["Only todo"], lists: ["A": [], "B": [], "C": [], "D": [], "E": [], "F": []],
                                    size: Size(width: 60, height: 3))
        if editing { try scenario.type("v") }
        for _ in 0..<notches { scenario.app.handle(.mouse(MouseEvent(kind: .wheelDown, x: 10, y: 1))) }
        let view = scenario.app.sessionView
        #expect(view.topRow == nil, "no row is on screen")
        let lines = withoutIndicator(scenario.app.screenLines)
        #expect(lines[0].hasPrefix("▾ ") && !lines[0].contains("Inbox"), "scrolled past the Inbox to the lists' headers")
        let store = try TodoStore(path: scenario.temporary.path, durability: .noSync)
        defer { store.close() }
        let fresh = TickApp(store: store, size: Size(width: 60, height: 3), today: scenario.list.today, timeOfDay: scenario.list.timeOfDay)
        fresh.restore(view)
        #expect(Array(withoutIndicator(fresh.screenLines).prefix(2)) == Array(lines.prefix(2)))
    }
}
