import Foundation

/// glibc's reading of local time, through the `date` program: the oracle the local-time tests
/// compare Tick's `LocalTime` with, so that they never ask `LocalTime` what to expect.
public enum GlibcDate {
    /// `date` failed or printed something else than asked.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The instant a local time (`2026-12-02 23:59`) names in `zone` (a `TZ` value), as `date -d` reads it.
    public static func instant(_ local: String, in zone: String) throws -> Date {
        let output = try run(zone, ["-d", local, "+%s"])
        guard let seconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "date -d \(local) in \(zone) printed \(output)")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// For each instant (seconds since 1970), the UTC offset `date` prints (seconds east, without the
    /// seconds of a local mean time, which `%z` leaves out) and the local time, `YYYY-MM-DD HH:MM:SS`.
    public static func localTimes(of instants: [Int64], in zone: String) throws -> [(offset: Int, time: String)] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tick-instants-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: input) }
        try instants.map { "@\($0)" }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let lines = try run(zone, ["-f", input.path, "+%z %Y-%m-%d %H:%M:%S"]).split(separator: "\n")
        guard lines.count == instants.count else { throw Failure(description: "date printed \(lines.count) lines for \(instants.count) instants") }
        return lines.map { line in
            let offset = line.prefix(5)
            let sign = offset.first == "-" ? -1 : 1
            let hours = Int(offset.dropFirst().prefix(2)) ?? 0, minutes = Int(offset.dropFirst(3)) ?? 0
            return (sign * (hours * 3600 + minutes * 60), String(line.dropFirst(6)))
        }
    }

    /// `date` with `arguments` under `TZ=zone`; its standard output.
    private static func run(_ zone: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["TZ=\(zone)", "date"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "date \(arguments) in \(zone) exited \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}
