import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 17: `tick ls` marks a todo with notes as the list on screen does, with ✎ after its title.
@Suite("Command line: the notes marker")
struct CommandLineNotesMarkerTests {
    @Test("ls ends the title of a todo with notes in ✎; --json carries the notes themselves")
    func notesMarker() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Buy milk"])
        tick.run(["add", "Call mom"])
        tick.run(["edit", "1", "--notes", "oat, not cow"])
        #expect(tick.output("ls") == "1  [ ]  Inbox  Buy milk ✎\n2  [ ]  Inbox  Call mom\n")
        #expect(tick.output("ls", "--json").contains("\"notes\": \"oat, not cow\""))
        tick.run(["edit", "1", "--notes", ""])
        #expect(tick.output("ls") == "1  [ ]  Inbox  Buy milk\n2  [ ]  Inbox  Call mom\n")
    }

    @Test("ls --help says what the ✎ means")
    func helpSaysSo() throws {
        let tick = try CommandHarness()
        #expect(tick.run(["ls", "--help"]).output.contains("followed by ✎ has notes"))
    }
}
