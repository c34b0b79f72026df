import Foundation
import TodoStore
import TickTesting

/// A todo as the sync must leave it on every device and on the server.
struct ExpectedTodo: Equatable, CustomStringConvertible {
    var title: String
    var isDone: Bool
    var list: String

    var description: String { "\"\(title)\"\(isDone ? " (done)" : "") in \(list)" }
}

/// One "device" of `tick-stress sync`: a store of its own, a config file whose `sync` lines name the
/// server, and the real `tick` binary to run `tick sync` (and other commands) on it.
struct SyncDevice {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// "A" or "B": starts every title the device makes, so messages say whose a todo is.
    let name: String
    let storePath: String
    let configPath: String
    /// The `tick` built next to this program.
    static let tick = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("tick").path

    init(name: String, folder: URL, homeURL: String) throws {
        self.name = name
        storePath = folder.appendingPathComponent("\(name).db").path
        configPath = folder.appendingPathComponent("\(name).config").path
        try "sync url \(homeURL)\nsync user \(SyncServer.user)\n".write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Starts `tick ARGUMENTS` on this device's store, its output going to `output`.
    func start(_ arguments: [String], output: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tick)
        process.arguments = ["--db", storePath] + arguments
        process.environment = ["TICK_CONFIG": configPath, "TICK_SYNC_PASSWORD": SyncServer.password,
                               "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
        try Data().write(to: output)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        return process
    }

    /// Runs `tick ARGUMENTS` to the end: its exit status and output.
    func run(_ arguments: [String], output: URL) throws -> (status: Int32, output: String) {
        let process = try start(arguments, output: output)
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    /// The store's todos by UID, after checking that it opens, passes SQLite's integrity check,
    /// holds each UID once and has nothing waiting to go up.
    func todos() throws -> [String: ExpectedTodo] {
        let store = try TodoStore(path: storePath)
        defer { store.close() }
        let check = store.integrityCheck()
        guard check == "ok" else { throw Failure(description: "device \(name): integrity check: \(check)") }
        let lists = Dictionary(uniqueKeysWithValues: try store.lists().map { ($0.id, $0.name) })
        var todos: [String: ExpectedTodo] = [:]
        for item in try store.flatOrder() {
            let todo = ExpectedTodo(title: item.title, isDone: item.isDone, list: lists[item.listID] ?? "?")
            if let other = todos.updateValue(todo, forKey: item.uid) {
                throw Failure(description: "device \(name): UID \(item.uid) twice: \(other) and \(todo)")
            }
        }
        let pending = try store.pendingSyncChanges()
        guard pending.isEmpty else {
            throw Failure(description: "device \(name): \(pending.count) changes still wait to go up after two clean syncs")
        }
        return todos
    }
}
