import FoundationEssentials

/// Writing many rows with few statements.
///
/// Inside a transaction, every statement that fires triggers opens a statement savepoint, and
/// SQLite 3.40's FTS5 flushes its pending index data to a new segment at each savepoint. One
/// statement per row therefore costs a flush (and later merges) per row; a statement per chunk
/// of rows costs one per chunk, several times faster for batches and imports.
extension TodoStore {
    /// Ids per `IN (…)` list: well under SQLite's 32,766 parameters, big enough to amortize.
    static let idChunkSize = 256

    /// Runs `sql`, whose `IN (#)` stands for a list of id placeholders, once per chunk of `ids`;
    /// `leading` values bind before the ids. Short chunks repeat their last id, so only one
    /// statement text is ever prepared (and cached).
    func runChunked(_ sql: String, ids: [Int64], leading: [any SQLiteBindable] = []) throws {
        guard !ids.isEmpty else { return }
        if ids.count == 1 {
            // The common single-todo case: no 256-value IN list to bind and build.
            try connection.run(TextFormatting.replacing("IN (#)", with: "= ?", in: sql), leading + [ids[0]])
            return
        }
        let statement = TextFormatting.replacing("(#)", with: "(\(Self.placeholders(Self.idChunkSize)))", in: sql)
        for chunk in Self.paddedChunks(ids, size: Self.idChunkSize) {
            try connection.run(statement, leading + chunk)
        }
    }

    /// `ids` in chunks of exactly `size` values to bind, the last one padded by repeating its last id
    /// (harmless in an `IN (…)` list), so one prepared statement serves every chunk.
    static func paddedChunks(_ ids: [Int64], size: Int) -> [[any SQLiteBindable]] {
        stride(from: 0, to: ids.count, by: size).map { start in
            var chunk = Array(ids[start..<min(start + size, ids.count)])
            chunk += Array(repeating: chunk[chunk.count - 1], count: size - chunk.count)
            return chunk.map { $0 as any SQLiteBindable }
        }
    }

    /// "?, ?, …" with `count` placeholders.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
