import Foundation
import TickTesting
import TodoStore

/// Generated stores kept between runs under one folder, keyed by size, the store's schema version
/// (read from the SQLite header of a freshly created store) and the generator's version.
struct StoreCache {
    /// The folder holding the cached stores.
    let directory: String
    /// Where scratch copies go; removed by the caller.
    let scratchDirectory: String

    /// The schema version a new store gets today (`PRAGMA user_version`, bytes 60–63 of the file).
    func schemaVersion() throws -> Int {
        let path = scratchDirectory + "/schema-probe.db"
        let store = try TodoStore(path: path)
        store.close()
        defer { removeStore(at: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot read \(path)") }
        defer { try? handle.close() }  // read-only handle: closing cannot lose data
        let header = handle.readData(ofLength: 64)
        guard header.count == 64 else { throw BenchError("\(path) has no SQLite header") }
        return header[60..<64].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The cached store of `size` todos, generated first when missing; also says how long generating took.
    func store(size: Int, schema: Int) throws -> (path: String, generationSeconds: Double?) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // The due days are spread around the day of generation: a store is made again on another day,
        // so its agenda never drifts into "everything overdue".
        let path = "\(directory)/todos-\(size)-schema\(schema)-gen\(TodoGenerator.version)-\(TodoGenerator.iso(days: Self.today)).db"
        if FileManager.default.fileExists(atPath: path) {
            try settle(path)
            return (path, nil)
        }
        let building = path + ".building"
        removeStore(at: building)
        let start = Measure.now()
        try generate(size: size, at: building)
        let seconds = Double(Measure.now() - start) / 1e9
        guard rename(building, path) == 0 else { throw BenchError("cannot rename \(building)") }
        return (path, seconds)
    }

    /// A scratch copy of `path` that measurements may change freely.
    func scratchCopy(of path: String, name: String) throws -> String {
        let copy = "\(scratchDirectory)/\(name).db"
        removeStore(at: copy)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    /// Today in UTC, as days since 1970-01-01.
    static let today = Int((Date().timeIntervalSince1970 / 86_400).rounded(.down))

    /// Removes a store file with its WAL and shared-memory files.
    func removeStore(at path: String) {
        // Some of these never exist; a stale one that cannot be removed makes the store's open fail, which says why.
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Fills a new store with `size` generated todos through the store's bulk import, in chunks so
    /// that the generated values never all sit in memory at once.
    private func generate(size: Int, at path: String) throws {
        let store = try TodoStore(path: path, historyDepth: 0)
        defer { store.close() }
        var generator = TodoGenerator(dueCenter: Self.today)
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let chunk = 100_000
        var number = 0
        while number < size {
            let end = min(size, number + chunk)
            let items = (number..<end).map { generator.todo(number: $0 + 1, now: now) }
            try store.importItems(items)
            number = end
        }
        guard store.count == size else { throw BenchError("generated store holds \(store.count) todos, not \(size)") }
        store.close()
        try settle(path)
    }

    /// Brings a store to the state of one grown by use, where Tick's idle time has done its work:
    /// no history of its bulk creation (or the first changes measured would spend their time
    /// pruning it), and a search index merged into few segments (or Tick's idle merging, 5–15 ms a
    /// step at a million todos, would land in the measurements of keys that leave it idle for the
    /// 250 ms a response may take to start). A quick no-op on stores already settled.
    private func settle(_ path: String) throws {
        let store = try TodoStore(path: path, historyDepth: 0)
        defer { store.close() }
        try store.clearHistory()
        while store.tidySearchIndex(pages: 4096) {}
    }
}
