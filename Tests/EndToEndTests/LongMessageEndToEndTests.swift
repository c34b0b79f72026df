import Foundation
import Testing

/// Issue 33 point 3 in a real terminal: at 80×24 a message too long for the status line wraps onto
/// the line above it and reads whole; `M` lists the recent messages; `?` opens help from the details.
@Suite("Long messages in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct LongMessageEndToEndTests {
    let e2e = TickEndToEndTests()

    @Test("At 80×24 a long message takes two lines at the bottom, whole; M lists it; ? works in the details")
    func longMessageInATerminal() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let session = try TmuxSession(command: try e2e.tick("--db \(scratch.database)"), width: 80, height: 24)
        defer { session.kill() }
        try session.waitFor(text: "0 open")
        try session.sendKeys("a")
        try session.sendKeys("Water plants @every fortnight", literal: true)
        try session.sendKeys("Enter")
        var screen = try session.waitFor(text: "Added “Water plants @every fortnight”")
        #expect(screen[22] == "@every needs day, week, month, year, 2 weeks or mon,thu; kept in the title ·")
        #expect(screen[23].hasPrefix("Added “Water plants @every fortnight”") && screen[23].hasSuffix("1 open · 0 done"))
        try session.sendKeys("M")
        screen = try session.waitFor(text: "Recent messages")
        #expect(screen.contains { $0.hasPrefix("@every needs day, week, month, year, 2 weeks or mon,thu; kept in the title") })
        // Each Esc is let arrive alone: an Esc with the next key right behind it reads as Alt and that key.
        try session.sendKeys("Escape")
        try session.waitFor("the list again") { !$0.contains { $0.hasPrefix("Recent messages") } }
        try session.sendKeys("Enter")
        try session.waitFor(text: "Esc back")
        try session.sendKeys("?")
        try session.waitFor(text: "Tick help")
        try session.sendKeys("Escape")
        try session.waitFor(text: "Esc back")
        try session.sendKeys("Escape")
        try session.waitFor("the list again") { !$0.contains { $0.contains("Esc back") } }
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
