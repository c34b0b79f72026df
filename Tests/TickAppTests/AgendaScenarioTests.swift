import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 19, the agenda view: `A` shows every list's open todos overdue, due today, tomorrow and in
/// the next 7 days, each group a section with its count; every row action works there, and the
/// groups follow changes, other processes and midnight. Today is Friday 2026-11-27.
@Suite("Agenda scenarios")
struct AgendaScenarioTests {
    /// Inbox and Work with todos overdue, due today, tomorrow, on Monday, later and never; one done.
    private func week(size: Size = Size(width: 40, height: 14)) throws -> Scenario {
        let scenario = try Scenario([], size: size)
        let store = scenario.store
        let work = try store.addList(named: "Work").value
        try store.add(title: "Pay rent", due: "2026-11-20")
        try store.add(title: "Call mom", due: "2026-11-27")
        try store.add(title: "Buy milk")
        try store.add(title: "Ship it", listID: work.id, priority: 2, due: "2026-11-28")
        try store.add(title: "Review", listID: work.id, priority: 3, due: "2026-11-27")
        try store.add(title: "Plan", listID: work.id, due: "2026-11-30")
        try store.add(title: "Later", listID: work.id, due: "2026-12-20")
        let done = try store.add(title: "Filed", listID: work.id, due: "2026-11-27").value
        _ = try store.setDone(true, ids: [done.id])
        scenario.list.reloadFromStore()
        return scenario
    }

    /// The agenda of `week()` as drawn, without its status line.
    private static let agenda = [
        rule("Overdue · 1"),
        "[ ]     Pay rent · Inbox       7 d late",
        rule("Today · 2"),
        "[ ] !!! Review · Work             today",
        "[ ]     Call mom · Inbox          today",
        rule("Tomorrow · 1"),
        "[ ]  !! Ship it · Work         tomorrow",
        rule("Next 7 days · 1"),
        "[ ]     Plan · Work              in 3 d",
    ]

    @Test("A shows the groups with their counts, rows by due then priority with their list; A again shows the lists as they were")
    func togglesIntoAgendaAndBack() throws {
        let scenario = try week()
        let lists = scenario.screen
        try scenario.type("A")
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
        #expect(scenario.app.lastMessage?.text == "Agenda of every list · A shows the lists")
        #expect(scenario.selectedTitle == "Pay rent")
        try scenario.type("A")
        // The rows above the status line (and a long message's lines above it).
        let rows = Array(scenario.screen.dropLast(scenario.app.statusRows))
        #expect(rows == Array(lists.prefix(rows.count)))
        #expect(scenario.selectedTitle == "Pay rent", "the selection stays on its todo")
    }

    @Test("The selection stays on its todo into the agenda and back, and Tab goes from group to group")
    func selectionAndTabs() throws {
        let scenario = try week()
        // Work's open todos, newest first: Later, Plan, Review, Ship it.
        try scenario.type("<Tab>jjA")
        #expect(scenario.selectedTitle == "Review")
        try scenario.type("<Tab>")
        #expect(scenario.selectedTitle == "Ship it")
        try scenario.type("<Tab>")
        #expect(scenario.selectedTitle == "Plan")
        try scenario.type("<Tab>")
        #expect(scenario.selectedTitle == "Pay rent", "Tab wraps around to the first group")
        try scenario.type("jjA")
        #expect(scenario.selectedTitle == "Call mom")
        #expect(scenario.screen[0] == rule("▾ Inbox · 3 open"))
        try scenario.type("<Tab>A")
        #expect(scenario.selectedTitle == "Pay rent", "Later is not in the agenda: its first row is selected")
    }

