import Foundation
import TermTable
@testable import TickApp
import TodoStore

/// Friday 2026-11-27: the day every scenario lives on, so due dates never depend on the real today.
let scenarioToday = Day(year: 2026, month: 11, day: 27)!
/// 10:00: the time of day every scenario lives at, so whether a due time today is late never depends on the real clock.
let scenarioTimeOfDay = 10 * 60

/// A clock that starts on Friday 2026-11-27 at 09:00 UTC and moves one minute each time it is read,
/// so creation and completion times are distinct and the same on every run.
final class TickingClock: @unchecked Sendable {
    static let start = Date(timeIntervalSince1970: TimeInterval(scenarioToday.ordinal * 86_400 + 9 * 3_600))
    private let lock = NSLock()
    private var readings = 0

    /// The next instant.
    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        readings += 1
        return Self.start.addingTimeInterval(TimeInterval(60 * (readings - 1)))
    }
}

/// A temporary store file that skips syncing to disk (scenarios test behaviour, not durability, and
/// a sync per change would make the random tests slow), removed when the test ends.
final class ScenarioStore {
    private let scratch: ScratchFolder
    let directory: URL
    let path: String
    let clock = TickingClock()
    private(set) var store: TodoStore

    init() throws {
        scratch = try ScratchFolder("scenario")
        directory = scratch.url
        path = directory.appendingPathComponent("tick.db").path
        let clock = clock
        store = try TodoStore(path: path, clock: { clock.now() }, durability: .noSync)
    }

    /// Closes and opens the file again, as quitting and restarting Tick would.
    func reopen() throws -> TodoStore {
        store.close()
        let clock = clock
        store = try TodoStore(path: path, clock: { clock.now() }, durability: .noSync)
        return store
    }

    deinit {
        store.close()
    }
}

/// An app over its own temporary store, with the reference day fixed, drawn after every key as a
/// terminal (and script mode) would. Keeps the store alive as long as the scenario.
final class Scenario {
    let temporary: ScenarioStore
    private(set) var app: TickApp
    let size: Size
    let configuration: Configuration
    let theme: Theme

    /// A store holding `inbox` (in order) and further lists with their todos, in order.
    init(_ inbox: [String] = [], lists: KeyValuePairs<String, [String]> = [:], size: Size = Size(width: 40, height: 8),
         theme: Theme = .standard, configuration: Configuration = Configuration()) throws {
        temporary = try ScenarioStore()
        var previous: Int64?
        for title in inbox { previous = try temporary.store.add(title: title, after: previous).value.id }
        for (name, titles) in lists {
            let list = try temporary.store.addList(named: name).value
            previous = nil
            for title in titles { previous = try temporary.store.add(title: title, listID: list.id, after: previous).value.id }
        }
        self.size = size
        self.configuration = configuration
        self.theme = theme
        app = Self.makeApp(temporary.store, size: size, theme: theme, configuration: configuration)
    }

    private static func makeApp(_ store: TodoStore, size: Size, theme: Theme, configuration: Configuration) -> TickApp {
        // Opened as the binary opens a store: nothing is read again before the first frame, so a
        // scenario sees what a person sees after a fresh start (issue 27: a page or column state left
        // unprimed by the opening showed up only without such a reload).
        let app = TickApp(store: store, size: size, theme: theme, configuration: configuration,
                          today: { scenarioToday }, timeOfDay: { scenarioTimeOfDay })
        // Times in the details in UTC, whatever the machine's zone.
        app.list.localTime = .utc
        _ = app.renderScreen()
        return app
    }

    var store: TodoStore { temporary.store }
    var list: TodoListController { app.list }
    var table: TableView { app.list.tableView }

    /// Plays keys in key-script notation, drawing after each one; each key's search finishes
    /// before the next key, as in a key script.
    func type(_ script: String) throws {
        for key in try KeyScript.parse(script) {
            app.handle(key)
            app.waitForSearch()
            _ = app.renderScreen()
        }
    }

    /// Plays keys without waiting for their searches, as a person typing faster than a search.
    func typeWithoutWaiting(_ script: String) throws {
        for key in try KeyScript.parse(script) {
            app.handle(key)
            _ = app.renderScreen()
        }
    }

    /// Quits and starts Tick again on the same file. Quitting writes what the app put off to an idle
    /// moment (the collapsed parents), as the terminal session does however it ends.
    func restart() throws {
        app.saveDeferredState()
        let store = try temporary.reopen()
        app = Self.makeApp(store, size: size, theme: theme, configuration: configuration)
    }

    /// The screen now.
    var canvas: Canvas { app.renderScreen().canvas }

    /// The screen's lines without the scroll indicator column.
    var screen: [String] { withoutIndicator(canvas.lines) }

    /// The status line, with the lines of a long message above it joined to it.
    var status: String { screen.suffix(app.statusRows).joined(separator: " ") }

    /// The line just above the status line and a long message's lines: an input line, a question.
    var lineAboveStatus: String {
        let lines = screen
        return lines[max(0, lines.count - 1 - app.statusRows)]
    }

    /// The highlighted todo's title.
    var selectedTitle: String? { list.selectedItem?.title }

    /// The style of the first cell on `line` whose text starts `text` (nil when the text is not on the line).
    func style(of text: String, onLine line: Int) -> Style? {
        let canvas = self.canvas
        guard let range = canvas.line(line).range(of: text) else { return nil }
        let column = DisplayWidth.of(String(canvas.line(line)[..<range.lowerBound]))
        return canvas[column, line].style
    }

    /// The line showing `text` (first one), or nil.
    func line(containing text: String) -> Int? { canvas.lines.firstIndex { $0.contains(text) } }

    /// Titles of every todo of a list in manual order, done ones included.
    func titles(inList name: String) throws -> [String] {
        guard let list = try store.list(named: name) else { return [] }
        let query = SectionQuery(listID: list.id)
        return try store.items(query, in: 0..<store.count(query)).map(\.title)
    }

    /// The id of a todo by its title.
    func id(of title: String) throws -> Int64 {
        for list in try store.lists() {
            let query = SectionQuery(listID: list.id)
            if let item = try store.items(query, in: 0..<store.count(query)).first(where: { $0.title == title }) { return item.id }
        }
        throw ScenarioError.noSuchTodo(title)
    }

    enum ScenarioError: Error { case noSuchTodo(String) }
}

/// Every list and every todo of a store, all fields: two snapshots are equal exactly when nothing changed.
struct StoreSnapshot: Equatable, CustomStringConvertible {
    var lists: [TodoList]
    var todos: [TodoItem]

    init(_ store: TodoStore) throws {
        lists = try store.lists()
        todos = try lists.flatMap { list in
            let query = SectionQuery(listID: list.id)
            return try store.items(query, in: 0..<store.count(query))
        }
    }

    var description: String {
        lists.map { "\($0.name)#\($0.id)@\($0.position)\($0.isCollapsed ? " collapsed" : "")" }.joined(separator: ", ") + "\n"
            + todos.map { "  #\($0.id) \($0.listID)/\($0.position) \($0.title) p\($0.priority) \($0.due ?? "-") \($0.isDone ? "done" : "open")\($0.isFlagged ? " flagged" : "") notes=\($0.notes.count)" }
                .joined(separator: "\n")
    }
}
