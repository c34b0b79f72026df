import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 6: priorities and due dates as aligned columns, `s` cycling the sorts, `H` hiding done todos.
/// Today is Friday 2026-11-27 in every scenario.
@Suite("Due dates, priorities, sorts and completed todos")
struct DueSortAndCompletedScenarioTests {
    /// Five todos typed with the title syntax, in this order.
    static let typed = "aPay rent !!! @fri<Enter>aCall mom !! @tomorrow<Enter>aRenew passport ! @+3d<Enter>"
        + "aReport @2026-11-25<Enter>aPlain<Enter>"

    @Test("Priority marks and due words are columns: titles line up, due words align at the right edge")
    func columns() throws {
        let scenario = try Scenario()
        try scenario.type(Self.typed)
        #expect(Array(scenario.screen[0...5]) == [
            rule("▾ Inbox · 5 open"),
            row("[ ] !!! Pay rent", "today"),
            row("[ ]  !! Call mom", "tomorrow"),
            row("[ ]   ! Renew passport", "in 3 d"),
            row("[ ]     Report", "2 d late"),
            "[ ]     Plain",
        ])
    }

    @Test("Due words carry their meaning in color: late is red, today yellow, later cyan; marks are red", arguments: [
        ("today", 1, Style(foreground: .yellow, attributes: .bold)),
        ("tomorrow", 2, Style(foreground: .cyan)),
        ("in 3 d", 3, Style(foreground: .cyan)),
        ("2 d late", 4, Style(foreground: .red, attributes: .bold)),
        ("!!", 2, Style(foreground: .red, attributes: .bold)),
    ])
    func dueColors(text: String, line: Int, style: Style) throws {
        let scenario = try Scenario()
        try scenario.type(Self.typed + "G")  // the highlight (reverse video) on the last row, out of the way
        #expect(scenario.style(of: text, onLine: line) == style)
    }

    @Test("A done todo's due date is dimmed, never red")
    func doneDueIsDim() throws {
        let scenario = try Scenario()
        try scenario.type(Self.typed + "gjjjx")  // the highlight stays on row 4, Plain
        #expect(scenario.screen[5] == row("[✓]     Report", "2 d late"))
        #expect(scenario.style(of: "2 d late", onLine: 5) == Style(attributes: .dim))
    }

    @Test("A long title ends in … before the due column; without a due date it uses the whole row")
    func longTitles() throws {
        let scenario = try Scenario()
        try scenario.type("aA title far too long for this row @+3d<Enter>aAnother title far too long for it<Enter>")
        #expect(Array(scenario.screen[1...2]) == [
            row("[ ] A title far too long fo…", "in 3 d"),
            "[ ] Another title far too long for it",
        ])
    }

    @Test("s cycles the sort within lists: due date, priority, creation time, then manual order again", arguments: [
        (1, "due date", ["Report", "Pay rent", "Call mom", "Renew passport", "Plain"]),
        (2, "priority", ["Pay rent", "Call mom", "Renew passport", "Plain", "Report"]),
        (3, "creation time", ["Pay rent", "Call mom", "Renew passport", "Report", "Plain"]),
        (4, "manual order", ["Plain", "Pay rent", "Call mom", "Renew passport", "Report"]),
    ])
    func sorts(presses: Int, label: String, order: [String]) throws {
        let scenario = try Scenario()
        try scenario.type(Self.typed + "KKKK")  // Plain to the top of the manual order
        try scenario.type(String(repeating: "s", count: presses))
        #expect(scenario.app.lastMessage?.text == "Sorted by \(label)")
        #expect(scenario.screen[1...5].map { String($0.dropFirst(8).prefix(14)).trimmingCharacters(in: .whitespaces) } == order)
    }

    @Test("In every sort, done todos sit at the end of their list in the order they were completed")
    func doneAtTheEnd() throws {
        let scenario = try Scenario()
        try scenario.type(Self.typed + "Gx" + "gx")  // Plain, then Pay rent
        for presses in 0..<4 {
            let rows = scenario.screen[1...5]
            #expect(rows.suffix(2).map { $0.hasPrefix("[✓]") } == [true, true], "sort \(presses)")
            #expect(rows.suffix(2).map { $0.contains("Plain") } == [true, false], "sort \(presses)")
            try scenario.type("s")
        }
    }

    @Test("H hides done todos, the header counting them as hidden; H again shows them in completion order")
    func hideCompleted() throws {
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent"])
        try scenario.type("jx" + "kx")  // Call mom, then Buy milk
        try scenario.type("H")
        #expect(Array(scenario.screen[0...2]) == [rule("▾ Inbox · 1 open · 2 done hidden"), "[ ] Pay rent", ""])
        #expect(scenario.app.lastMessage?.text == "Hiding completed todos · H shows them")
        #expect(scenario.selectedTitle == "Pay rent")
        try scenario.type("H")
        #expect(Array(scenario.screen[0...3]) == [rule("▾ Inbox · 1 open · 2 done"), "[ ] Pay rent", "[✓] Call mom", "[✓] Buy milk"])
        #expect(scenario.app.lastMessage?.text == "Showing completed todos")
    }

    @Test("With every todo done and hidden, the empty list says how to see them again")
    func allDoneHidden() throws {
        let scenario = try Scenario(["Buy milk"])
        try scenario.type("xH")
        // In the middle of the list, which a long message above the status line shortens.
        #expect(scenario.screen.contains { $0.trimmingCharacters(in: .whitespaces) == "All done — H shows completed todos" })
    }

    @Test("A todo marked done while completed todos are hidden disappears, the highlight moving to the next")
    func toggleWhileHidden() throws {
        let scenario = try Scenario(["Buy milk", "Call mom"])
        try scenario.type("Hx")
        #expect(Array(scenario.screen[0...2]) == [rule("▾ Inbox · 1 open · 1 done hidden"), "[ ] Call mom", ""])
        #expect(scenario.selectedTitle == "Call mom")
    }
}
