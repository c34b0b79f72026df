import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 27, point 3: the screen matches the store from the first key after a fresh open, as the
/// `tick` binary opens a store (no extra reload before the first key), with every row column present.
@Suite("The first keys after a fresh open")
struct FreshOpenScenarioTests {
    /// A store made by earlier connections (as `tick add` in earlier processes): five todos, the
    /// second with a priority, then an app opened on it as the binary opens one.
    private func freshlyOpened() throws -> (ScenarioStore, TickApp) {
        let temporary = try ScenarioStore()
        var previous: Int64?
        for index in 1...5 { previous = try temporary.store.add(title: "Todo \(index)", after: previous, priority: index == 2 ? 2 : 0).value.id }
        let store = try temporary.reopen()
        let app = TickApp(store: store, size: Size(width: 40, height: 9))
        _ = app.renderScreen()
        return (temporary, app)
    }

    @Test("K as the first move after opening a store with a priority shows the todo in its new place at once")
    func firstMoveUp() throws {
        let (temporary, app) = try freshlyOpened()
        try app.type("GK")
        #expect(withoutIndicator(app.screenLines)[1...5] == ["[ ]     Todo 1", "[ ]  !! Todo 2", "[ ]     Todo 3", "[ ]     Todo 5", "[ ]     Todo 4"])
        #expect(app.list.selectedItem?.title == "Todo 5")
        _ = temporary
    }

    @Test("J as the very first key after opening a store with a priority shows the todo in its new place at once")
    func firstKeyMovesDown() throws {
        let (temporary, app) = try freshlyOpened()
        try app.type("J")
        #expect(withoutIndicator(app.screenLines)[1...5] == ["[ ]  !! Todo 2", "[ ]     Todo 1", "[ ]     Todo 3", "[ ]     Todo 4", "[ ]     Todo 5"])
        #expect(app.list.selectedItem?.title == "Todo 1")
        _ = temporary
    }

