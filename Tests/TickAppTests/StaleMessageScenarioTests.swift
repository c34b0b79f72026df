import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 17, messages never outlive the state they describe: a message that offers keys for a state
/// (a highlighted search, marked rows, a collapsed or focused list, the last change, the details
/// view) leaves the status line as soon as that state is gone, whichever way it went.
@Suite("Stale messages")
struct StaleMessageScenarioTests {
    /// The status line's hint when there is no message (as at start).
    static let idle = "? help · a add · x done · d delete"

    private func store() throws -> Scenario {
        try Scenario(["Buy milk", "Call mom", "Milk the cow"], lists: ["Work": ["Ship it"], "Later": []],
                     size: Size(width: 100, height: 12))
    }

    @Test("A message offering keys goes when its state ends, and the idle hint comes back", arguments: [
        // Esc clears the highlighted search: no "n next match", and no match count either.
        ("/mil<Enter>", "“mil” · n next match · N previous · Esc clears", "<Esc>"),
        ("/mil<Enter>n", "Match 2 of 2 for “mil”", "<Esc>"),
        // A new search replaces the old one's highlight.
        ("/mil<Enter>", "“mil” · n next match · N previous · Esc clears", "/<Esc>"),
        // Marks counted, then one taken away: the count would be wrong.
        ("vV", "3 marked · d deletes · x marks done · m moves · f flags · Esc leaves", "<Space>"),
        // "z expands" is about the collapsed list only while it is the current one.
        ("z", "Collapsed Inbox · z expands", "<Tab>"),
        // "a adds a todo to it" names a list that is no longer the current one.
        ("<Tab><Tab>", "Later is empty · a adds a todo to it", "<Tab>"),
        // Moving a list is a change too: u would undo the move, not the deletion.
        ("d", "Deleted “Buy milk” · u undoes", "LjJ"),
    ])
    func goesWithItsState(setUp: String, message: String, ending: String) throws {
        let scenario = try store()
        try scenario.type(setUp)
        #expect(scenario.app.lastMessage?.text == message)
        #expect(scenario.status.hasPrefix(message))
        try scenario.type(ending)
        #expect(scenario.app.lastMessage == nil)
        if !scenario.app.hasOverlay { #expect(scenario.status.hasPrefix(Self.idle)) }
    }

    @Test("After /milk Enter Esc, n says there is no search, and the status line never offered it")
    func searchClearedThenNext() throws {
        let scenario = try store()
        try scenario.type("/milk<Enter><Esc>")
        #expect(!scenario.status.contains("n next match"))
        try scenario.type("n")
        #expect(scenario.status.hasPrefix("No search: / searches"))
    }

    @Test("A message that still holds stays: more keys that leave its state alone do not remove it")
    func staysWhileTrue() throws {
        let scenario = try store()
        try scenario.type("/mil<Enter>jj")
        #expect(scenario.status.hasPrefix("“mil” · n next match"))
        try scenario.type("<Esc>vV<Down><Down>")
        #expect(scenario.status.hasPrefix("3 marked · d deletes"))
        try scenario.type("<Esc>gz<C-l>")
        #expect(scenario.status.hasPrefix("Collapsed Inbox · z expands"))
    }

    @Test("“u undoes” goes when another Tick changes the store, since u would then undo that change")
    func undoOfferAfterAnotherProcess() throws {
        let scenario = try store()
        let other = try TodoStore(path: scenario.temporary.path)
        defer { other.close() }
        try scenario.type("d")
        #expect(scenario.status.hasPrefix("Deleted “Buy milk” · u undoes"))
        #expect(!scenario.app.showExternalChanges())
        #expect(scenario.status.hasPrefix("Deleted “Buy milk” · u undoes"))
        _ = try other.add(title: "From elsewhere")
        #expect(scenario.app.showExternalChanges())
        #expect(scenario.app.lastMessage == nil)
        #expect(scenario.status.hasPrefix(Self.idle))
    }

    @Test("The details' “press n” goes when the details close: n on the list means the next match")
    func detailsPasteHint() throws {
        let scenario = try store()
        try scenario.type("<Enter><Paste>text</Paste>")
        #expect(scenario.status.hasPrefix("Paste ignored: press n to write notes, then paste"))
        try scenario.type("<Esc>")
        #expect(scenario.app.lastMessage == nil)
        #expect(scenario.status.hasPrefix(Self.idle))
    }
}
