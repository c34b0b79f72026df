import Glibc
import TermTable
import Terminal
import TTBrowseKit

// tt-browse [LINES] [--fail-every N]: a generated log of LINES lines (default 1,000,000) in a TermTable,
// the second client of the engine (issue 21). The logic is TTBrowseKit's; this file only starts
// ncurses, reads keys, hands background results over between keys, and presents frames.

/// Says what went wrong on standard error and exits.
func fail(_ message: String, status: Int32) -> Never {
    _ = Array("tt-browse: \(message)\n".utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

var lineCount = 1_000_000, failEvery = 0, arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--fail-every", let count = arguments.popFirst().flatMap({ Int($0) }), count >= 0 { failEvery = count }
    else if let count = Int(argument.filter { $0 != "_" }), count >= 0 { lineCount = count }
    else { fail("\(argument.debugDescription) is not understood; usage: tt-browse [LINES] [--fail-every N]", status: 2) }
}

let screen: TerminalScreen, browser: LogBrowser
do { screen = try TerminalScreen() } catch { fail("\(error)", status: 1) }
let backend = BackgroundLogBackend(failsEvery: failEvery)
do { browser = try LogBrowser(lineCount: lineCount, backend: backend, size: screen.size) } catch { screen.stop(); fail("\(error)", status: 1) }
var needsFrame = true, signal: Int32?
while !browser.isFinished {
    if needsFrame {
        var canvas = Canvas(width: screen.size.width, height: screen.size.height)
        browser.render(into: &canvas)
        // The table tells which lines slid, so a one-line scroll costs about one line of output.
        screen.present(canvas, scroll: browser.tableView.scrollSinceLastDraw.map { ScrollHint(lines: $0.lines, distance: $0.distance) })
    }
    // Asleep until a key or a signal (a resize comes as a key); while background work is out, awake every
    // 10 ms to take its results.
    let keys = screen.readKeys(timeoutMilliseconds: backend.hasPendingWork ? 10 : -1)
    signal = TerminalScreen.takeTerminationSignal()
    guard let keys, signal == nil else { break }
    keys.forEach(browser.handle)
    // The table is touched on this thread only: results computed elsewhere are handed over here.
    needsFrame = backend.deliverArrivedResults() > 0 || !keys.isEmpty
}
screen.stop()
exit(signal.map { 128 + $0 } ?? 0)
