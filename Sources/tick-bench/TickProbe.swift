import Foundation

/// Black-box measurements of the real `tick` binary in a pseudo-terminal: time to the first complete
/// frame, peak memory, CPU time and terminal bytes per key.
struct TickProbe {
    /// What one key (or one key sequence counted as a key) cost.
    struct KeySample {
        /// CPU nanoseconds charged to every thread of the process while it handled the key and drew.
        var cpuNanoseconds: UInt64
        /// What was written to the terminal in response.
        var output: [UInt8]
        /// Bytes written to the terminal in response.
        var bytes: Int { output.count }
    }

    /// The `tick` binary.
    let tick: String
    /// The environment every launch starts from.
    let environment: [String: String]
    /// Silence after a response that ends it.
    let quietMilliseconds = 30

    /// The key sequences the benchmark sends (what xterm sends for them).
    enum Keys {
        static let pageDown = "\u{1B}[6~"
        static let escape = "\u{1B}"
        /// F2, bound to nothing: after the first press ("F2 does nothing here") a frame in which nothing changes.
        static let unbound = "\u{1B}OQ"
    }

    /// The status line's counts ("… open · … done"); once they have arrived the frame is complete.
    private static let statusMarker = Array("open \u{00B7}".utf8)

    /// Whether `bytes` contains the status line's counts.
    static func hasStatusLine(_ bytes: [UInt8]) -> Bool {
        let marker = statusMarker
        guard bytes.count >= marker.count else { return false }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            if bytes[start..<(start + marker.count)].elementsEqual(marker) { return true }
        }
        return false
    }

    /// Starts `tick --db database --no-config` (or `--config configPath`) on a `columns`×`rows` terminal
    /// and waits for its first complete frame; returns the process and the milliseconds from spawn to
    /// the frame's last byte.
    func launch(database: String, columns: Int = 80, rows: Int = 24, extraEnvironment: [String: String] = [:],
                extraArguments: [String] = [], configPath: String? = nil) throws -> (process: PseudoTerminalProcess, firstFrameMilliseconds: Double) {
        let config = configPath.map { ["--config", $0] } ?? ["--no-config"]
        let process = try PseudoTerminalProcess(executable: tick, arguments: ["--db", database] + config + extraArguments,
                                                environment: environment.merging(extraEnvironment) { $1 },
                                                columns: columns, rows: rows)
        let frame = process.readUntilQuiet(quietMilliseconds: quietMilliseconds, firstByteTimeout: 10_000,
                                           overallTimeout: 10_000, isComplete: Self.hasStatusLine)
        guard Self.hasStatusLine(frame.bytes) else {
            let text = String(decoding: frame.bytes.suffix(300), as: UTF8.self)
            throw BenchError("tick drew no status line within 10 s; it wrote: \(text.debugDescription)")
        }
        return (process, Measure.milliseconds(frame.lastByteTime - process.startTime))
    }

    /// Sends `keys` and waits until the response has been quiet for a while (at most `firstByteTimeout`
    /// ms for a response to begin: a key that changes nothing writes nothing).
    /// Throws when Tick exits instead (a crash), quoting the end of what it wrote.
    func press(_ keys: String, on process: PseudoTerminalProcess, firstByteTimeout: Int = 250) throws -> KeySample {
        let before = try process.cpuNanoseconds()
        process.send(keys)
        let output = process.readUntilQuiet(quietMilliseconds: quietMilliseconds, firstByteTimeout: firstByteTimeout)
        if process.hasExited() {
            let text = String(decoding: output.bytes.prefix(400), as: UTF8.self)
            throw BenchError("tick exited after the keys \(keys.debugDescription); it wrote: \(text.debugDescription)")
        }
        return KeySample(cpuNanoseconds: try process.cpuNanoseconds() &- before, output: output.bytes)
    }

    /// CPU milliseconds per second `process` uses while nobody presses anything: measured over
    /// `seconds` of silence, after a second for any tidying the launch left to do.
    func idleCPU(on process: PseudoTerminalProcess, seconds: Int = 3) throws -> Double {
        _ = process.readUntilQuiet(quietMilliseconds: 1_000, firstByteTimeout: 1_000)
        let before = try process.cpuNanoseconds(), start = Measure.now()
        _ = process.readUntilQuiet(quietMilliseconds: seconds * 1_000, firstByteTimeout: seconds * 1_000)
        let cpu = Measure.milliseconds(try process.cpuNanoseconds() &- before)
        return cpu / (Measure.milliseconds(Measure.now() - start) / 1_000)
    }

    /// Median milliseconds to the first frame and median peak resident bytes over `runs` launches.
    func firstFrame(database: String, runs: Int) throws -> (milliseconds: Double, peakBytes: Double) {
        var times: [Double] = [], peaks: [Double] = []
        for _ in 0..<runs {
            let (process, milliseconds) = try launch(database: database)
            process.finish()
            times.append(milliseconds)
            peaks.append(Double(process.peakResidentBytes))
        }
        return (Measure.median(times) ?? 0, Measure.median(peaks) ?? 0)
    }

    /// Presses `key` `count` times on a list scrolled so the selection sits at the bottom edge,
    /// resetting to the top (unmeasured) when a press changes nothing because the end was reached.
    /// Samples from presses that changed nothing are dropped unless the list is empty.
    func scrollSeries(_ key: String, count: Int, on process: PseudoTerminalProcess, listIsEmpty: Bool) throws -> [KeySample] {
        var samples: [KeySample] = []
        var resets = 0
        while samples.count < count {
            let sample = try press(key, on: process)
            if sample.bytes > 0 || listIsEmpty {
                samples.append(sample)
            } else {
                resets += 1
                if resets > count { break }
                _ = try press("g", on: process)
                _ = try press(String(repeating: "j", count: 80), on: process)
            }
        }
        return samples
    }

    /// Repeats `body` `count` times, collecting what it returns.
    func series(_ count: Int, _ body: (Int) throws -> KeySample?) rethrows -> [KeySample] {
        try (0..<count).compactMap(body)
    }
}

extension Array where Element == TickProbe.KeySample {
    /// The median CPU time in milliseconds, or nil for no samples.
    var medianCPUMilliseconds: Double? { Measure.median(map { Double($0.cpuNanoseconds) / 1e6 }) }
    /// The median number of bytes written, or nil for no samples.
    var medianBytes: Double? { Measure.median(map { Double($0.bytes) }) }
}
