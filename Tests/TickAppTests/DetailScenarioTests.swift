import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 6, the detail view: Enter pushes it (the table's didSelectRowAt), it shows every field,
/// notes are edited in place, and Esc goes back to the same highlight and scroll position.
@Suite("Detail view scenarios")
struct DetailScenarioTests {
    /// A time as the detail view shows it (in UTC, the zone scenarios give the app).
    private func shown(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// Minutes after the scenario clock's start.
    private func minute(_ count: Int) -> Date { TickingClock.start.addingTimeInterval(TimeInterval(60 * count)) }

    @Test("Enter shows the full wrapped title, list, priority, due date, flag, times and notes")
    func everyField() throws {
        let scenario = try Scenario(["Buy milk"], lists: ["Travel": []], size: Size(width: 40, height: 16))
        try scenario.type("<Tab>aRenew passport 🛂 before the trip to Japan in spring !!! @+3d<Enter>f")
        try scenario.type("<Enter>")
        #expect(Array(scenario.screen[0...12]) == [
            "Details — Esc back · n notes · e edit t…",
            "",
            "Title      Renew passport 🛂 before the",
            "           trip to Japan in spring",
            "List       Travel",
            "Priority   !!!",
            "Due        2026-11-30 (in 3 d)",
            "Flag       ⚑ flagged",
            "Created    \(shown(minute(1)))",
            "Completed  not yet",
            "Notes      none yet — n writes some",
            "", "",
        ])
        #expect(scenario.style(of: "!!!", onLine: 5) == Style(foreground: .red, attributes: .bold))
        #expect(scenario.style(of: "⚑", onLine: 7)?.foreground == .yellow)
    }

    @Test("On a short screen the title comes first and wraps; the other lines give way and scroll into view")
    func shortScreen() throws {
        // One row more than the details take: "Flagged “Renew passport…”" wraps onto a second line.
        let scenario = try Scenario(size: Size(width: 40, height: 10))
        try scenario.type("aRenew passport 🛂 before the trip to Japan in spring !!! @+3d<Enter>f<Enter>")
        #expect(Array(scenario.screen[0...7]) == [
            "Details — Esc back · n notes · e edit t…",
            "             lines 1–6 of 9 · j/k scroll",
            "Title      Renew passport 🛂 before the",
            "           trip to Japan in spring",
            "List       Inbox",
            "Priority   !!!",
            "Due        2026-11-30 (in 3 d)",
            "Flag       ⚑ flagged",
        ])
        // The rightmost column is the scroll indicator, as in the list: the thumb at the top.
        #expect((2...7).map { scenario.canvas.lines[$0].last } == ["┃", "┃", "┃", "┃", "│", "│"])
        try scenario.type("G")
        #expect(Array(scenario.screen[1...7]) == [
            "             lines 4–9 of 9 · j/k scroll",
            "Priority   !!!",
            "Due        2026-11-30 (in 3 d)",
            "Flag       ⚑ flagged",
            "Created    \(shown(minute(0)))",
            "Completed  not yet",
            "Notes      none yet — n writes some",
        ])
        #expect((2...7).map { scenario.canvas.lines[$0].last } == ["│", "│", "┃", "┃", "┃", "┃"])
        try scenario.type("g")
        #expect(scenario.screen[2] == "Title      Renew passport 🛂 before the")
    }

    @Test("Notes longer than the screen scroll line by line, by page and to either end, saying which lines are shown",
          arguments: [
              ("", 0), ("j", 1), ("jjk", 1), ("<Down><Down><Up>", 1), ("<PgDn>", 8), ("<Space>", 8), ("<C-f>", 8),
              ("<C-d>", 4), ("<PgDn><PgDn><PgUp>", 8), ("<PgDn><C-b>", 0), ("<PgDn><C-u>", 4), ("G", 19), ("<End>", 19),
              ("GGj<Down>", 19), ("Gk", 18), ("G<Home>", 0), ("Gg", 0), ("kk<Up>", 0),
          ])
    func longNotes(keys: String, top: Int) throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 12))
        let notes = (1...20).map { "Line \($0)" }
        try scenario.store.update(id: scenario.id(of: "Buy milk"), notes: notes.joined(separator: "\n"))
        scenario.list.reloadFromStore()
        try scenario.type("<Enter>" + keys)
        // The details' 28 lines: the title, six fields, the "Notes" label, then the notes.
        let lines = ["Title      Buy milk", "List       Inbox", "Priority   none", "Due        none", "Flag       no",
                     "Created    \(shown(minute(0)))", "Completed  not yet", "Notes"] + notes.map { "  " + $0 }
        #expect(Array(scenario.screen[2...10]) == Array(lines[top..<(top + 9)]))
        let range = "lines \(top + 1)–\(top + 9) of 28 · j/k scroll"
        #expect(scenario.screen[1] == String(repeating: " ", count: 40 - range.count) + range)
    }

    @Test("n still edits the notes of scrolled details in place, the editor taking the rows below the Notes label")
    func editingScrolledNotes() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 12))
        try scenario.store.update(id: scenario.id(of: "Buy milk"), notes: (1...20).map { "Line \($0)" }.joined(separator: "\n"))
        scenario.list.reloadFromStore()
        try scenario.type("<Enter>Gn")
        #expect(scenario.screen[0] == "Details — editing notes · Esc saves")
        #expect(Array(scenario.screen[2...10]) == ["Notes"] + (13...20).map { "  Line \($0)" })
        #expect(scenario.app.renderScreen().cursor == Point(x: 9, y: 10))
        try scenario.type("!<Esc>")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes.hasSuffix("Line 20!") == true)
        try scenario.type("G")
        // The last row of the details, above "Notes saved for “Buy milk”" on two lines.
        #expect(scenario.screen[10 - (scenario.app.statusRows - 1)] == "  Line 20!")
    }

    @Test("On a screen too short for the fields, n scrolls the details so the notes editor still has rows")
    func editingOnAShortScreen() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 9))
        try scenario.type("<Enter>nHello")
        #expect(Array(scenario.screen[2...7]) == [
            "Created    \(shown(minute(0)))", "Completed  not yet", "Notes", "  Hello", "", "",
        ])
        #expect(scenario.app.renderScreen().cursor == Point(x: 7, y: 5))
        try scenario.type("<Esc>")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "Hello")
    }

    @Test("A late due date is red in the details; a done todo shows when it was completed")
    func lateAndDone() throws {
        let scenario = try Scenario(["Report"], size: Size(width: 40, height: 14))
        try scenario.store.update(id: scenario.id(of: "Report"), due: "2026-11-20")
        scenario.list.reloadFromStore()
        try scenario.type("<Enter>")
        #expect(scenario.screen[5] == "Due        2026-11-20 (7 d late)")
        #expect(scenario.style(of: "2026-11-20", onLine: 5) == Style(foreground: .red, attributes: .bold))
        try scenario.type("x")
        // Minute 1 dated the due date's edit (its modification time, for the sync).
        #expect(scenario.screen[8] == "Completed  \(shown(minute(2)))")
        #expect(scenario.style(of: "2026-11-20", onLine: 5) == Style(foreground: .cyan))
    }

    @Test("n edits the notes in place over several lines; Esc saves them, and Esc again goes back")
    func notesInPlace() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"], size: Size(width: 40, height: 14))
        try scenario.type("j<Enter>n")
        #expect(scenario.screen[0] == "Details — editing notes · Esc saves")
        try scenario.type("Ask about<Enter>the weekend<Up><End> Sunday")
        #expect(Array(scenario.screen[10...11]) == ["  Ask about Sunday", "  the weekend"])
        #expect(scenario.app.renderScreen().cursor == Point(x: 18, y: 10))
        try scenario.type("<Esc>")
        #expect(try scenario.store.item(id: scenario.id(of: "Call mom"))?.notes == "Ask about Sunday\nthe weekend")
        #expect(scenario.app.lastMessage?.text == "Notes saved for “Call mom”")
        #expect(scenario.app.hasOverlay)
        try scenario.type("<Esc>")
        #expect(!scenario.app.hasOverlay)
        #expect(scenario.selectedTitle == "Call mom")
        try scenario.type("u")
        #expect(try scenario.store.item(id: scenario.id(of: "Call mom"))?.notes == "")
    }

    @Test("In the notes, Backspace at a line's start joins it to the line above, and Ctrl-s saves too")
    func notesEditing() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 14))
        try scenario.type("<Enter>nab<Enter>cd<Home><BS><C-s>")
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.notes == "abcd")
        #expect(scenario.screen[10] == "  abcd")
    }

    @Test("Esc, q and Enter go back to the list with the same highlight and scroll position", arguments: ["<Esc>", "q", "<Enter>"])
    func backToTheSamePlace(key: String) throws {
        let scenario = try Scenario((0..<40).map { "Todo \($0)" }, size: Size(width: 30, height: 8))
        try scenario.type("<C-d><C-d><C-d><C-d>jj")
        let offset = scenario.table.contentOffset
        let screen = scenario.screen
        #expect(offset > 0)
        try scenario.type("<Enter>" + key)
        #expect(!scenario.app.hasOverlay)
        #expect(scenario.table.contentOffset == offset)
        #expect(scenario.screen == screen)
    }

    @Test("x, f and e in the details change the todo and the details show it at once")
    func actionsFromDetails() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 14))
        try scenario.type("<Enter>f")
        #expect(scenario.screen[6] == "Flag       ⚑ flagged")
        try scenario.type("e")
        #expect(scenario.screen[12] == "Edit: Buy milk")
        try scenario.type(" !!<Enter>")
        #expect(Array(scenario.screen[2...5]) == ["Title      Buy milk", "List       Inbox", "Priority   !!", "Due        none"])
        try scenario.type("<Esc>")
        #expect(scenario.screen[1] == "[ ]  !! ⚑ Buy milk")
    }

    @Test("A todo deleted meanwhile (by another Tick) says so instead of showing stale fields")
    func deletedMeanwhile() throws {
        let scenario = try Scenario(["Buy milk"], size: Size(width: 40, height: 10))
        try scenario.type("<Enter>")
        try scenario.store.delete(ids: [scenario.id(of: "Buy milk")])
        #expect(scenario.screen[2] == "This todo no longer exists.")
    }
}
