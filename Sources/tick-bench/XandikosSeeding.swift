import CalDAV
import Foundation
import TodoStore
import TestSupport
import TodoSync

/// A Xandikos server holding the todos of a store as Tick's first upload leaves them (one collection
/// per list, one item per todo with its place in the list, `X-APPLE-SORT-ORDER`), written straight
/// into the collections' git repositories (one commit each) instead of uploaded: seconds, where
/// Xandikos takes minutes to commit 2,000 uploads one at a time. For BENCH_COMPARE_UPLOADS=0, as
/// `scripts/xandikos-seed.py` does for `scripts/sync-cpu-per-todo.py`.
enum XandikosSeeding {
    /// A running server in `folder` holding every todo of the store at `source`.
    static func server(holdingTodosOf source: String, folder: String) throws -> XandikosServer {
        var items: [String: [ServerItem]] = [:]
        let store = try TodoStore(path: source, readOnly: true)
        defer { store.close() }
        try ICalendarFile.export(store, zone: .fromEnvironment) { text in
            guard text.hasPrefix("BEGIN:VTODO") else { return }
            let item = ServerItem(vtodo: text, keepingSortOrder: true)
            items[item.listName, default: []].append(item)
        }
        // The collections are made by the server (MKCALENDAR), which is then stopped while the items go in.
        let maker = try XandikosServer(folder: folder)
        let client = try CalDAVClient(configuration: .init())
        let home = try ServerURL(maker.homeURL)
        for list in items.keys.sorted() {
            try client.makeCalendar(at: home.resolving(ServerItem.pathSegment(list) + "/"), displayName: list)
        }
        maker.stop()
        for (list, listItems) in items {
            let repository = folder + "/data" + XandikosProcess.homePath + list
            for item in listItems {
                try item.text.write(toFile: repository + "/" + item.fileName, atomically: false, encoding: .utf8)
            }
            try git(["-C", repository, "add", "."])
            try git(["-C", repository, "-c", "user.name=tick-bench", "-c", "user.email=tick-bench@localhost", "commit", "-qm", "seed"])
        }
        return try XandikosServer(folder: folder)
    }

    /// Runs git with `arguments`; throws when it fails.
    private static func git(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("git \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
    }
}
