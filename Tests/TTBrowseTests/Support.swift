import TermTable
import TTBrowseKit

/// A backend that answers only when the test says, in any order: the test controls how slow and how
/// out of order the background work is, without sleeping. Like a real backend whose cancellation is
/// best effort, it can still deliver a result after its ticket was cancelled.
final class ScriptedBackend: LogBackend {
    /// A fingerprint asked for and not answered yet.
    struct Load {
        let ticket: WorkTicket
        let line: Int
        let completion: (String) -> Void
    }

    private(set) var loads: [Load] = []
    /// Every line a fingerprint was asked for, answered or not, in order.
    private(set) var requestedLines: [Int] = []
    private(set) var cancelled: Set<WorkTicket> = []
    private(set) var fetches: [(after: Int, completion: (Result<Int, FetchError>) -> Void)] = []
    private var nextTicket = 0

    func loadFingerprint(ofLine line: Int, completion: @escaping (String) -> Void) -> WorkTicket {
        nextTicket += 1
        loads.append(Load(ticket: nextTicket, line: line, completion: completion))
        requestedLines.append(line)
        return nextTicket
    }

    func cancel(_ ticket: WorkTicket) { cancelled.insert(ticket) }

    func fetchPage(after count: Int, completion: @escaping (Result<Int, FetchError>) -> Void) {
        fetches.append((count, completion))
    }

    /// Answers the load at `index` of the waiting ones with the right fingerprint for the line it asked about.
    func completeLoad(at index: Int) {
        let load = loads.remove(at: index)
        load.completion(LogLines.fingerprint(of: LogLines.text(load.line)))
    }

    /// Answers the oldest fetch still waiting.
    func completeFetch(with result: Result<Int, FetchError>) {
        fetches.removeFirst().completion(result)
    }
}

extension LogBrowser {
    /// Presses each character of `keys` as a key.
    func press(_ keys: String) {
        for character in keys { handle(.character(character)) }
    }

    /// The whole screen as text.
    func screen() -> [String] {
        var canvas = Canvas(width: tableView.frame.width, height: tableView.frame.height + 1)
        render(into: &canvas)
        return canvas.lines
    }

    /// The first line number (1-based) on screen and the screen line where its row starts.
    var topLine: Int? { tableView.indexPathsForVisibleRows.first.map { $0.row + 1 } }
}

/// A browser over `lines` lines on a `width`×`height` screen with a scripted backend.
func makeBrowser(lines: Int, width: Int = 60, height: Int = 16) throws -> (LogBrowser, ScriptedBackend) {
    let backend = ScriptedBackend()
    let browser = try LogBrowser(lineCount: lines, backend: backend, size: Size(width: width, height: height))
    return (browser, backend)
}
