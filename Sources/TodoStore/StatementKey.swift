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
        var word: UInt64 = 0
        for index in 0..<sampledBytes {
            // Spread from the first byte to the last one, both included.
            let byte = bytes[index * (count - 1) / (sampledBytes - 1)]
            word = word << 8 | UInt64(byte)
            if index % 8 == 7 {
                hasher.combine(word)
                word = 0
            }
        }
    }
}