    @Test("x marks a todo done and it leaves its group; u brings it back; a recurring todo's next occurrence appears in its group")
    func toggle() throws {
        let scenario = try week()
        try scenario.type("Ajj")
        #expect(scenario.selectedTitle == "Call mom")
        try scenario.type("x")
        #expect(scenario.screen[2] == rule("Today · 1"))
        #expect(!scenario.screen.dropLast().contains { $0.contains("Call mom") })
        #expect(scenario.selectedTitle == "Review", "the selection moves to the row now in its place")
        try scenario.type("u")
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
        try scenario.store.update(id: scenario.id(of: "Call mom"), recurrence: .some(try RecurrenceRule(rrule: "FREQ=DAILY")))
        scenario.list.reloadFromStore()
        try scenario.type("x")
        #expect(scenario.app.lastMessage?.text == "Done — next on Sat 28 Nov · u undoes")
        #expect(Array(scenario.screen[2...8]) == [
            rule("Today · 1"),
            "[ ] !!! Review · Work             today",
            rule("Tomorrow · 2"),
            "[ ]  !! Ship it · Work         tomorrow",
            "[ ]     Call mom · Inbox     tomorrow ↻",
            rule("Next 7 days · 1"),
            "[ ]     Plan · Work              in 3 d",
        ])
    }

    @Test("Swiping right marks done, swiping left deletes, and u brings the todo back to its group")
    func swipes() throws {
        let scenario = try week()
        try scenario.type("Al<Enter>")
        #expect(Array(scenario.screen.prefix(2)) == [rule("Overdue · nothing"), rule("Today · 2")],
                "the overdue group is left empty: its header says so")
        try scenario.type("u")
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
        try scenario.type("jh<Enter>")
        #expect(scenario.app.lastMessage?.text == "Deleted “Review” · u undoes")
        #expect(scenario.screen[2] == rule("Today · 1"))
        try scenario.type("u")
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
    }

    @Test("Editing a todo's due day moves it to its new group, or out of the agenda; the selection stays on it")
    func dueChangeMovesBetweenGroups() throws {
        let scenario = try week()
        try scenario.type("Aj")
        #expect(scenario.selectedTitle == "Review")
        try scenario.type("e<C-u>Review !!! @mon<Enter>")
        #expect(Array(scenario.screen[2...8]) == [
            rule("Today · 1"),
            "[ ]     Call mom · Inbox          today",
            rule("Tomorrow · 1"),
            "[ ]  !! Ship it · Work         tomorrow",
            rule("Next 7 days · 2"),
            "[ ] !!! Review · Work            in 3 d",
            "[ ]     Plan · Work              in 3 d",
        ])
        #expect(scenario.selectedTitle == "Review")
        try scenario.type("e<C-u>Review @2026-12-24<Enter>")
        #expect(!scenario.screen.dropLast().contains { $0.contains("Review") })
        #expect(scenario.screen[6] == rule("Next 7 days · 1"))
        try scenario.type("uu")
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
    }

    @Test("The agenda shown again while nothing changed reads no page and no count; after a change in the lists it shows the store's groups",
          arguments: ["x", "aDentist today<Enter>", "d", "K"])
    func shownAgainKeepsOrDrops(keys: String) throws {
        let scenario = try week()
        try scenario.type("AA")
        let reads = scenario.list.pageReads
        try scenario.type("A")
        #expect(scenario.list.pageReads == reads)
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
        try scenario.type("A" + keys + "A")
        let shown = scenario.screen.dropLast()
        try scenario.restart()
        try scenario.type("A")
        #expect(scenario.screen.dropLast() == shown)
    }

    @Test("Changes made in the agenda patch its groups row by row: no page is read again, and every group shows the store's rows")
    func patchedNotReread() throws {
        let scenario = try week()
        try scenario.type("Ajj")
        let before = scenario.list.pageReads
        try scenario.type("x+fe<C-u>Call mom @mon<Enter>ku<C-r>jx")
        #expect(scenario.list.pageReads == before)
        for section in 0..<scenario.table.numberOfSections {
            let query = scenario.list.query(forSection: section)
            let truth = try scenario.store.items(query, in: 0..<10).map(\.id)
            let shown = (0..<scenario.table.numberOfRows(inSection: section)).compactMap { scenario.list.item(at: IndexPath(row: $0, section: section))?.id }
            #expect(shown == truth, "group \(section)")
        }
    }

    @Test("+ and - reorder a todo inside its group by priority; the selection follows it")
    func priority() throws {
        let scenario = try week()
        try scenario.type("Ajj+++")
        #expect(Array(scenario.screen[3...4]) == [
            "[ ] !!! Call mom · Inbox          today",
            "[ ] !!! Review · Work             today",
        ], "same priority: the older todo first")
        #expect(scenario.selectedTitle == "Call mom")
        try scenario.type("-")
        #expect(scenario.screen[4] == "[ ]  !! Call mom · Inbox          today")
        #expect(scenario.selectedTitle == "Call mom")
    }

    @Test("d deletes (a recurring todo asks first), m moves a todo to another list and its row says so, Enter shows its details")
    func deleteMoveDetails() throws {
        let scenario = try week()
        try scenario.type("Ajjm")
        try scenario.type("<Down><Enter>")
        #expect(scenario.screen[4] == "[ ]     Call mom · Work           today")
        #expect(scenario.selectedTitle == "Call mom")
        try scenario.type("<Enter>")
        #expect(scenario.screen.contains { $0.hasPrefix("List") && $0.hasSuffix("Work") }, "the details of the selected todo")
        try scenario.type("<Esc>")
        try scenario.store.update(id: scenario.id(of: "Call mom"), recurrence: .some(try RecurrenceRule(rrule: "FREQ=WEEKLY")))
        scenario.list.reloadFromStore()
        try scenario.type("d")
        #expect(scenario.screen.contains { $0.hasPrefix("“Call mom” repeats:") })
        try scenario.type("s")
        #expect(scenario.app.lastMessage?.text == "Skipped — next on Fri 4 Dec · u undoes")
        #expect(scenario.screen[2] == rule("Today · 1"))
        try scenario.type("u")
        try scenario.type("kd")
        #expect(scenario.app.lastMessage?.text == "Deleted “Review” · u undoes")
    }

    @Test("a in the agenda adds to the lists view's current list, due on the selected group's day")
    func add() throws {
        let scenario = try week()
        try scenario.type("<Tab>A<Tab><Tab>a")
        #expect(scenario.screen.contains { $0.hasPrefix("Add to Work, tomorrow:") })
        try scenario.type("Book train<Enter>")
        #expect(try scenario.store.item(id: scenario.id(of: "Book train"))?.due == "2026-11-28")
        #expect(scenario.screen[5] == rule("Tomorrow · 2"))
        #expect(scenario.selectedTitle == "Book train")
        try scenario.type("aSomeday @2026-12-31<Enter>")
        #expect(scenario.app.lastMessage?.text.hasSuffix("(hidden by the current view)") == true)
    }

    @Test("Commands of the lists view say where they work instead of acting in the agenda")
    func listsOnlyCommands() throws {
        let scenario = try week()
        try scenario.type("Az")
        #expect(scenario.app.lastMessage?.text == "Collapsing a list works in the lists view · A shows the lists")
        try scenario.type("J")
        #expect(scenario.app.lastMessage?.text == "Reordering works in the lists view · A shows the lists")
        try scenario.type("/")
        #expect(scenario.app.lastMessage?.text == "Search works in the lists view · A shows the lists")
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
    }

    @Test("Another process's change shows in its group at once")
    func externalChange() throws {
        let scenario = try week()
        try scenario.type("A")
        let other = try TodoStore(path: scenario.temporary.path, durability: .noSync)
        defer { other.close() }
        try other.add(title: "Dentist", due: "2026-11-27")
        _ = try other.setDone(true, ids: [scenario.id(of: "Pay rent")])
        #expect(scenario.app.showExternalChanges())
        #expect(Array(scenario.screen.prefix(5)) == [
            rule("Overdue · nothing"),
            rule("Today · 3"),
            "[ ] !!! Review · Work             today",
            "[ ]     Call mom · Inbox          today",
            "[ ]     Dentist · Inbox           today",
        ])
        #expect(scenario.selectedTitle == "Review", "the selected todo left: the row now in its place is selected")
    }

    @Test("When midnight passes the groups move on a day: today's todos are overdue, tomorrow's are today's")
    func midnight() throws {
        let scenario = try week()
        try scenario.type("Ajj")
        scenario.list.today = { scenarioToday.adding(days: 1) }
        #expect(scenario.app.showExternalChanges())
        #expect(Array(scenario.screen.prefix(9)) == [
            rule("Overdue · 3"),
            "[ ]     Pay rent · Inbox       8 d late",
            "[ ] !!! Review · Work         yesterday",
            "[ ]     Call mom · Inbox      yesterday",
            rule("Today · 1"),
            "[ ]  !! Ship it · Work            today",
            rule("Tomorrow · nothing"),
            rule("Next 7 days · 1"),
            "[ ]     Plan · Work              in 2 d",
        ])
        #expect(scenario.selectedTitle == "Call mom")
        #expect(!scenario.app.showExternalChanges(), "nothing more until the next day")
    }

    @Test("An agenda with nothing due says so in the middle of the screen; a due todo added brings the groups")
    func empty() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 8))
        try scenario.type("A")
        // In the middle of the list, above the status line and the message's second line.
        #expect(scenario.screen.dropLast(scenario.app.statusRows) == ["", "", " Nothing due this week · A shows lists", "", "", ""])
        try scenario.type("aWater plants<Enter>")
        #expect(Array(scenario.screen.prefix(3)) == [rule("Overdue · nothing"), rule("Today · 1"), "[ ] Water plants · Inbox          today"])
        #expect(scenario.selectedTitle == "Water plants")
        try scenario.type("x")
        #expect(scenario.screen[3] == " Nothing due this week · A shows lists")
    }

    @Test("A small terminal (20×5) shows the agenda's first lines, and a resize lays it out again")
    func smallTerminal() throws {
        let scenario = try week(size: Size(width: 20, height: 5))
        try scenario.type("A")
        #expect(scenario.screen.dropLast() == [
            rule("Overdue · 1", width: 19),
            "[ ]     Pay r… · I…",
            rule("Today · 2", width: 19),
            "[ ] !!! Review · W…",
        ])
        try scenario.type("jj")
        #expect(scenario.selectedTitle == "Call mom")
        scenario.app.handle(.resize(width: 40, height: 14))
        #expect(Array(scenario.screen.prefix(9)) == Self.agenda)
        #expect(scenario.selectedTitle == "Call mom")
    }

    @Test("With hundreds of todos due, scrolling the agenda creates no more cells than fit on the screen plus two")
    func cellsStayBounded() throws {
        let scenario = try Scenario([], size: Size(width: 40, height: 12))
        for index in 0..<400 {
            try scenario.store.add(title: "t\(index)", priority: index % 4, due: scenarioToday.adding(days: index % 9 - 2).iso)
        }
        scenario.list.reloadFromStore()
        try scenario.type("A" + String(repeating: "j", count: 150) + "G" + String(repeating: "k", count: 40) + "<Tab><Tab>g")
        #expect(scenario.table.reuseStatistics.cellsCreated <= 11 + 2, "\(scenario.table.reuseStatistics)")
        #expect(scenario.screen[0] == rule("Overdue · 90"))
    }
}
