import Testing
@testable import TickFuzzing
import TickTesting

/// `tick-fuzz --keys N` plays exactly N keys: a run stops in the middle of a title of several keys.
@Suite("The fuzzer's key count")
struct AppFuzzerKeyCountTests {
    @Test("A run asked for N keys plays and records exactly N, also when the last keys drawn are a title of several",
          arguments: 1...16)
    func exactlyTheKeysAsked(seed: UInt64) throws {
        let keys = 8 + Int(seed)
        let scratch = try ScratchFolder("fuzz-keys")
        var fuzzer = AppFuzzer(source: SplitMix64(seed: seed))
        try fuzzer.run(path: scratch.folderPath + "/run.db", keys: keys)
        #expect(fuzzer.played.count == keys)
        #expect(fuzzer.steps.count { if case .key = $0 { true } else { false } } == keys)
    }
}
