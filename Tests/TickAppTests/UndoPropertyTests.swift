import Testing
import TickFuzzing
import TermTable
@testable import TickApp
@testable import TodoStore
import TickTesting

/// Issue 4's undo/redo property, through the app's own keys: random sequences of commands, then as
/// many `u` as changes give back the original store exactly, and as many `Ctrl-r` the final one.
@Suite("Undo and redo property")
struct UndoPropertyTests {
    static let titles = ["Buy milk", "买牛奶", "Renew passport 🛂", "Call mom !!", "Pay rent @+3d", "Ship !!! @2026-12-24", "x"]
    static let listNames = ["Work", "Home", "Errands", "Inbox"]

    /// One random command as keys, ending back on the plain list (overlays and editing mode closed).
    static func command(_ random: inout SplitMix64) -> String {
        let title = titles.randomElement(using: &random)!
        let name = listNames.randomElement(using: &random)!
        let commands = [
            "j", "k", "<Tab>", "<S-Tab>", "G", "g", "s", "H",
            "a\(title)<Enter>", "a\(title)<Enter>", "e<C-u>\(title)<Enter>",
            "x", "x", "<Space>", "d", "f", "J", "K", "ll", "hh", "hf",
            "m\(name)<Enter>", "z",
            "v<Space>j<Space>dy", "vVx", "vVdy", "v<Space>x",
            "<Enter>nnote \(title)<Esc><Esc>", "<Enter>x<Esc>",
            "La\(name)<Enter>", "Ljr<C-u>\(name) 2<Enter>", "LjJ", "LjK", "Ljdm", "Ljdd",
        ]
        return commands.randomElement(using: &random)!
    }

    /// Closes whatever a command left open (a refused name keeps its input line open).
    static func settle(_ scenario: Scenario) throws {
        var guardCount = 0
        while scenario.app.hasOverlay || scenario.table.isEditing, guardCount < 5 {
            try scenario.type("<Esc>")
            guardCount += 1
        }
    }

    @Test("Random commands, then as many u as changes restore every row; as many Ctrl-r restore the end",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as [UInt64])
    func undoRedoProperty(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let scenario = try Scenario(["Buy milk", "Call mom", "Pay rent"], lists: ["Work": ["Ship it", "Review"]],
                                    size: Size(width: 40, height: 10))
        let original = try StoreSnapshot(scenario.store)
        let stepsBefore = scenario.store.undoableStepCount
        var played: [String] = []
        for _ in 0..<30 {
            let keys = Self.command(&random)
            played.append(keys)
            try scenario.type(keys)
            try Self.settle(scenario)
            // The table always agrees with the store, and no change was refused by a display mismatch.
            let shown = try scenario.store.lists().map { list in
                list.isCollapsed ? 0 : try scenario.store.count(scenario.list.options.query(listID: list.id))
            }
            #expect(scenario.table.totalNumberOfRows == shown.reduce(0, +), "seed \(seed) after \(played)")
            #expect(scenario.app.lastMessage?.text.hasPrefix("Display out of step") != true, "seed \(seed) after \(played)")
        }
        let final = try StoreSnapshot(scenario.store)
        let changes = scenario.store.undoableStepCount - stepsBefore
        #expect(changes <= scenario.store.historyDepth, "seed \(seed)")
        for _ in 0..<changes { try scenario.type("u") }
        #expect(try StoreSnapshot(scenario.store) == original, "seed \(seed): \(changes) undos after \(played)")
        for _ in 0..<changes { try scenario.type("<C-r>") }
        #expect(try StoreSnapshot(scenario.store) == final, "seed \(seed): \(changes) redos after \(played)")
        try scenario.type("<C-r>")
        #expect(scenario.app.lastMessage?.text == "Nothing to redo", "seed \(seed)")
    }
}
