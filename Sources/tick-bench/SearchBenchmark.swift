import Foundation

/// A one- and a two-character search keystroke (issue 19): the key thread's CPU until the input
/// line answers, and the time until the matches are on screen, for queries whose matches are near
/// the top of the generated lists ("k" of "milk", "book"; "mi" of "milk"); and the last key of two
/// queries (issue 30): a tag and a word (`#home report`, 25,000 tagged todos in a million) and a
/// range of five due days (`@FROM..TO`, from tomorrow), the keys before it typed unmeasured.
struct SearchBenchmark {
    let probe: TickProbe
    let repetitions: Int

    /// The keystrokes measured: the text typed before, the key measured, and the row's name.
    static let keystrokes = [("", "k", "1 char"), ("m", "i", "2 chars")] + queryKeystrokes

    /// The query rows' keystrokes (`BENCH_ONLY=query` measures only these).
    static var queryKeystrokes: [(String, String, String)] {
        let from = TodoGenerator.iso(days: StoreCache.today + 1), to = TodoGenerator.iso(days: StoreCache.today + 5)
        return [("#home repor", "t", "query #tag + word"), ("@\(from)..\(to.dropLast())", String(to.last!), "query @date range")]
    }

    /// Per keystroke name: median key-thread CPU ms until the first bytes, and median ms until the last frame.
    struct Result {
        var keyThreadCPU: [String: Double?] = [:]
        var matchesOnScreen: [String: Double?] = [:]
    }

    func run(database: String, size: Int, keystrokes: [(String, String, String)] = Self.keystrokes) throws -> Result {
        let (process, _) = try probe.launch(database: database)
        defer { process.finish() }
        var result = Result()
        for (before, key, name) in keystrokes {
            var cpu: [Double] = [], screen: [Double] = []
            for _ in 0..<repetitions {
                let slash = try probe.press("/" + before, on: process, firstByteTimeout: 2_000)
                guard slash.bytes > 0 else { break }
                let start = try process.mainThreadCPUNanoseconds()
                var answered: UInt64 = 0
                let sent = Measure.now()
                process.send(key)
                // The search runs on after the echo: wait long enough for a million todos' full pass.
                let output = process.readUntilQuiet(quietMilliseconds: 60, firstByteTimeout: 2_000, onFirstBytes: {
                    answered = (try? process.mainThreadCPUNanoseconds()) ?? 0
                })
                if answered > start { cpu.append(Double(answered - start) / 1e6) }
                if output.lastByteTime > sent, size > 0 { screen.append(Double(output.lastByteTime - sent) / 1e6) }
                _ = try probe.press(TickProbe.Keys.escape, on: process, firstByteTimeout: 200)
            }
            result.keyThreadCPU[name] = Measure.median(cpu)
            result.matchesOnScreen[name] = Measure.median(screen)
        }
        return result
    }
}
