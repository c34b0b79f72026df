import Foundation
import TickTesting
import TodoStore
import TodoSync

/// A Radicale storage folder holding a store's todos as VTODO items, and a store synced with it,
/// kept together under `.build/bench-stores` so that only the first `make bench` pays for them.
///
/// Uploading 100,000 todos through Radicale would take many minutes, so the server side is written
/// straight into Radicale's filesystem storage (one `.ics` file per todo, named by its UID as a sync
/// names it, one collection per list with its `.Radicale.props`), and the store side is one
/// download sync from it (after `radicale --verify-storage` has filled Radicale's item cache). Both
/// are copied back pristine before each measurement.
struct SyncedPair {
    /// Bumped whenever the prepared pair changes (its items, the collections, the way it is made).
    static let version = 1

    /// The folder of a prepared pair: `store.db` and `storage/`.
    let folder: String
    /// How long the download sync that made the store took, when the pair was made now.
    var downloadSeconds: Double?
    /// The requests that download sync sent, when the pair was made now.
    var downloadRequests: Int?

    /// The store inside the pair.
    var store: String { folder + "/store.db" }
    /// Radicale's storage folder inside the pair.
    var storage: String { folder + "/storage" }

    /// The cached pair made from `source` (a generated store of `size` todos), made first when missing.
    static func cached(size: Int, schema: Int, source: String, in directory: String, python: String,
                       scratch: String) throws -> SyncedPair {
        let folder = "\(directory)/synced-\(size)-schema\(schema)-gen\(TodoGenerator.version)-pair\(version)"
        if FileManager.default.fileExists(atPath: folder) { return SyncedPair(folder: folder) }
        let building = folder + ".building"
        try? FileManager.default.removeItem(atPath: building)  // a half-made pair from an interrupted run; creating it again says if it is stuck
        try FileManager.default.createDirectory(atPath: building, withIntermediateDirectories: true)
        var pair = SyncedPair(folder: building)
        var start = Measure.now()
        let count = try pair.writeServerItems(from: source)
        progress(String(format: "wrote %d VTODO files into Radicale's storage in %.1f s; filling its cache…", count, seconds(since: start)))
        start = Measure.now()
        try RadicaleServer.fillCache(python: python, folder: scratch + "/radicale-verify", storage: pair.storage)
        progress(String(format: "cache filled in %.1f s; downloading them into a fresh store…", seconds(since: start)))
        let server = try RadicaleServer(python: python, folder: scratch + "/radicale-prepare", storage: pair.storage)
        defer { server.stop() }
        let store = try TodoStore(path: pair.store, historyDepth: 0)
        start = Measure.now()
        let summary = try SyncRun.engine(store: store, server: server).sync()
        pair.downloadSeconds = seconds(since: start)
        pair.downloadRequests = summary.requests
        guard summary.receivedNew == count, store.count == count else {
            throw BenchError("the download of the prepared server gave \(store.count) todos (\(summary.line)), not \(count)")
        }
        store.close()
        server.stop()
        guard rename(building, folder) == 0 else { throw BenchError("cannot rename \(building)") }
        return SyncedPair(folder: folder, downloadSeconds: pair.downloadSeconds, downloadRequests: pair.downloadRequests)
    }

    private static func seconds(since start: UInt64) -> Double { Double(Measure.now() - start) / 1e9 }

    /// Copies the pair to `destination` (`store.db`, `storage/`), replacing what is there.
    func copy(to destination: String) throws -> SyncedPair {
        try? FileManager.default.removeItem(atPath: destination)  // an earlier copy; cp below fails if it could not go
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        // cp -a: about 200,000 small files (items and Radicale's cache), far faster than one call per file.
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-a", storage, store, destination + "/"]
        try copy.run()
        copy.waitUntilExit()
        guard copy.terminationStatus == 0 else { throw BenchError("cannot copy \(folder) to \(destination)") }
        return SyncedPair(folder: destination)
    }

    /// Writes every todo of the store at `source` as one item file in its list's collection; returns the count.
    private func writeServerItems(from source: String) throws -> Int {
        let store = try TodoStore(path: source, readOnly: true)
        defer { store.close() }
        var collections: Set<String> = []
        var count = 0
        try ICalendarFile.export(store, zone: .fromEnvironment) { text in
            // The export writes the calendar's header, then one VTODO per call, then its end.
            guard text.hasPrefix("BEGIN:VTODO") else { return }
            let item = ServerItem(vtodo: text)
            let name = item.listName.lowercased()
            let collection = RadicaleServer.collectionFolder(storage: storage, name: name)
            if collections.insert(name).inserted {
                try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
                let props = #"{"C:supported-calendar-component-set": "VTODO", "D:displayname": "\#(item.listName)", "tag": "VCALENDAR"}"#
                try props.write(toFile: collection + "/.Radicale.props", atomically: false, encoding: .utf8)
            }
            try item.text.write(toFile: "\(collection)/\(item.fileName)", atomically: false, encoding: .utf8)
            count += 1
        }
        return count
    }
}

/// One exported VTODO as the item a sync would have put on the server.
struct ServerItem {
    /// The whole item: a VCALENDAR around the VTODO.
    var text: String
    /// The list the export named (`X-TICK-LIST`), else the Inbox.
    var listName: String
    /// `UID.ics`, the UID percent-encoded as a sync names items.
    var fileName: String

    /// The item for `vtodo`, without the properties a sync does not write (the list is the
    /// collection) and, unless `keepingSortOrder`, without the place in the manual order
    /// (`X-APPLE-SORT-ORDER`, which Tick's upload writes: kept, the item is as Tick uploads it).
    init(vtodo: String, keepingSortOrder: Bool = false) {
        var kept: [Substring] = []
        var listName = "Inbox", uid = ""
        var dropping = false
        for line in vtodo.split(separator: "\r\n", omittingEmptySubsequences: true) {
            // A folded line continues the property before it.
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                if !dropping { kept.append(line) }
                continue
            }
            dropping = line.hasPrefix("X-TICK-LIST:") || (!keepingSortOrder && line.hasPrefix("X-APPLE-SORT-ORDER:"))
            if line.hasPrefix("X-TICK-LIST:") { listName = String(line.dropFirst("X-TICK-LIST:".count)) }
            if line.hasPrefix("UID:") { uid = String(line.dropFirst("UID:".count)) }
            if !dropping { kept.append(line) }
        }
        text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tick//Tick//EN\r\n" + kept.joined(separator: "\r\n") + "\r\nEND:VCALENDAR\r\n"
        self.listName = listName
        fileName = Self.pathSegment(uid) + ".ics"
    }

    /// `text` with every byte but unreserved ones percent-encoded, as `SyncEngine` names a new item.
    static func pathSegment(_ text: String) -> String {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~".utf8)
        return text.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
}
