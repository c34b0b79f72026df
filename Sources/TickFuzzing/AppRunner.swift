import TermTable
import TickApp
import TickTesting
import TodoStore

/// Plays `FuzzStep`s on a whole `TickApp` over a store file and checks the app after each key: what
/// `AppFuzzer` draws at random and what a replay of a recorded (or shrunk) script plays go through
/// the same steps and the same checks here.
///
/// The checks: no crash, the rows on screen are the store's rows, cells created stay within the
/// screen's bound, no control character reaches the screen, and the list on screen is the list a
/// fresh open of the same store draws (`checkFreshOpen`). While a change made elsewhere is not yet
/// looked at (`FuzzStep.key`'s `looks`), the screen may rightly differ from the store: only crashes
/// are checked then.
final class AppRunner {
    let path: String
    /// The second connection: another process, or the background sync.
    let elsewhere: TodoStore
    private(set) var store: TodoStore
    private(set) var app: TickApp
    private var canvas = Canvas(width: 80, height: 24)
    /// The tallest screen so far, which bounds the cells the table may have created.
    private var tallest = 24
    /// Whether a change was made elsewhere since the app last looked.
    private var unseen = false
    /// Keys played (and checked) so far.
    private(set) var keysPlayed = 0
    /// Fresh opens compared so far.
    private(set) var freshOpens = 0

    /// How the app's connection writes: durably as the binary does, or, for replays, without syncing
    /// to disk (which only a crash of the machine could tell apart).
    private let durability: TodoStore.Durability

    /// Opens the store at `path` (made already) on two connections and the app on the first, and
    /// draws its first frame, as the binary does before the first key.
    init(path: String, durability: TodoStore.Durability = .full) throws {
        self.path = path
        self.durability = durability
        elsewhere = try TodoStore(path: path, durability: .noSync)
        do {
            store = try TodoStore(path: path, durability: durability)
        } catch {
            elsewhere.close()
            throw error
        }
        app = Self.openApp(on: store, size: Size(width: 80, height: 24))
        _ = app.render(into: &canvas)
    }

    private static func openApp(on store: TodoStore, size: Size) -> TickApp {
        TickApp(store: store, size: size, today: { AppFuzzer<SplitMix64>.today }, timeOfDay: { AppFuzzer<SplitMix64>.timeOfDay })
    }

    /// Closes both connections.
    func close() {
        store.close()
        elsewhere.close()
    }

    /// Quits (writing what waited for an idle moment) and opens the store again on a new connection
    /// with a new app of the same size, as a restart would.
    func restart() throws {
        app.saveDeferredState()
        let size = app.size
        store.close()
        store = try TodoStore(path: path, durability: durability)
        app = Self.openApp(on: store, size: size)
        _ = app.render(into: &canvas)
        unseen = false
    }

    /// Makes `change` on the second connection; returns the store's refusal, after which nothing changed.
    func make(_ change: FuzzChange) -> Error? {
        do {
            try change.apply(on: elsewhere)
        } catch {
            return error
        }
        unseen = true
        return nil
    }

    /// Plays one key (then, with `looks`, lets the app see changes made elsewhere), draws, and checks;
    /// with `freshOpen` the screen is also compared with a fresh open of the store. With `checks`
    /// false only a crash fails, but the app saves what it put off (`freshOpen`) as a checked key
    /// would, so that the keys after it play the same. Returns whether the app finished (a quit key).
    func press(_ key: Key, looks: Bool, freshOpen: Bool, checks: Bool = true) throws -> Bool {
        if case .resize(_, let height) = key { tallest = max(tallest, height) }
        app.handle(key)
        if app.isFinished { return true }
        // Searches finish before the next key, so a script replays exactly.
        app.waitForSearch()
        if looks {
            app.showExternalChanges()
            unseen = false
        }
        _ = app.render(into: &canvas)
        defer { keysPlayed += 1 }
        guard !unseen else { return false }
        if freshOpen {
            // A fresh open stands for a restart: what the app puts off to an idle moment or
            // the quit (the collapsed parents) is written first, as quitting would.
            app.saveDeferredState()
            if checks { try checkFreshOpen() }
        }
        if checks { try check() }
        return false
    }

