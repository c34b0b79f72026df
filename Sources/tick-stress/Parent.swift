import Foundation
import TodoStore
import TickTesting

/// The parent: runs the child, kills it with SIGKILL at a random moment, and checks that the store
/// still opens, passes SQLite's integrity check, and holds every change the child reported as done
/// (plus at most the one change in flight when it died).
enum Parent {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(path: String, rounds: Int, seed: UInt64, maximumMilliseconds: Int) throws {
        var random = SplitMix64(seed: seed)
        var model = Model()
        var confirmed = 0
        for round in 1...rounds {
            let childSeed = random.next() % 1_000_000
            let delay = 5 + Int(random.next() % UInt64(max(1, maximumMilliseconds)))
            let output = try runChild(path: path, seed: childSeed, killAfterMilliseconds: delay)
            var inFlight: LogLine.Change?
            for line in output.split(separator: "\n") {
                switch LogLine(line) {
                case .begin(let change): inFlight = change
                case .done(let change, let id):
                    model.apply(change, id: id)
                    inFlight = nil
                    confirmed += 1
                case nil: break  // the line the kill cut short
                }
            }
            model = try verify(path: path, expected: model, inFlight: inFlight, round: round, seed: childSeed)
            print("round \(round): killed after \(delay) ms, \(model.todos.count) todos, ok")
        }
        print("\(rounds) rounds, \(confirmed) changes reported done, none lost")
    }

    private static func runChild(path: String, seed: UInt64, killAfterMilliseconds: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["child", "--db", path, "--seed", String(seed)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var output = [UInt8]()
        let deadline = Date().addingTimeInterval(Double(killAfterMilliseconds) / 1000)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 5) > 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                output += buffer[0..<count]
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Checks the store against the model; returns the store's state (the model, or the model with
    /// the in-flight change applied, when its commit made it before the kill).
    private static func verify(path: String, expected: Model, inFlight: LogLine.Change?, round: Int, seed: UInt64) throws -> Model {
        let store: TodoStore
        do {
            store = try TodoStore(path: path)
        } catch {
            throw Failure(description: "round \(round) (child seed \(seed)): the store no longer opens: \(error)")
        }
        defer { store.close() }
        guard store.integrityCheck() == "ok" else {
            throw Failure(description: "round \(round) (child seed \(seed)): integrity check: \(store.integrityCheck())")
        }
        var actual = Model()
        for item in try store.flatOrder() { actual.todos[item.id] = (item.title, item.isDone) }
        // The maintained counts and the rank index must agree with the rows.
        let query = SectionQuery(listID: TodoStore.inboxListID)
        guard try store.count(query) == actual.todos.count, store.count == actual.todos.count,
              Set(try store.items(query, in: 0..<actual.todos.count).map(\.id)) == Set(actual.todos.keys) else {
            throw Failure(description: "round \(round) (child seed \(seed)): counts or rank index disagree with the rows")
        }
        if actual == expected { return actual }
        if let change = inFlight, matches(actual, expected, after: change) { return actual }
        let missing = expected.todos.keys.filter { actual.todos[$0] == nil }
        throw Failure(description: "round \(round) (child seed \(seed)): a change reported done is missing "
            + "(expected \(expected.todos.count) todos, found \(actual.todos.count); missing ids \(missing.prefix(5)))")
    }

    /// Whether `actual` is `expected` with the in-flight change applied.
    private static func matches(_ actual: Model, _ expected: Model, after change: LogLine.Change) -> Bool {
        var candidate = expected
        switch change {
        case .add(let title):
            guard let extra = actual.todos.first(where: { expected.todos[$0.key] == nil && $0.value.title == title }) else { return false }
            candidate.apply(change, id: extra.key)
        case .toggle(let id), .delete(let id), .rename(let id, _):
            candidate.apply(change, id: id)
        }
        return candidate == actual
    }
}
