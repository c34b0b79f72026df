import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// The statement cache hashes a few bytes of each SQL text (`StatementKey`), never all of them:
/// texts that share their length and every sampled byte must still find their own statements.
@Suite("The statement cache's keys")
struct StatementKeyTests {
    @Test("Two texts of the same length that differ only between the sampled bytes run as two statements")
    func textsDifferingBetweenSamplesAreTwoStatements() throws {
        let store = try TodoStore(inMemoryWith: Date.init)
        defer { store.close() }
        let length = 1_000
        let sampled = Set((0..<StatementKey.sampledBytes).map { $0 * (length - 1) / (StatementKey.sampledBytes - 1) })
        // SELECT '…' of `length` bytes; the literal starts at byte 8 and ends 1 byte before the end.
        let unsampled = (8..<(length - 1)).filter { !sampled.contains($0) }
        #expect(unsampled.count > 2)
        func text(changing index: Int?) -> String {
            var body = [UInt8](repeating: UInt8(ascii: "a"), count: length - 9)
            if let index { body[index - 8] = UInt8(ascii: "b") }
            return "SELECT '" + String(decoding: body, as: UTF8.self) + "'"
        }
        let texts = [text(changing: nil), text(changing: unsampled[0]), text(changing: unsampled[1])]
        #expect(texts.allSatisfy { $0.utf8.count == length })
        #expect(Set(texts.map { StatementKey(sql: $0).hashValue }).count == 1)
        for _ in 0..<2 {
            for sql in texts {
                let value = try store.connection.queryFirst(sql) { $0.string(at: 0) }
                #expect(value.map { "SELECT '" + $0 + "'" } == sql)
            }
        }
    }

    /// The positions a text of `count` bytes samples, by the formula they are defined by.
    static func formulaPositions(count: Int) -> [Int] {
        (0..<StatementKey.sampledBytes).map { $0 * (count - 1) / (StatementKey.sampledBytes - 1) }
    }

    @Test("the sampled positions, stepped without a division per byte, are i × (count − 1) / 23 for every length")
    func sampledPositionsFollowTheFormula() {
        var random = SplitMix64(seed: 36)
        let counts = Array((StatementKey.sampledBytes + 1)...2_000) + (0..<200).map { _ in Int.random(in: 2_001...1_000_000, using: &random) }
        for count in counts {
            var positions: [Int] = []
            StatementKey.forEachSampledPosition(count: count) { positions.append($0) }
            #expect(positions == Self.formulaPositions(count: count), "count \(count)")
        }
    }

    @Test("over random texts, keys of equal texts are equal and hash alike; a change between the samples keeps the hash, a change at a sample changes it")
    func equalAndHashOverRandomTexts() {
        var random = SplitMix64(seed: 3_636)
        for _ in 0..<500 {
            let count = Int.random(in: 1...3_000, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
            let text = String(decoding: bytes, as: UTF8.self)
            // The same text built again (another string object) is the same key.
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(StatementKey(sql: text) == StatementKey(sql: copy))
            #expect(StatementKey(sql: text).hashValue == StatementKey(sql: copy).hashValue)
            let sampled = count > StatementKey.sampledBytes ? Set(Self.formulaPositions(count: count)) : Set(0..<count)
            let index = Int.random(in: 0..<count, using: &random)
            var changed = bytes
            changed[index] = bytes[index] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
            let other = String(decoding: changed, as: UTF8.self)
            #expect(StatementKey(sql: text) != StatementKey(sql: other))
            // Sampled: a 64-bit hash of different words; not sampled: the same words.
            #expect((StatementKey(sql: text).hashValue == StatementKey(sql: other).hashValue) == !sampled.contains(index),
                    "count \(count), byte \(index)")
        }
    }
}
