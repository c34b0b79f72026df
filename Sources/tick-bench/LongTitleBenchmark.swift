import Foundation

/// Opening the title editor (`e`) on a todo whose title is 100 KB: the editor used to re-add the
/// widths of every character for each step it scrolled, so opening it on 200 KB took 5 s. It now
/// measures only what it shows; this figure keeps it that way.
struct LongTitleBenchmark {
    /// The row's key name in `SizeResult.keyCPU`.
    static let key = "open editor e, 100 KB title"
    /// The title: 100,000 bytes of words, with CJK characters among them (two columns each).
    static let title = String(repeating: "Renew passport 买牛奶 ", count: 4_000)

    let probe: TickProbe
    let repetitions: Int

    /// Adds the long todo to `database` in a list of its own (the last list, so `G` reaches it), then
    /// presses `e` and Esc `repetitions` times in a fresh Tick, measuring each `e`.
    func run(database: String) throws -> [TickProbe.KeySample] {
        try addLongTodo(to: database)
        let (process, _) = try probe.launch(database: database)
        defer { process.finish() }
        _ = try probe.press("G", on: process)
        var samples: [TickProbe.KeySample] = []
        for _ in 0..<repetitions {
            let sample = try probe.press("e", on: process, firstByteTimeout: 10_000)
            guard String(decoding: sample.output, as: UTF8.self).contains("Edit:") else {
                throw BenchError("e on the 100 KB title did not open the editor")
            }
            samples.append(sample)
            _ = try probe.press(TickProbe.Keys.escape, on: process, firstByteTimeout: 200)
        }
        return samples
    }

    /// `tick import` of one JSON todo in the list "Long title".
    private func addLongTodo(to database: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probe.tick)
        process.arguments = ["--db", database, "import", "--format", "json", "-"]
        process.environment = probe.environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let json = "[{\"title\": \"\(Self.title)\", \"list\": \"Long title\"}]"
        input.fileHandleForWriting.write(Data(json.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("tick import of the 100 KB title failed with exit code \(process.terminationStatus)")
        }
    }
}
