import Foundation
import Testing
@testable import TodoStore

@Suite("Where the store lives")
struct LocationTests {
    @Test("the default path follows TICK_DB, then an absolute XDG_DATA_HOME, then HOME", arguments: [
        (["TICK_DB": "/data/my.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"], "/data/my.db"),
        (["TICK_DB": "relative.db", "HOME": "/home/ann"], "relative.db"),
        (["TICK_DB": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"], "/xdg/tick/tick.db"),
        (["XDG_DATA_HOME": "/xdg/", "HOME": "/home/ann"], "/xdg/tick/tick.db"),
        (["XDG_DATA_HOME": "relative/xdg", "HOME": "/home/ann"], "/home/ann/.local/share/tick/tick.db"),
        (["XDG_DATA_HOME": "", "HOME": "/home/ann"], "/home/ann/.local/share/tick/tick.db"),
        (["HOME": "/home/ann"], "/home/ann/.local/share/tick/tick.db"),
    ])
    func defaultPath(environment: [String: String], expected: String) {
        #expect(TodoStore.defaultPath(environment: environment) == expected)
    }

    @Test("without HOME the default path falls back to the account's home folder")
    func defaultPathWithoutHome() {
        let path = TodoStore.defaultPath(environment: [:])
        #expect(path.hasSuffix("/.local/share/tick/tick.db"))
        #expect(path.hasPrefix("/"))
    }

    // The umask is process-wide and other suites run in parallel, so this test leaves it alone.
    @Test("missing folders are created 0700 and the store file 0600")
    func privatePermissions() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/data/tick/tick.db"
            let store = try openStore(path)
            try store.add(title: "private")
            #expect(mode(of: folder + "/data") == 0o700)
            #expect(mode(of: folder + "/data/tick") == 0o700)
            #expect(mode(of: path) == 0o600)
            // The store is made under a temporary name and linked into place: nothing else is left.
            store.close()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/data/tick") == ["tick.db"])
        }
    }

    @Test("several processes creating the same store at once all open the one that won, and none fails")
    func concurrentCreation() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let failures = Failures()
            // Threads stand in for processes: each has its own connection, and creation is all file work.
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                do {
                    let store = try openStore(path)
                    try store.add(title: "from \(index)")
                    store.close()
                } catch {
                    failures.append("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            let store = try openStore(path)
            defer { store.close() }
            #expect(try allTitles(store).sorted() == (0..<4).map { "from \($0)" })
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("tick-new") }.isEmpty)
        }
    }

    @Test("an existing folder keeps its permissions")
    func existingFolderUntouched() throws {
        try withTemporaryFolder { folder in
            #expect(chmod(folder, 0o750) == 0)
            _ = try openStore(folder + "/tick.db")
            #expect(mode(of: folder) == 0o750)
        }
    }

    @Test("a folder where the store file should be is reported, not replaced")
    func folderInTheWay() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect { try openStore(path) } throws: { error in
                guard case let StoreError.notATickStore(_, reason) = error else { return false }
                return "\(error)".contains(path) && reason.contains("a folder")
            }
        }
    }
}

/// Errors gathered from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
