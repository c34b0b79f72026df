import Foundation
import Testing
@testable import TodoStore

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
}
