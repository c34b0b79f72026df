import Foundation
import TermTable
@testable import TickApp
import TodoStore

/// A temporary store file, removed when the test ends.
final class TemporaryStore {
    private let scratch: ScratchFolder
    let directory: URL
    let path: String
    private(set) var store: TodoStore

    init() throws {
        scratch = try ScratchFolder("app")
        directory = scratch.url
        path = directory.appendingPathComponent("tick.db").path
        store = try TodoStore(path: path)
    }

    /// Closes and opens the file again, as quitting and restarting Tick would.
    func reopen() throws -> TodoStore {
        store.close()
        store = try TodoStore(path: path)
        return store
    }

    deinit {
        store.close()
    }
}

/// Runs a key script on a fresh app over the store and returns the screen's lines.
func play(_ script: String, on store: TodoStore, size: Size = Size(width: 40, height: 8)) throws -> [String] {
    let keys = try KeyScript.parse(script)
    return ScriptRunner.run(keys: keys, store: store, size: size).screen.lines
}

/// An app over the store, for tests that drive keys one by one.
func makeApp(_ store: TodoStore, size: Size = Size(width: 40, height: 8)) -> TickApp {
    TickApp(store: store, size: size)
}

extension TickApp {
    /// Sends every key of a script; each key's search finishes before the next key, as in a key script.
    func type(_ script: String) throws {
        for key in try KeyScript.parse(script) {
            handle(key)
            waitForSearch()
        }
    }

    /// The screen's lines now.
    var screenLines: [String] { renderScreen().canvas.lines }
}

/// Screen lines without the scroll indicator in the last column (and the spaces before it).
func withoutIndicator(_ lines: [String]) -> [String] {
    lines.map { line in
        var line = line
        if let last = line.last, "│┃".contains(last) { line.removeLast() }
        while line.last == " " { line.removeLast() }
        return line
    }
}
