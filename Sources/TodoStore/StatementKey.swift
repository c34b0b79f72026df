/// The SQL text of a cached statement as the statement cache's key, hashed by its length and a few
/// of its bytes instead of all of them.
///
/// Every statement a step runs is looked up by its text, and a write runs dozens, some of them a
/// kilobyte long: hashing whole texts cost about 26,000 instructions a key press (issue 29). Equal
/// keys are still equal texts (`==` compares them whole, at once when both are the same string,
/// as a literal is); texts that share length and samples only share a bucket.
struct StatementKey: Hashable {
    /// The statement's SQL.
    let sql: String

    /// Bytes sampled from the text, spread evenly over it.
    static let sampledBytes = 24

    static func == (lhs: StatementKey, rhs: StatementKey) -> Bool {
        lhs.sql == rhs.sql
    }

    func hash(into hasher: inout Hasher) {
        let utf8 = sql.utf8
        let count = utf8.count
        hasher.combine(count)
        let sampled: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            Self.combineSamples(of: bytes, into: &hasher)
            return true
        }
        // A text not stored contiguously (bridged, rare): hash it whole.
        if sampled == nil { hasher.combine(sql) }
    }

    /// Feeds `sampledBytes` bytes of `bytes` (all of a shorter text) to `hasher`, 8 at a time.
    private static func combineSamples(of bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher) {
        let count = bytes.count
        guard count > sampledBytes else {
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return
        }
        var word: UInt64 = 0, index = 0
        forEachSampledPosition(count: count) { position in
            word = word << 8 | UInt64(bytes[position])
            if index & 7 == 7 {
                hasher.combine(word)
                word = 0
            }
            index += 1
        }
    }

    /// Calls `body` with the `sampledBytes` positions sampled from a text of `count` bytes (more
    /// than `sampledBytes`), spread from the first byte to the last one, both included: position
    /// *i* is `i * (count - 1) / (sampledBytes - 1)`, stepped by the quotient and a carried
    /// remainder, so the only division is the first.
    @inline(__always)
    static func forEachSampledPosition(count: Int, _ body: (Int) -> Void) {
        let steps = sampledBytes - 1
        let (stride, remainder) = (count - 1).quotientAndRemainder(dividingBy: steps)
        var position = 0, carried = 0
        for _ in 0..<sampledBytes {
            body(position)
            position += stride
            carried += remainder
            if carried >= steps {
                carried -= steps
                position += 1
            }
        }
    }
}
