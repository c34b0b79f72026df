import Foundation

/// Tick's key-script mode, used for what a pseudo-terminal cannot tell cheaply: the plain text of a
/// screen (to size the byte targets) and, when interactive `--stats` prints nothing, reuse statistics.
struct ScriptScreens {
    /// The `tick` binary.
    let tick: String
    /// The environment the script runs with.
    let environment: [String: String]

    /// Plays `keys` (key-script notation) on the store at `database` and returns what Tick printed:
    /// the final screen as text, then the statistics with `statistics`.
    func run(keys: String, database: String, columns: Int, rows: Int, statistics: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tick)
        process.arguments = ["--db", database, "--no-config", "--script", "-", "--size", "\(columns)x\(rows)"]
            + (statistics ? ["--stats"] : [])
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Feed and drain concurrently-safe enough: scripts are small next to the pipe buffer for output.
        let writer = input.fileHandleForWriting
        let data = Data(keys.utf8)
        DispatchQueue.global().async {
            writer.write(data)
            try? writer.close()  // the keys are written by now: a failed close loses none of them
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed, as: UTF8.self)
    }

    /// The screen's lines: the first `rows` lines of a script's output, padded when fewer.
    static func lines(of printed: String, rows: Int) -> [String] {
        var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).map(String.init)
        while lines.count < rows { lines.append("") }
        return lines
    }

    /// The bytes a minimal repaint of one list row takes: a cursor address (`ESC[row;1H`), the row's text
    /// in UTF-8 and an erase to the end of the line (`ESC[K`). The scroll indicator in the last column is
    /// not part of the row. Trailing blanks are skipped, except on the selected row, whose reverse video
    /// must be painted across them (plus `ESC[7m` and `ESC[m`). Other colors are not counted: plain-text
    /// screens do not carry them.
    static func minimalRepaintBytes(of line: String, row: Int, selected: Bool = false) -> Int {
        var text = Substring(line)
        if let last = text.unicodeScalars.last, (0x2500...0x259F).contains(last.value) || last == "|" {
            text = text.dropLast()
        }
        if selected { return "\u{1B}[\(row + 1);1H".utf8.count + text.utf8.count + 7 }
        while text.last == " " { text = text.dropLast() }
        return "\u{1B}[\(row + 1);1H".utf8.count + text.utf8.count + 3
    }

    /// Parses `cells created N` from statistics output.
    static func cellsCreated(in printed: String) -> Int? {
        statistic("cells created", in: printed)
    }

    /// Parses one counter of the statistics line (`cells created N, dequeued N, …; rows measured N`).
    static func statistic(_ name: String, in printed: String) -> Int? {
        guard let range = printed.range(of: name + " ") else { return nil }
        return Int(printed[range.upperBound...].prefix { $0.isNumber })
    }
}
