import Glibc
import FoundationEssentials
import Terminal
import TodoStore

/// `tick demo`: plays the built-in tour live in the terminal on a throwaway store.
struct DemoCommand: Subcommand {
    static let description = CommandDescription(
        name: "demo", summary: "Play a tour of Tick in the terminal, on a throwaway store.",
        options: [
            OptionDescription("delay", value: .text("TIME"), help: "pause after each key, like 150ms (the default) or 0.5s"),
            OptionDescription("print-script", help: "print the tour's key script instead of playing it"),
        ],
        discussion: """
        The tour types its keys at human speed with a caption line saying what each step shows: adding, \
        marking done, swiping, a full swipe, undo, search, resizing, lists. Space pauses, q stops. It uses \
        a temporary store (your todos are never touched) and the standard keys (your config file is ignored).
        """,
        examples: ["tick demo", "tick demo --delay 60ms", "tick demo --print-script > tour.keys && tick --script tour.keys --frames"],
        usesStore: false)

    /// Human speed: the pause after each key when no --delay is given.
    static let defaultDelay = 150

    let delay: Int
    let printsScript: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        printsScript = arguments.has("print-script")
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
        do {
            try TerminalPreflight.checkTerminal()
        } catch {
            throw CommandFailure("\(error); tick demo plays in a terminal (tick demo --print-script prints the tour as a key script)")
        }
        let folder = try Self.temporaryFolder()
        // The demo's throwaway store: failing to tidy it leaves a file in the temp folder and loses nothing.
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try TodoStore(path: folder + "/demo.db", durability: .noSync)
        defer { store.close() }
        let steps = try KeyScript.parseSteps(DemoTour.script)
        let screen = try TerminalScreen(options: TerminalOptions(mouse: false))
        let app = TickApp(store: store, size: screen.size)
        let player = LivePlayer(app: app, screen: screen, delayMilliseconds: delay)
        // The tour's pauses were timed for the default delay; a faster or slower tour scales them too.
        player.waitScale = Double(delay) / Double(Self.defaultDelay)
        var outcome = player.play(steps)
        if outcome == .finished { outcome = player.hold(saying: DemoTour.ending) }
        screen.stop()
        if case .signal(let number) = outcome { return 128 + number }
        return 0
    }

    /// A private folder for the throwaway store.
    static func temporaryFolder() throws -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/tmp/"
        var template = Array((base + "tick-demo-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else { throw CommandFailure("cannot create a temporary folder for the demo store") }
        return String(cString: created)
    }
}
