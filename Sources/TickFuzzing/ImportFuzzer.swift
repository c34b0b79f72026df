import Foundation
import TodoStore
import TickTesting

/// Feeds random and mutated todo.txt and JSON to the importers' decoders: each must return a document
/// or a file:line error, never crash or hang.
public struct ImportFuzzer {
    var random: SplitMix64

    /// A fuzzer whose inputs follow from `seed`.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Decodes one input as todo.txt and as JSON; a crash ends the process, which is the failure.
    /// Returns how many of the two decoded without an error.
    @discardableResult
    public static func check(_ data: Data) -> Int {
        // Refusing the input is a valid outcome here; the fuzzer looks for crashes, not for errors.
        ((try? TodoTxtFormat.decode(data)) != nil ? 1 : 0) + ((try? JSONFormat.decode(data)) != nil ? 1 : 0)
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

    /// Decodes `count` inputs of each format; returns how many decoded without an error.
    public mutating func run(count: Int) -> Int {
        var decoded = 0
        for _ in 0..<count {
            let garbage = Data((0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            // As above: a refused mutant is counted as not decoded, which is the figure this reports.
            if (try? TodoTxtFormat.decode(mutate(Self.todoTxt))) != nil { decoded += 1 }
            if (try? JSONFormat.decode(mutate(Self.json))) != nil { decoded += 1 }
            Self.check(garbage)
        }
        return decoded
    }
}
