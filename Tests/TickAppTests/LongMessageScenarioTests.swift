import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 33 point 3: a message wider than the status line is read whole (it wraps onto the lines
/// above the status line for as long as it is shown, the list shortened so no row hides under it),
/// `M` shows the recent messages, hints put their most useful keys first, and `?` works in every view.
@Suite("Long message scenarios")
struct LongMessageScenarioTests {
    @Test("At 80 columns a message too long for the status line wraps onto the line above it, whole, until a short one replaces it")
    func wrapsAt80() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 80, height: 6))
        try scenario.type("aWater plants @every fortnight<Enter>")
        #expect(scenario.screen == [
            "▾ Inbox · 3 open ──────────────────────────────────────────────────────────────",
            "[ ] Buy milk",
            "[ ] Water plants @every fortnight",
            "[ ] Call mom",
            "@every needs day, week, month, year, 2 weeks or mon,thu; kept in the title ·",
            "Added “Water plants @every fortnight”                            3 open · 0 done",
        ])
        try scenario.type("Q")
        #expect(scenario.screen == [
            "▾ Inbox · 3 open ──────────────────────────────────────────────────────────────",
            "[ ] Buy milk",
            "[ ] Water plants @every fortnight",
            "[ ] Call mom",
            "",
            "Q does nothing here · ? shows the keys                           3 open · 0 done",
        ])
    }

    @Test("At 40 columns a long message takes as many lines as it needs and the selected row stays in view above it")
    func wrapsAt40() throws {
        let scenario = try Scenario(["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"], size: Size(width: 40, height: 12))
        try scenario.type("GaWater plants @every fortnight<Enter>")
        #expect(scenario.screen == [
            "▾ Inbox · 10 open ─────────────────────",
            "[ ] Four",
            "[ ] Five",
            "[ ] Six",
            "[ ] Seven",
            "[ ] Eight",
            "[ ] Nine",
            "[ ] Water plants @every fortnight",
            "@every needs day, week, month, year, 2",
            "weeks or mon,thu; kept in the title ·",
            "Added “Water plants",
            "@every fortnight”       10 open · 0 done",
        ])
        #expect(scenario.selectedTitle == "Water plants @every fortnight")
    }

    @Test("A message longer than a third of the screen ends with … there, and M shows it whole")
    func cutPastAThird() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 9))
        try scenario.type("aWater plants @every fortnight<Enter>")
        #expect(scenario.screen == [
            "▾ Inbox · 2 open ──────────────────────",
            "[ ] Buy milk",
            "[ ] Water plants @every fortnight",
            "",
            "",
            "",
            "@every needs day, week, month, year, 2",
            "weeks or mon,thu; kept in the title ·",
            "Added “Water plants @ev… 2 open · 0 done",
        ])
        try scenario.type("M")
        #expect(scenario.screen == [
            "Recent messages — M or Esc closes",
            "@every needs day, week, month, year,",
            "  2 weeks or mon,thu; kept in the title",
            "  · Added “Water plants @every",
            "  fortnight”",
            "",
            "@every needs day, week, month, year, 2",
            "weeks or mon,thu; kept in the title ·",
            "Added “Water plants @ev… 2 open · 0 done",
        ])
    }

    @Test("M lists the recent messages newest first, each whole; M or Esc goes back to the list")
    func recentMessages() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 40, height: 8))
        try scenario.type("xQ")
        try scenario.type("M")
        #expect(scenario.screen == [
            "Recent messages — M or Esc closes",
            "Q does nothing here · ? shows the",
            "  keys",
            "Done: “Buy milk”",
            "",
            "",
            "Q does nothing here · ?",
            "shows the keys           1 open · 1 done",
        ])
        try scenario.type("M")
        #expect(!scenario.app.hasOverlay)
        try scenario.type("M<Esc>")
        #expect(!scenario.app.hasOverlay)
    }

    @Test("Without messages M says there are none")
    func noMessages() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 5))
        try scenario.type("M")
        #expect(scenario.screen == [
            "Recent messages — M or Esc closes",
            "",
            "No messages yet",
            "",
            "? help · a add · x done… 1 open · 0 done",
        ])
    }

    @Test("At 40 columns the idle hint still offers help: its key comes first")
    func idleHintAt40() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 4))
        #expect(scenario.status.hasPrefix("? help · a add"))
    }

    @Test("? shows the keys in the details, on the lists screen and in the agenda, and Esc goes back to that view")
    func helpEverywhere() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 60, height: 10))
        for (open, shows) in [("<Enter>", "Esc back"), ("L", "Enter go"), ("A", "Agenda")] {
            try scenario.type(open + "?")
            #expect(scenario.screen.first?.hasPrefix("Tick help") == true, "\(open)")
            try scenario.type("<Esc>")
            #expect(scenario.screen.contains { $0.contains(shows) }, "\(open)")
            try scenario.type(open == "A" ? "A" : "<Esc>")
        }
    }
}

@Suite("Status log")
struct StatusLogTests {
    @Test("The status log keeps the last 50 messages, a message said twice in a row once")
    func keepsTheLast() {
        var log = StatusLog()
        for number in 1...60 { log.show(.info("message \(number)")) }
        log.show(.info("message 60"))
        #expect(log.recent.count == StatusLog.kept)
        #expect(log.recent.first?.text == "message 11")
        #expect(log.recent.last?.text == "message 60")
        log.clear()
        #expect(log.message == nil && log.recent.count == StatusLog.kept)
    }
}
