import Glibc
import TermTable
import Terminal
import TTBrowseKit

// tt-browse [LINES] [--delay MS] [--fail-every N]: a generated log of LINES lines (default 1,000,000)
// in a TermTable, the second client of the engine (issue 21). The logic is TTBrowseKit's; this file
// only starts ncurses, reads keys, hands background results over between keys, and presents frames.

/// Says what went wrong on standard error and exits.
func fail(_ message: String, status: Int32) -> Never {
    let bytes = Array(("tt-browse: " + message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

var lineCount = 1_000_000, delay = 30, failEvery = 0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    let value = argument.hasPrefix("--") ? arguments.popFirst().flatMap { Int($0) } : Int(argument.filter { $0 != "_" })
    switch (argument, value) {
    case ("--delay", let milliseconds?) where milliseconds >= 0: delay = milliseconds
    case ("--fail-every", let count?) where count >= 0: failEvery = count
    case (_, let count?) where !argument.hasPrefix("--") && count >= 0: lineCount = count
    default:
        fail("\(argument.debugDescription) is not understood; usage: tt-browse [LINES] [--delay MS] [--fail-every N]", status: 2)
    }
}

let screen: TerminalScreen
do { screen = try TerminalScreen() } catch { fail("\(error)", status: 1) }
let backend = BackgroundLogBackend(delayMilliseconds: delay, failsEvery: failEvery)
let browser: LogBrowser
do { browser = try LogBrowser(lineCount: lineCount, backend: backend, size: screen.size) } catch {
    screen.stop()
    fail("\(error)", status: 1)
}
var canvas = Canvas(width: screen.size.width, height: screen.size.height)
var status: Int32 = 0
var needsFrame = true
while !browser.isFinished {
    if needsFrame {
        if canvas.width != screen.size.width || canvas.height != screen.size.height {
            canvas = Canvas(width: screen.size.width, height: screen.size.height)
        }
        browser.render(into: &canvas)
        // The table tells which lines slid, so a one-line scroll costs about one line of output.
        let slide = browser.tableView.scrollSinceLastDraw
        screen.present(canvas, scroll: slide.map { ScrollHint(lines: $0.lines, distance: $0.distance) })
        needsFrame = false
    }
    if let signal = TerminalScreen.takeTerminationSignal() { status = 128 + signal; break }
    // Asleep until a key or a signal; while background work is out, awake every 10 ms to take its results.
    guard let keys = screen.readKeys(timeoutMilliseconds: backend.hasPendingWork ? 10 : -1) else { break }
    for key in keys {
        if case .resize = key { screen.invalidate() }
        browser.handle(key)
    }
    // The table is touched on this thread only: results computed elsewhere are handed over here.
    if backend.deliverArrivedResults() > 0 || !keys.isEmpty { needsFrame = true }
}
if status == 0, let signal = TerminalScreen.takeTerminationSignal() { status = 128 + signal }
screen.stop()
exit(status)