    @Test("K right after another process gave a todo the first flag moves the row on screen, and the poll then shows the flag")
    func moveMeetsNewColumn() throws {
        let (temporary, app) = try freshlyOpened()
        let other = try TodoStore(path: temporary.path, durability: .noSync)
        defer { other.close() }
        try other.update(id: try #require(app.list.selectedItem?.id), isFlagged: true)  // Todo 1, before this Tick looks
        try app.type("GK")
        #expect(withoutIndicator(app.screenLines)[1...5] == [
            "[ ]       Todo 1", "[ ]  !!   Todo 2", "[ ]       Todo 3", "[ ]       Todo 5", "[ ]       Todo 4",
        ])
        #expect(app.showExternalChanges())
        #expect(withoutIndicator(app.screenLines)[1] == "[ ]     ⚑ Todo 1")
        #expect(app.list.selectedItem?.title == "Todo 5")
    }

    @Test("A list header selected with z stops saying so once a key moves the selection away, even with no row to move to")
    func headerSelectionLeft() throws {
        let scenario = try Scenario([], lists: ["Work": ["Ship it"]])
        try scenario.type("z")
        #expect(scenario.screen[1].hasPrefix("▶ Work · 1 open · collapsed"))
        try scenario.type("k")
        #expect(scenario.screen[1] == rule("▸ Work · 1 open"))
    }

    @Test("A folded list's header counts a todo another process added to it, though no row moved", arguments: Interleaving.allCases)
    func foldedListCount(_ interleaving: Interleaving) throws {
        let scenario = try Scenario(["Buy milk"], lists: ["Work": ["Ship it"]])
        try scenario.type("z<Tab>zk")  // both lists folded, no row on screen at all, nothing selected
        #expect(scenario.screen[1] == rule("▸ Work · 1 open"))
        try interleaving.change(scenario) { try $0.add(title: "Another", listID: try #require(try $0.list(named: "Work")).id) }
        #expect(scenario.screen[1] == rule("▸ Work · 2 open"))
    }

    @Test("The day an app is given is the day its first rows are measured and drawn against, wrapped titles included")
    func todayFromTheStart() throws {
        let temporary = try ScenarioStore()
        let item = try temporary.store.add(title: "Call the dentist about the appointment", due: scenarioToday.adding(days: 2).iso).value
        try temporary.store.saveViewState(ViewState(wrapsTitles: true))
        let store = try temporary.reopen()
        let app = TickApp(store: store, size: Size(width: 40, height: 6), today: { scenarioToday }, timeOfDay: { scenarioTimeOfDay })
        #expect(withoutIndicator(app.screenLines)[1...2] == ["[ ] Call the dentist about", "    the appointment              in 2 d"], "\(item.id)")
    }

    /// Scripts that leave the list scrolled, marked, highlighted, in the agenda, or with a header
    /// selected; "~" is a turn of the mouse wheel (scrolling without moving the selection).
    static let sessions = [
        "GkkK", "<C-d>j~", "W<C-d>jj~", "~~~~", "vjj<Space>j<Space>", "/Todo 1<Enter>", "A", "jz", "x<C-r>sj",
    ]

    @Test("A fresh app on the same store, told the session's view, draws the same list", arguments: sessions)
    func restoredView(_ script: String) throws {
        let temporary = try ScenarioStore()
        var previous: Int64?
        for index in 1...30 {
            previous = try temporary.store.add(title: "Todo \(index)" + (index % 4 == 0 ? " with a title long enough to wrap onto a second line" : ""),
                                               after: previous, priority: index == 2 ? 2 : 0, due: index % 5 == 0 ? scenarioToday.iso : nil).value.id
        }
        let store = try temporary.reopen()
        let app = TickApp(store: store, size: Size(width: 40, height: 12), today: { scenarioToday }, timeOfDay: { scenarioTimeOfDay })
        _ = app.renderScreen()  // the first frame, as the binary draws it before the first key
        for part in script.split(separator: "~", omittingEmptySubsequences: false).enumerated() {
            if part.offset > 0 {
                app.handle(.mouse(MouseEvent(kind: .wheelDown, x: 5, y: 3)))
                _ = app.renderScreen()
            }
            for key in try KeyScript.parse(String(part.element)) {
                app.handle(key)
                app.waitForSearch()
                _ = app.renderScreen()
            }
        }
        // The messages are the session's, not the view's: a long one shortens the list by its lines.
        _ = app.lastMessage
        app.status.clear()
        _ = app.renderScreen()
        // A fresh open stands for a restart: what the app put off to an idle moment (the view choices,
        // the collapsed parents) is written first, as quitting writes it.
        app.saveDeferredState()
        let fresh = TickApp(store: try TodoStore(path: temporary.path, durability: .noSync), size: app.size,
                            today: { scenarioToday }, timeOfDay: { scenarioTimeOfDay })
        defer { fresh.list.store.close() }
        fresh.restore(app.sessionView)
        #expect(fresh.sessionView == app.sessionView)
        _ = fresh.lastMessage
        fresh.status.clear()
        _ = fresh.renderScreen()
        let lines = { (app: TickApp) in Array(withoutIndicator(app.screenLines).dropLast()) }
        #expect(lines(fresh) == lines(app))
        // The same highlights, marks and selection: every cell's style but the scroll indicator's.
        let styles = { (app: TickApp) in
            let canvas = app.renderScreen().canvas
            return (0..<11).flatMap { y in (0..<39).map { x in canvas[x, y].style } }
        }
        #expect(styles(fresh) == styles(app))
    }

    @Test("Rows read after another writer's change but before the look that shows it are not moved by it a second time",
          arguments: Interleaving.allCases)
    func rowsReadBeforeTheLook(_ interleaving: Interleaving) throws {
        let scenario = try Scenario((1...100).map { "Todo \($0)" }, size: Size(width: 40, height: 8))
        try interleaving.changeUnseen(scenario) { try $0.add(title: "Newcomer") }  // at the top, before this Tick looks
        try scenario.type("G")  // reads the last rows, which the newcomer has shifted already
        #expect(scenario.app.showExternalChanges())
        let titles = try scenario.titles(inList: "Inbox")
        let screen = scenario.screen
        let shown = scenario.table.indexPathsForVisibleRows.compactMap { indexPath in scenario.table.rectForRow(at: indexPath).map { ($0.minY, indexPath.row) } }
        #expect(shown.filter { $0.0 >= 1 }.count == 6)
        for (line, row) in shown where line >= 1 {
            #expect(screen[line] == "[ ] " + titles[row], "line \(line) shows the store's row \(row)")
        }
        try scenario.type("gg")
        #expect(Array(scenario.screen[1...3]) == ["[ ] Newcomer", "[ ] Todo 1", "[ ] Todo 2"])
    }

    @Test("A change from elsewhere while the list is covered and its rows unread is shown once, not twice", arguments: Interleaving.allCases)
    func changeWhileCovered(_ interleaving: Interleaving) throws {
        let scenario = try Scenario(["One", "Two", "Three"], size: Size(width: 40, height: 10))
        try scenario.type("j?")  // Two selected; help covers the list
        try interleaving.change(scenario) { _ = try $0.addList(named: "Work") }  // everything is read again; nothing drawn
        try interleaving.change(scenario) { try $0.add(title: "Newcomer") }
        try scenario.type("<Esc>")
        #expect(Array(scenario.screen[1...4]) == ["[ ] Newcomer", "[ ] One", "[ ] Two", "[ ] Three"])
        #expect(scenario.selectedTitle == "Two")
    }
}
