import Foundation
import TodoStore
import TickTesting

/// Feeds random and mutated todo.txt and JSON to the importers' decoders: each must return a document
/// or a file:line error, never crash or hang.
public struct ImportFuzzer {
    var random: SplitMix64

    /// A fuzzer whose inputs follow from `seed`.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Decodes one input as todo.txt and as JSON, whole and a few bytes at a time as `tick import`
    /// reads it; a crash ends the process, which is the failure, and so does a piece-wise reading
    /// that decides otherwise than the whole one. Returns how many of the two decoded without an error.
    @discardableResult
    public static func check(_ data: Data) -> Int {
        // Refusing the input is a valid outcome here; the fuzzer looks for crashes, not for errors.
        let todoTxt = try? TodoTxtFormat.decode(data, zone: .utc, now: now), json = try? JSONFormat.decode(data, now: now)
        let pieceSize = 1 + data.count % 7
        precondition(readTodoTxtInPieces(data, size: pieceSize).map(sameUIDs) == todoTxt.map { sameUIDs($0.todos) },
                     "todo.txt read in pieces of \(pieceSize) differs")
        precondition(readJSONInPieces(data, size: pieceSize).map(sameUIDs) == json.map { sameUIDs($0.todos) }, "JSON read in pieces of \(pieceSize) differs")
        return (todoTxt != nil ? 1 : 0) + (json != nil ? 1 : 0)
    }

    /// The moment done todos without a completion time get, the same for every reading compared.
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The todos of `data` as `TodoTxtReader` reads it twice in pieces of `size` bytes (the second
    /// time with the subtasks' links the first found), or nil when it refuses it.
    static func readTodoTxtInPieces(_ data: Data, size: Int) -> [NewTodo]? {
        var noting = TodoTxtReader(zone: .utc, now: now)
        var todos: [NewTodo] = []
        do {
            for start in stride(from: 0, to: data.count, by: size) {
                _ = try noting.read(data[(data.startIndex + start)..<(data.startIndex + min(data.count, start + size))])
            }
            _ = try noting.finish()
            var reader = TodoTxtReader(zone: .utc, now: now, links: noting.resolvedLinks())
            for start in stride(from: 0, to: data.count, by: size) {
                todos += try reader.read(data[(data.startIndex + start)..<(data.startIndex + min(data.count, start + size))])
            }
            return todos + (try reader.finish())
        } catch {
            return nil
        }
    }

    /// `todos` with the UIDs an import makes up (fresh at each reading) numbered in order of first
    /// appearance, so two readings compare by the links they made.
    static func sameUIDs(_ todos: [NewTodo]) -> [NewTodo] {
        var numbers: [String: String] = [:]
        func number(_ uid: String?) -> String? {
            guard let uid else { return nil }
            if let known = numbers[uid] { return known }
            numbers[uid] = "uid-\(numbers.count)"
            return numbers[uid]
        }
        return todos.map { todo in
            var todo = todo
            todo.uid = number(todo.uid)
            todo.parentUID = number(todo.parentUID)
            return todo
        }
    }

    /// The todos of `data` as `JSONFormat.read` reads it twice in pieces of `size` bytes (the second
    /// time knowing the Inbox), or nil when it refuses it.
    static func readJSONInPieces(_ data: Data, size: Int) -> [NewTodo]? {
        let bytes = Array(data)
        func pieces() -> () -> [UInt8]? {
            var start = 0
            return {
                guard start < bytes.count else { return nil }
                defer { start += size }
                return Array(bytes[start..<min(bytes.count, start + size)])
            }
        }
        var todos: [NewTodo] = []
        guard let first = try? JSONFormat.read(from: pieces(), now: now, todo: { _ in }),
              (try? JSONFormat.read(from: pieces(), now: now, inboxName: first.inboxName, links: first.links,
                                    todo: { todos.append($0) })) != nil else { return nil }
        return todos
    }

    private static let todoTxt = """
    (A) 2026-11-01 Call mom +Family @phone due:2026-12-01
    x 2026-11-20 2026-11-01 Buy milk +Groceries
    Write report +Work due:2026-11-30 t:2026-11-25
    """
    private static let json = """
    {"version":1,"lists":[{"name":"Inbox","todos":[{"title":"A \\"quoted\\" 买","notes":"n\\nl","priority":2,\
    "due":"2026-12-24","flagged":true,"created":"2026-11-01T10:00:00Z","completed":null}]}]}
    """

    private mutating func mutate(_ text: String) -> Data {
        var bytes = Array(text.utf8)
        for _ in 0..<Int(1 + random.next() % 8) {
            guard !bytes.isEmpty else { break }
            let index = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 5 {
            case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.remove(at: index)
            case 2: bytes.insert(contentsOf: bytes[index...].prefix(16), at: index)
            case 3: bytes.insert(contentsOf: Array("[{\"\\:,}]\n".utf8).shuffled(using: &random).prefix(3), at: index)
            default: bytes.removeSubrange(index..<min(bytes.count, index + Int(random.next() % 20)))
            }
        }
        return Data(bytes)
    }

    /// Decodes `count` inputs of each format, each as todo.txt and as JSON; returns how many decodings succeeded.
    public mutating func run(count: Int) -> Int {
        var decoded = 0
        for _ in 0..<count {
            let garbage = Data((0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            // As above: a refused mutant is counted as not decoded, which is the figure this reports.
            decoded += Self.check(mutate(Self.todoTxt)) + Self.check(mutate(Self.json))
            Self.check(garbage)
        }
        return decoded
    }
}
