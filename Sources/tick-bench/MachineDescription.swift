import Foundation

/// The machine a benchmark ran on, for the report's header.
struct MachineDescription {
    /// CPU model, cores, memory, kernel, Swift and SQLite versions, and the date, one per entry.
    let entries: [(String, String)]

    /// Reads `/proc`, `uname`, `swift --version` and the SQLite library linked into this program.
    init() {
        // A description only: what cannot be read shows as "unknown" or 0, never as a measurement.
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""  // as above: description only
        let totalKiB = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var names = utsname()
        uname(&names)
        let kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        entries = [
            ("CPU", model),
            ("cores", "\(sysconf(Int32(_SC_NPROCESSORS_ONLN)))"),
            ("RAM", String(format: "%.1f GiB", Double(totalKiB) / 1_048_576)),
            ("kernel", "Linux \(kernel)"),
            ("Swift", Self.swiftVersion()),
            ("SQLite", Self.sqliteVersion()),
            ("date", formatter.string(from: Date()) + " UTC"),
            ("load average at the start", Self.loadAverage()),
        ]
    }

    /// The 1-, 5- and 15-minute load averages: other work on the machine skews the timings.
    static func loadAverage() -> String {
        // Context for the reader, as above: unreadable shows as an empty entry.
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The first line of `swift --version` (the `SWIFT` environment variable names the driver).
    private static func swiftVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [ProcessInfo.processInfo.environment["SWIFT"] ?? "swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }  // shown as such in the description
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "unknown"
    }

    /// `sqlite3_libversion()` of the library this program (and Tick) links.
    private static func sqliteVersion() -> String {
        typealias Version = @convention(c) () -> UnsafePointer<CChar>?
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "sqlite3_libversion") else { return "unknown" }
        guard let version = unsafeBitCast(symbol, to: Version.self)() else { return "unknown" }
        return String(cString: version)
    }

    /// The description as Markdown bullet points.
    var markdown: String {
        entries.map { "- \($0.0): \($0.1)" }.joined(separator: "\n")
    }
}
