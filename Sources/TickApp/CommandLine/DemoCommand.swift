import Glibc
import FoundationEssentials
import TermTable
import Terminal
import TodoStore

/// `tick demo`: plays the built-in tour live in the terminal on a throwaway store, or records it.
struct DemoCommand: Subcommand {
    static let description = CommandDescription(
        name: "demo", summary: "Play a tour of Tick in the terminal, on a throwaway store.",
        options: [
            OptionDescription("delay", value: .text("TIME"), help: "pause after each key, like 150ms (the default) or 0.5s"),
            OptionDescription("print-script", help: "print the tour's key script instead of playing it"),
            OptionDescription("record", value: .file("FILE"),
                              help: "write the tour as an asciicast v2 recording to FILE (- for standard output) instead of playing it"),
        ],
        discussion: """
        The tour types its keys at human speed with a caption line saying what each step shows: adding, \
        marking done, swiping, a full swipe, undo, search, resizing, lists, a glimpse of tick ls. Space pauses, q stops. It uses \
        a temporary store (your todos are never touched) and the standard keys (your config file is ignored). \
        --record needs no terminal: it plays the tour on an 80x24 screen of its own, at once, and writes what \
        a terminal would have shown, with the tour's timing, for asciinema play or an SVG renderer.
        """,
        examples: ["tick demo", "tick demo --delay 60ms", "tick demo --print-script > tour.keys && tick --script tour.keys --frames",
                   "tick demo --record tour.cast && asciinema play tour.cast"],
        usesStore: false)

    /// Human speed: the pause after each key when no --delay is given.
    static let defaultDelay = 150

    /// The size of a recording: the one the tour was written for.
    static let recordingSize = Size(width: 80, height: 24)

    let delay: Int
    let printsScript: Bool
    let recordingPath: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        printsScript = arguments.has("print-script")
        recordingPath = arguments.value("record")
        if recordingPath?.isEmpty == true { throw UsageError(message: "--record needs a file (- for standard output)") }
        if printsScript && recordingPath != nil { throw UsageError(message: "--print-script and --record do not go together") }
        if let text = arguments.value("delay") {
            guard let milliseconds = KeyScript.parseDuration(text), milliseconds <= 60_000 else {
                throw UsageError(message: "--delay wants a duration up to a minute, like 150ms or 1s (got \"\(text)\")")
            }
            delay = milliseconds
        } else {
            delay = Self.defaultDelay
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        if printsScript {
            try context.emit(DemoTour.script + "\n")
            return 0
        }
        if let recordingPath { return try record(to: recordingPath, in: context) }
        do {
            try TerminalPreflight.checkTerminal()
        } catch {
            throw CommandFailure("\(error); tick demo plays in a terminal (tick demo --print-script prints the tour as a key script)")
        }
        return try Self.withThrowawayStore { store in
            let steps = try KeyScript.parseSteps(DemoTour.script)
            let screen = try TerminalScreen(options: TerminalOptions(mouse: false))
            let player = makePlayer(for: store, on: screen)
            var outcome = player.play(steps)
            if outcome == .finished { outcome = player.hold(saying: DemoTour.ending) }
            screen.stop()
            if case .signal(let number) = outcome { return 128 + number }
            return 0
        }
    }

    /// `--record FILE`: plays the tour on a recording and writes it, replacing FILE only once complete.
    private func record(to path: String, in context: CommandContext) throws -> Int32 {
        let recorder = AsciicastRecorder(size: Self.recordingSize, title: "A tour of Tick")
        try Self.withThrowawayStore { store in
            let player = makePlayer(for: store, on: recorder)
            player.showsControls = false
            _ = player.play(try KeyScript.parseSteps(DemoTour.script))
            player.end(saying: DemoTour.recordingEnding)
            recorder.hold(milliseconds: 3000)
        }
        if path == "-" {
            try context.emit(recorder.text)
            return 0
        }
        let writer = try ExportFileWriter(path: path)
        do {
            try writer.write(recorder.text)
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
        let seconds = (recorder.durationMilliseconds + 500) / 1000
        context.print("Recorded the tour to \(TodoTable.safe(path).text): \(seconds) s, \(recorder.eventCount) frames, asciicast v2")
        return 0
    }

    /// A player of the tour on `surface`, with its pauses timed for this delay.
    private func makePlayer(for store: TodoStore, on surface: any PlaybackSurface) -> LivePlayer {
        let app = TickApp(store: store, size: surface.size)
        let player = LivePlayer(app: app, screen: surface, delayMilliseconds: delay)
        // The tour's pauses were timed for the default delay; a faster or slower tour scales them too.
        player.waitScale = Double(delay) / Double(Self.defaultDelay)
        return player
    }

    /// Runs `body` on a new store in a private temporary folder, removed afterwards.
    private static func withThrowawayStore<T>(_ body: (TodoStore) throws -> T) throws -> T {
        let folder = try temporaryFolder()
        // The demo's throwaway store: failing to tidy it leaves a file in the temp folder and loses nothing.
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try TodoStore(path: folder + "/demo.db", durability: .noSync)
        defer { store.close() }
        return try body(store)
    }

    /// A private folder for the throwaway store.
    static func temporaryFolder() throws -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/tmp/"
        var template = Array((base + "tick-demo-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw CommandFailure("cannot create a temporary folder for the demo store") }
        return String(cString: created)
    }
}