    /// Compares the list on screen with the list of an app opened afresh on the same store (a new
    /// connection, a new app, told the same view: `SessionView`), cell by cell, text and style, but
    /// for the scroll indicator (it counts rows measured, which a fresh app has not) and the row a swipe
    /// slid aside. An input line or a question below the list shortens it: the fresh app's screen is as
    /// much shorter. Skipped while a layer covers the list, and while a search filters it.
    private func checkFreshOpen() throws {
        let step = keysPlayed
        let table = app.list.tableView
        guard app.showsList, app.list.options.filter == nil, app.list.pendingSearch == nil,
              app.size.width >= TickApp.minimumSize.width, app.size.height >= TickApp.minimumSize.height,
              table.frame.height + 1 >= TickApp.minimumSize.height, app.list.readFailure == nil else { return }
        let view = app.sessionView
        let store = try TodoStore(path: path, durability: .noSync)
        defer { store.close() }
        // As tall as the list and the status line: the lines an input line takes are left out.
        let fresh = TickApp(store: store, size: Size(width: app.size.width, height: table.frame.height + 1),
                            today: app.list.today, timeOfDay: app.list.timeOfDay)
        fresh.restore(view)
        // The theme `T` chose is this session's, as the view is: the fresh app is told it too.
        fresh.useTheme(app.themeName, on: app.themeColors)
        // Its start-up message (a collapsed list's, say) may wrap above its status line: the list is what is compared.
        fresh.clearMessage()
        let freshCanvas = fresh.renderScreen().canvas
        freshOpens += 1
        let frame = table.frame
        let swiped = table.indexPathForSwipedRow.flatMap { table.rectForRow(at: $0) }
        for y in frame.minY..<min(frame.maxY, canvas.height) {
            if let swiped, y >= swiped.minY, y < swiped.maxY { continue }
            for x in frame.minX..<min(frame.maxX - 1, canvas.width) where canvas[x, y] != freshCanvas[x, y] {
                let lines = (frame.minY..<min(frame.maxY, canvas.height)).map { "  \(canvas.line($0).debugDescription)  |  \(freshCanvas.line($0).debugDescription)" }
                throw FuzzFailure(.freshOpen, "step \(step): line \(y), column \(x) differs from a fresh open of the store (\(view)):\n"
                                  + "  this app  |  a fresh open\n" + lines.joined(separator: "\n"))
            }
        }
        guard app.list.counts == fresh.list.counts, app.list.lists.map(\.id) == fresh.list.lists.map(\.id) else {
            throw FuzzFailure(.freshOpenCounts, "step \(step): the counts or lists differ from a fresh open of the store")
        }
    }

    private func check() throws {
        let step = keysPlayed
        let table = app.list.tableView
        let created = table.reuseStatistics.cellsCreated
        guard created <= tallest + 2 else {
            throw FuzzFailure(.cellsCreated, "step \(step): \(created) cells created for a screen at most \(tallest) lines tall")
        }
        guard !app.hasOverlay, canvas.width >= 40 else { return }  // the list is covered, or too narrow to read titles
        for indexPath in table.indexPathsForVisibleRows {
            guard let rect = table.rectForRow(at: indexPath), rect.minY >= 1, table.indexPathForSwipedRow != indexPath else { continue }
            let query = app.list.query(forSection: indexPath.section)
            // Below a collapsed parent the table's rows are the store's less the subtasks it hides.
            let row = app.list.storeRow(for: indexPath)
            guard let truth = try store.items(query, in: row..<(row + 1)).first else {
                throw FuzzFailure(.rowMissing, "step \(step): row \(indexPath) (store row \(row)) is on screen but the store has no such row")
            }
            // Compared as scalars: a glyph can end in a joiner that would merge graphemes in a String search.
            // Up to the first space: with titles wrapped, a word too long for what is left of the
            // first line starts on the next one.
            let glyphs = GlyphSequence(truth.title).prefix(4)
            let firstWord = glyphs.prefix { !$0.scalars.values.allSatisfy { $0 == 0x20 } }
            let prefix = (firstWord.isEmpty ? Array(glyphs.prefix(1)) : Array(firstWord)).flatMap { $0.scalars.values }
            let line = canvas.line(rect.minY)
            let scalars = line.unicodeScalars.map(\.value)
            let found = prefix.isEmpty || (0...max(0, scalars.count - prefix.count)).contains { Array(scalars.dropFirst($0).prefix(prefix.count)) == prefix }
            guard found || line.hasPrefix("▾") || line.hasPrefix("▸") else {
                throw FuzzFailure(.rowTitle, "step \(step): row \(indexPath) (store row \(row)) shows \(line.debugDescription); the store has \(visible(truth.title))")
            }
        }
        for cell in canvas.cells {
            var bad = false
            cell.scalars.forEach { if $0 < 0x20 || (0x7F...0x9F).contains($0) { bad = true } }
            guard !bad else { throw FuzzFailure(.controlCharacter, "step \(step): a control character reached the canvas") }
        }
    }
}
