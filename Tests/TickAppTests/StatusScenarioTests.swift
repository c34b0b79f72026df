import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 31 part 4 in the app: `w` (working on it) starts a todo ([/]), `X` cancels one ([-], dimmed, hidden with the
/// done ones), an open todo's PERCENT-COMPLETE shows before its tags, and the details say the status.
@Suite("Status scenarios: started, cancelled, percent complete")
struct StatusScenarioTests {
    static let todos = ["Buy milk", "Call mom", "Pay rent"]

    @Test("w starts the selected todo: [/] in yellow, the status line says so; w again takes the start back")
    func start() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("jw")
        #expect(scenario.screen == [
            "▾ Inbox · 3 open ──────────────────────",
            "[ ] Buy milk",
            "[/] Call mom",
            "[ ] Pay rent",
            "",
            "",
            "Started: “Call mom” · u",
            "undoes                   3 open · 0 done",
        ])
        #expect(scenario.canvas[1, 2].style.foreground == .yellow)
        #expect(try scenario.store.item(id: scenario.id(of: "Call mom"))?.status == .inProcess)
        try scenario.type("w")
        #expect(scenario.screen[2] == "[ ] Call mom")
        #expect(scenario.status == "Open again: “Call mom” · u undoes                 3 open · 0 done")
        #expect(try scenario.store.item(id: scenario.id(of: "Call mom"))?.status == .open)
    }

    @Test("X cancels: [-], the title dimmed, counted with the done ones and hidden with them by H; X again opens it")
    func cancel() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("X")
        #expect(scenario.screen == [
            "▾ Inbox · 2 open · 1 done ─────────────",
            "[ ] Call mom",
            "[ ] Pay rent",
            "[-] Buy milk",
            "",
            "",
            "Cancelled: “Buy milk” ·",
            "u undoes                 2 open · 1 done",
        ])
        #expect(scenario.style(of: "Buy milk", onLine: 3)?.attributes.contains(.dim) == true)
        #expect(scenario.style(of: "-", onLine: 3)?.attributes.contains(.dim) == true)
        try scenario.type("H")
        #expect(Array(scenario.screen[1...3]) == ["[ ] Call mom", "[ ] Pay rent", ""])
        try scenario.type("HGX")
        #expect(Array(scenario.screen[1...3]) == ["[ ] Buy milk", "[ ] Call mom", "[ ] Pay rent"])
        #expect(scenario.status == "Open again: “Buy milk” · u undoes                 3 open · 0 done")
    }

    @Test("u takes back a start and a cancel, one step each")
    func undo() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("wjX")
        #expect(try scenario.store.item(id: scenario.id(of: "Call mom"))?.status == .cancelled)
        try scenario.type("u")
        #expect(try scenario.store.item(id: scenario.id(of: "Call mom"))?.status == .open)
        #expect(try scenario.store.item(id: scenario.id(of: "Buy milk"))?.status == .inProcess)
        try scenario.type("u")
        #expect(Array(scenario.screen[1...3]) == ["[ ] Buy milk", "[ ] Call mom", "[ ] Pay rent"])
    }

    @Test("an open todo's percentage shows before its tags; a done todo's does not")
    func percent() throws {
        let scenario = try Scenario(["Plan the trip", "Paint the fence"])
        let trip = try scenario.id(of: "Plan the trip")
        _ = try scenario.store.update(id: trip, tags: ["travel"])
        try scenario.store.setStatus(.inProcess, ids: [trip])
        try scenario.store.setPercentComplete(40, id: trip)
        try scenario.store.setPercentComplete(90, id: scenario.id(of: "Paint the fence"))
        try scenario.restart()
        #expect(Array(scenario.screen[0...2]) == [
            rule("▾ Inbox · 2 open"),
            "[/] Plan the trip 40% #travel",
            "[ ] Paint the fence 90%",
        ])
        try scenario.type("jx")
        #expect(scenario.screen[2] == "[✓] Paint the fence")
    }

    @Test("the details show a Status line for a started todo with its percentage, and for a cancelled one")
    func details() throws {
        let scenario = try Scenario(Self.todos, size: Size(width: 40, height: 14))
        try scenario.store.setPercentComplete(40, id: scenario.id(of: "Buy milk"))
        try scenario.type("w<Enter>")
        #expect(scenario.screen.contains("Status     started · 40%"))
        try scenario.type("<Esc>jX")
        try scenario.type("G<Enter>")
        #expect(scenario.screen.contains("Status     cancelled"))
        try scenario.type("<Esc>k<Enter>")
        #expect(!scenario.screen.contains { $0.hasPrefix("Status") })
    }

    @Test("in editing mode w starts every marked todo and X cancels them, one step each")
    func editingMode() throws {
        let scenario = try Scenario(Self.todos)
        try scenario.type("v<Space><Space>w")
        #expect(Array(scenario.screen[1...3]).map { String($0.dropFirst(2)) } == ["[/] Buy milk", "[/] Call mom", "[ ] Pay rent"])
        #expect(scenario.status == "Started: 2 todos · u undoes                   3 open · 0 done")
        try scenario.type("X")
        #expect(try ["Buy milk", "Call mom"].map { try scenario.store.item(id: scenario.id(of: $0))?.status } == [.cancelled, .cancelled])
        try scenario.type("u")
        #expect(try ["Buy milk", "Call mom"].map { try scenario.store.item(id: scenario.id(of: $0))?.status } == [.inProcess, .inProcess])
    }

    @Test("help lists w and X with the other todo keys")
    func help() throws {
        let scenario = try Scenario(Self.todos, size: Size(width: 100, height: 60))
        try scenario.type("?")
        let text = scenario.screen.joined(separator: "\n")
        #expect(text.contains("start / stop the todo"))
        #expect(text.contains("cancel the todo"))
    }
}
