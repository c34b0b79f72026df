import Foundation
import Testing

/// Issue 19: in a real terminal the search runs in the background, and the run loop shows its
/// matches without waiting for another key.
@Suite("search in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct SearchEndToEndTests {
    @Test("The matches of a search show without another key, and searching… goes away once they are in")
    func matchesShowWithoutAnotherKey() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let tick = try TickEndToEndTests().tick("--db \(scratch.database)")
        let session = try TmuxSession(command: tick, width: 60, height: 10)
        defer { session.kill() }
        try session.waitFor(text: "No todos yet — press a to add one")
        for title in ["Buy milk", "Call mom", "买牛奶"] {
            try session.sendKeys("a")
            try session.waitFor(text: "Add to Inbox:")
            try session.sendKeys(title, literal: true)
            try session.sendKeys("Enter")
        }
        try session.waitFor(text: "3 open · 0 done")
        try session.sendKeys("/")
        try session.sendKeys("买", literal: true)
        let screen = try session.waitFor("the match of 买") { lines in
            lines.contains { $0.contains("Inbox · 1 match") } && !lines.contains { $0.contains("searching…") }
        }
        #expect(screen.contains { $0.hasPrefix("[ ] 买牛奶") })
        #expect(!screen.contains { $0.contains("Buy milk") })
    }
}
