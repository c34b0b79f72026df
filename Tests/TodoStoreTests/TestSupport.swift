import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Runs `body` with a fresh private folder that is removed afterwards, so tests can run in parallel.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let scratch = try ScratchFolder("store-test")
    return try withExtendedLifetime(scratch) { try body(scratch.folderPath) }
}

/// A clock that always says the same instant, so stored times are predictable.
let fixedNow = Date(timeIntervalSince1970: 1_700_000_000.123)
let fixedClock: @Sendable () -> Date = { fixedNow }

/// Opens a store at `path` with the fixed clock.
func openStore(_ path: String, readOnly: Bool = false) throws -> TodoStore {
    try TodoStore(path: path, readOnly: readOnly, clock: fixedClock)
}

/// Creates a store holding `titles` in that order in the Inbox (one step each) and closes it.
func makeStore(_ path: String, titles: [String]) throws {
    let store = try openStore(path)
    try store.add(titles: titles)
    store.close()
}

/// The titles of every todo in the flat order (every list, each by position), read from the rows.
func allTitles(_ store: TodoStore) throws -> [String] {
    try store.flatOrder().map(\.title)
}

/// The file's exact bytes, to prove that a refused open changed nothing.
func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The permission bits of a file or folder.
func mode(of path: String) -> mode_t {
    var info = stat()
    _ = stat(path, &info)
    return info.st_mode & 0o777
}

