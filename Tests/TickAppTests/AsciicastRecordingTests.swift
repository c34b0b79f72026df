import Foundation
import Testing
import TermTable
@testable import TickApp

/// `tick demo --record`: the tour as an asciicast v2 recording, and the frame encoder under it.
@Suite("Recording the tour")
struct AsciicastRecordingTests {
    /// The recording's lines parsed as JSON: the header object, then the events.
    static func parse(_ recording: String) throws -> (header: [String: Any], events: [[Any]]) {
        let lines = recording.split(separator: "\n").map { Data($0.utf8) }
        let first = try #require(lines.first)
        let header = try #require(try JSONSerialization.jsonObject(with: first) as? [String: Any])
        let events = try lines.dropFirst().map { line in try #require(try JSONSerialization.jsonObject(with: line) as? [Any]) }
        return (header, events)
    }

    @Test("tick demo --record - writes asciicast v2: a header with the size, then [time, \"o\", data] events in time order")
    func recordingFormat() throws {
        let tick = try CommandHarness()
        let outcome = tick.run(["demo", "--record", "-"], database: false)
        #expect(outcome.status == 0 && outcome.errors.isEmpty)
        let (header, events) = try Self.parse(outcome.output)
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24)
        #expect(events.count > 100)
        var previous = 0.0
        for event in events {
            #expect(event.count == 3 && event[1] as? String == "o" && event[2] is String, "\(event)")
            let time = try #require(event[0] as? Double)
            #expect(time >= previous)
            previous = time
        }
        // The tour's keys come 150 ms apart and each caption is read for a while: a minute or so, not an instant.
        #expect(previous > 30)
        // ...and under a minute, the held ending included (issue 33): the README's animation is watched whole.
        #expect(previous < 60, "the tour lasts \(previous) s")
        let output = events.compactMap { $0[2] as? String }.joined()
        #expect(output.contains("Water the plants 🪴") && output.contains("That was the tour of Tick: try it with tick demo"))
        #expect(!output.contains("Space pauses"), "a recording offers no keys")
    }

    @Test("The same tour records the same bytes every time, and --delay sets its pace")
    func deterministic() throws {
        let tick = try CommandHarness()
        let first = tick.run(["demo", "--record", "-"], database: false).output
        #expect(first == tick.run(["demo", "--record", "-"], database: false).output)
        let fast = try Self.parse(tick.run(["demo", "--record", "-", "--delay", "15ms"], database: false).output)
        let normal = try Self.parse(first)
        let duration = { (events: [[Any]]) in events.last?.first as? Double ?? 0 }
        #expect(duration(fast.events) < duration(normal.events) / 4)
    }

    @Test("--record FILE writes the file whole and says what it wrote; --record with --print-script is a usage mistake")
    func recordToFile() throws {
        let tick = try CommandHarness()
        let path = tick.file("tour.cast")
        let outcome = tick.run(["demo", "--record", path], database: false)
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("Recorded the tour to \(path): ") && outcome.output.hasSuffix(" frames, asciicast v2\n"))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try Self.parse(written).header["version"] as? Int == 2)
        let mistake = tick.run(["demo", "--record", path, "--print-script"], database: false)
        #expect(mistake.status == 2)
    }

    @Test("A frame after the first writes only the changed stretch of each changed line, then places or hides the cursor")
    func encoderWritesChanges() {
        var encoder = TerminalFrameEncoder()
        var canvas = Canvas(width: 20, height: 3)
        canvas.draw("Buy milk", at: Point(x: 0, y: 0))
        canvas.draw("买牛奶", at: Point(x: 0, y: 1), style: Style(foreground: .red))
        let first = encoder.encode(canvas, cursor: nil)
        #expect(first.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(first.contains("\u{1B}[1;1HBuy milk") && first.contains("\u{1B}[2;1H\u{1B}[0;31m买牛奶"))
        #expect(first.hasSuffix("\u{1B}[?25l"))
        canvas.draw("oat", at: Point(x: 4, y: 0))
        #expect(encoder.encode(canvas, cursor: Point(x: 7, y: 0)) == "\u{1B}[1;5H\u{1B}[0moat\u{1B}[1;8H\u{1B}[?25h")
        #expect(encoder.encode(canvas, cursor: Point(x: 7, y: 0)) == "\u{1B}[1;8H")
    }

    @Test("A control character in a cell is written as U+FFFD, never raw")
    func encoderNeverWritesControlCharacters() throws {
        var encoder = TerminalFrameEncoder()
        var canvas = Canvas(width: 6, height: 1)
        _ = canvas.put(Glyph(text: "\u{1B}", width: 1), x: 0, y: 0, style: .plain)
        _ = canvas.put(Glyph(text: "\u{07}", width: 1), x: 1, y: 0, style: .plain)
        let bytes = encoder.encode(canvas, cursor: nil)
        let sequences = try Regex("\u{1B}\\[[0-9;?]*[A-Za-z]")
        let text = bytes.replacing(sequences, with: "")
        #expect(text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }, "\(text.debugDescription)")
        #expect(text.hasPrefix("\u{FFFD}\u{FFFD}"))
    }
}
