import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 19: due times in the app. Today is Friday 2026-11-27 and the time 10:00 in every scenario.
@Suite("Due time scenarios")
struct DueTimeScenarioTests {
    @Test("Adding “buy milk @today 18:00” stores the time and shows it in the due column, in today's style")
    func addingShowsTheTime() throws {
        let scenario = try Scenario(size: Size(width: 40, height: 5))
        try scenario.type("abuy milk @today 18:00<Enter>")
        #expect(try scenario.store.item(id: scenario.id(of: "buy milk"))?.due == "2026-11-27T18:00")
        #expect(scenario.screen[1] == "[ ] buy milk                today 18:00")
        // The selected row adds the selection's reverse video to the due words' own style.
        #expect(scenario.style(of: "today 18:00", onLine: 1)?.foreground == Theme.standard.dueToday.foreground)
    }

    @Test("A time earlier today is late: the due words turn red; later today they stay in today's style")
    func lateToday() throws {
        let scenario = try Scenario(size: Size(width: 40, height: 5))
        try scenario.type("aStandup @today 9:00<Enter>aLunch @today 12:30<Enter>")
        #expect(Array(scenario.screen[1...2]) == ["[ ] Standup                  today 9:00", "[ ] Lunch                   today 12:30"])
        // Lunch is the selected row (reverse video over its style); Standup shows its style alone.
        #expect(scenario.style(of: "today 9:00", onLine: 1) == Theme.standard.overdue)
        #expect(scenario.style(of: "today 12:30", onLine: 2)?.foreground == Theme.standard.dueToday.foreground)
        try scenario.type("k")
        #expect(scenario.style(of: "today 12:30", onLine: 2) == Theme.standard.dueToday)
    }

    @Test("The due column shows times on wide rows and the day alone on narrow ones", arguments: [
        (60, "[ ] Call the plumber about the leak               Mon 15:00"),
        (40, "[ ] Call the plumber about …  Mon 15:00"),
        (30, "[ ] Call the plum…     in 3 d"),
        (18, "[ ] Call the plu…"),
    ])
    func widths(width: Int, row: String) throws {
        let scenario = try Scenario(size: Size(width: width, height: 5))
        try scenario.type("aCall the plumber about the leak @mon 15:00<Enter>")
        #expect(scenario.screen[1] == row)
    }

    @Test("The details show the due date and time in full; e there edits the time like the rest of the title")
    func details() throws {
        let scenario = try Scenario(["Report"], size: Size(width: 40, height: 14))
        try scenario.type("<Enter>")
        #expect(scenario.screen[5] == "Due        none")
        try scenario.type("e<End> @tomorrow 9:30pm<Enter>")
        #expect(try scenario.store.item(id: scenario.id(of: "Report"))?.due == "2026-11-28T21:30")
        #expect(scenario.screen[5] == "Due        2026-11-28 21:30 (tomorrow)")
        try scenario.type("e")
        #expect(scenario.screen.contains { $0.hasSuffix("Report @2026-11-28T21:30") })
        try scenario.type("<BS><BS><BS><BS><BS>08:00<Enter>")
        #expect(try scenario.store.item(id: scenario.id(of: "Report"))?.due == "2026-11-28T08:00")
        #expect(scenario.screen[5] == "Due        2026-11-28 08:00 (tomorrow)")
    }

    @Test("A due time earlier today is red in the details too")
    func lateInDetails() throws {
        let scenario = try Scenario(["Report"], size: Size(width: 40, height: 14))
        try scenario.store.update(id: scenario.id(of: "Report"), due: "2026-11-27T08:15")
        scenario.list.reloadFromStore()
        try scenario.type("<Enter>")
        #expect(scenario.screen[5] == "Due        2026-11-27 08:15 (today)")
        #expect(scenario.style(of: "2026-11-27 08:15", onLine: 5) == Theme.standard.overdue)
    }

    @Test("Completing a recurring todo with a time says when it comes back, time included")
    func recurringComesBackAtItsTime() throws {
        let scenario = try Scenario(size: Size(width: 60, height: 5))
        try scenario.type("aStandup @mon 9:15 @every week<Enter>x")
        let next = try scenario.store.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<2).map(\.due)
        #expect(next.contains("2026-12-07T09:15"))
        #expect(scenario.app.lastMessage?.text.contains("Mon 7 Dec 9:15") == true)
    }

    @Test("A word after the day that is not a time stays in the title, and the status line says so")
    func unreadTime() throws {
        let scenario = try Scenario(size: Size(width: 80, height: 5))
        try scenario.type("aCall @fri 25:00<Enter>")
        #expect(try scenario.store.item(id: scenario.id(of: "Call 25:00"))?.due == "2026-11-27")
        #expect(scenario.app.lastMessage == .info("25:00 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title · Added “Call 25:00”"))
    }

    @Test("A key script pins the time of day with <Today day HH:MM>, so lateness never depends on the clock")
    func keyScriptTime() throws {
        for (time, late) in [("08:00", false), ("10:00", true)] {
            let temporary = try TemporaryStore()
            let result = try ScriptRunner.run(script: "<Today 2026-11-27 \(time)>aStandup @today 9:00<Enter>", store: temporary.store,
                                              size: Size(width: 40, height: 4))
            #expect(result.screen.lines[1] == "[ ] Standup                  today 9:00")
            // The selected row: the due words' colour under the selection's reverse video.
            let style = result.screen[30, 1].style
            #expect(style.foreground == (late ? Theme.standard.overdue : Theme.standard.dueToday).foreground)
        }
    }
}

/// The rows on screen follow the clock while Tick waits for a key.
@Suite("Due times following the clock")
struct DueTimeClockTests {
    @Test("When the minute of a due time today passes, its row turns late without a key; nothing is redrawn otherwise")
    func turnsLateWithoutAKey() throws {
        let scenario = try Scenario(["Other"], size: Size(width: 40, height: 5))
        scenario.list.timeOfDay = { 9 * 60 }
        try scenario.type("aStandup @today 9:00<Enter>k")
        #expect(scenario.style(of: "today 9:00", onLine: 2) == Theme.standard.dueToday)
        // "Other" was drawn at the scenario's 10:00 before the clock was set back: it catches up once.
        #expect(scenario.app.showClockChange())
        #expect(!scenario.app.showClockChange())
        scenario.list.timeOfDay = { 9 * 60 + 1 }
        #expect(scenario.app.showClockChange())
        #expect(scenario.style(of: "today 9:00", onLine: 2) == Theme.standard.overdue)
        #expect(!scenario.app.showClockChange())
    }
}
