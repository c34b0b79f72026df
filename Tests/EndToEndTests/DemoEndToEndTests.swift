import Foundation
import Testing

/// `tick demo` and `tick --play` in a real terminal (a tmux pane).
@Suite("tick demo and --play in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct DemoEndToEndTests {
    func tick(_ arguments: String) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: TickEndToEndTests.binary), "build first: swift build (make test does)")
        return "env TICK_CONFIG=/dev/null \(TickEndToEndTests.binary) \(arguments)"
    }

    @Test("tick demo plays the whole tour with captions and ends on its last frame until a key is pressed")
    func demoPlays() throws {
        let session = try TmuxSession(command: try tick("demo --delay 1ms"), width: 80, height: 24)
        defer { session.kill() }
        let screen = try session.waitFor(text: "That was the tour of Tick", timeout: 60)
        #expect(screen[0].hasPrefix("▾ Inbox · 6 open · 1 done"))
        #expect(screen.contains { $0.contains("Water the plants 🪴") && $0.hasSuffix("tomorrow ↻") })
        #expect(screen.contains { $0.contains("!!! Ship release 1.0 0/2 #work") && $0.hasSuffix("tomorrow") })
        #expect(screen.contains { $0.hasPrefix("  [ ]     Call the plumber") })
        #expect(screen[22].hasPrefix("Skipped a change from another device; undid delete “Pay rent”"))
        #expect(screen[23] == " ▶ That was the tour of Tick. Press any key to leave")
        #expect(try session.query("#{alternate_on}") == "1")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        #expect(try session.query("#{alternate_on}") == "0")
    }

    @Test("q stops the tour early and exits 0 with the terminal restored")
    func demoStops() throws {
        let session = try TmuxSession(command: try tick("demo --delay 200ms"), width: 70, height: 20)
        defer { session.kill() }
        try session.waitFor(text: "▶ a adds a todo")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.query("#{alternate_on}") == "0")
    }

    @Test("--play shows a key script live, <Resize> draws the app smaller with its edge, and the last screen waits for a key")
    func playLive() throws {
        let scratch = try ScratchFolder("play")
        let folder = scratch.url
        let script = folder.appendingPathComponent("scene.keys").path
        try "<Caption Adding>aBuy milk<Enter><Caption Smaller><Resize 30x6>x".write(toFile: script, atomically: true, encoding: .utf8)
        let database = folder.appendingPathComponent("tick.db").path
        let session = try TmuxSession(command: try tick("--db \(database) --script \(script) --play --delay 1ms"), width: 60, height: 12)
        defer { session.kill() }
        let screen = try session.waitFor(text: "End of the script")
        #expect(screen[0] == "▾ Inbox · 0 open · 1 done ─── │")
        #expect(screen[1].hasPrefix("[✓] Buy milk"))
        #expect(screen[6].hasPrefix("──────────────────────────────┘"))
        try session.sendKeys("Space")
        #expect(try session.waitForExit() == 0)
    }

    @Test("--play with the script on a pipe keeps the last screen until a key is pressed on the terminal")
    func playFromPipeWaitsForAKey() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let session = try TmuxSession(command: "printf 'aX<Enter>' | " + (try tick("--db \(scratch.database) --play --delay 1ms")), width: 60, height: 10)
        defer { session.kill() }
        // The end of the pipe is no key press: the last screen stays, in the alternate screen, until a key comes.
        let screen = try session.waitFor(text: "End of the script")
        #expect(screen[0].hasPrefix("▾ Inbox · 1 open"))
        #expect(screen[1].hasPrefix("[ ] X"))
        #expect(session.isRunning)
        #expect(try session.query("#{alternate_on}") == "1")
        try session.sendKeys("x")
        #expect(try session.waitForExit() == 0)
        #expect(try session.query("#{alternate_on}") == "0")
    }

    @Test("tick demo --record writes asciicast v2 that a terminal replays to the key script's final screen, with the caption below")
    func recordingReplays() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let recording = scratch.folder.appendingPathComponent("tour.cast").path
        let tour = scratch.folder.appendingPathComponent("tour.keys").path
        let expected = scratch.folder.appendingPathComponent("expected.txt").path
        let replay = scratch.folder.appendingPathComponent("replay.out").path
        let binary = TickEndToEndTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build (make test does)")
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TICK_CONFIG": "/dev/null"]
        let ignored = scratch.folder.appendingPathComponent("ignored.txt").path
        // ChildProcess opens its output files without O_CREAT.
        for file in [ignored, tour, expected] { #expect(FileManager.default.createFile(atPath: file, contents: nil)) }
        #expect(try ChildProcess.run([binary, "demo", "--record", recording], environment: environment, output: ignored, errors: ignored, timeout: 60) == 0)
        #expect(try ChildProcess.run([binary, "demo", "--print-script"], environment: environment, output: tour, errors: ignored, timeout: 10) == 0)
        #expect(try ChildProcess.run([binary, "--script", tour, "--size", "80x24", "--db", scratch.database], environment: environment,
                                     output: expected, errors: ignored, timeout: 60) == 0)

        // asciicast v2: a JSON header with version, width and height, then [time, "o", data] events in time order.
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
        let first = try #require(lines.first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
        var output = ""
        var time = 0.0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let at = try #require(event.first as? Double)
            #expect(event.count == 3 && event[1] as? String == "o" && at >= time)
            time = at
            output += try #require(event[2] as? String)
        }
        try Data(output.utf8).write(to: URL(fileURLWithPath: replay))

        // A real terminal (a tmux pane of the recording's size) shows what the recording says.
        let session = try TmuxSession(command: "cat \(replay); sleep 60", width: 80, height: 24)
        defer { session.kill() }
        let trimmed = { (line: Substring) in String(line.reversed().drop { $0 == " " }.reversed()) }
        let screen = try session.waitFor(text: "That was the tour of Tick").map { trimmed(Substring($0)) }
        let script = try String(contentsOfFile: expected, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)
        #expect(script.count >= 23)
        #expect(Array(screen.prefix(23)) == Array(script.prefix(23)))
        #expect(screen[23] == " ▶ That was the tour of Tick: try it with tick demo")
    }
}
