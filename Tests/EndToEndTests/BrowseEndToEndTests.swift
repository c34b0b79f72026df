import Foundation
import Testing

/// tt-browse, TermTable's second client, in a real terminal: it starts, shows a million lines with
/// their fingerprints loaded in the background, scrolls, loads more at the end, follows a resize, and
/// quits with q or Ctrl-C leaving the terminal as it was.
@Suite("tt-browse in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct BrowseEndToEndTests {
    static let binary = TickEndToEndTests.root.appendingPathComponent(".build/debug/tt-browse").path

    func browse(_ arguments: String) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build (make test does)")
        return "\(Self.binary) \(arguments)"
    }

    @Test("It shows the first lines with their fingerprints, j scrolls one line, G loads a page at the end, q quits with 0")
    func startScrollLoadQuit() throws {
        let session = try TmuxSession(command: try browse(""), width: 70, height: 12)
        defer { session.kill() }
        // A debug build fills a snapshot of a million lines first: give it time.
        var screen = try session.waitFor(text: "line 1 of 1000000", timeout: 60)
        #expect(screen[0].contains(" 00:00:00 #1 WARN"))
        screen = try session.waitFor("the first line's fingerprint") { !$0[0].hasPrefix("······") && $0[0].contains(" 00:00:00 #1 ") }
        let fingerprint = screen[0].prefix(6)
        #expect(fingerprint.allSatisfy { $0.isHexDigit }, "\(screen[0])")
        try session.sendKeys("j")
        screen = try session.waitFor(text: "line 2 of 1000000")
        #expect(screen[0].contains(" 00:00:01 #2 "))
        try session.sendKeys("G")
        // The page arrives after the backend's delay and is appended below the last line.
        try session.waitFor(text: "of 1000100", timeout: 30)
        try session.resize(width: 50, height: 10)
        try session.waitFor("the status line at the new bottom") { $0.count == 10 && $0[9].hasPrefix("line ") }
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test("Ctrl-C ends it with status 130 and a restored terminal; a bad argument is a clear message and status 2")
    func interruptAndBadArgument() throws {
        let session = try TmuxSession(command: "sh -c 'trap : INT; \(try browse("1000")); echo exit=$?; stty -a | tr -s \" \" \"\\n\" | grep -x echo; sleep 10'", width: 70, height: 12)
        defer { session.kill() }
        try session.waitFor(text: "line 1 of 1000", timeout: 60)
        try session.sendKeys("C-c")
        let screen = try session.waitFor(text: "exit=")
        #expect(screen.contains("exit=130"), "\(screen)")
        #expect(screen.contains("echo"), "echo is on again: \(screen)")

        let bad = try TmuxSession(command: try browse("--fail-every soon"), width: 90, height: 6)
        defer { bad.kill() }
        #expect(try bad.waitForExit() == 2)
        #expect(try bad.capture().contains { $0.contains("tt-browse: \"--fail-every\" is not understood") })
    }
}
