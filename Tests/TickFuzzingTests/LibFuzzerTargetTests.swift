import Foundation
import Testing
@testable import TickFuzzing
import TickTesting

/// The pieces `make fuzz-libfuzzer` is built from, run here without libFuzzer.
@Suite("libFuzzer target")
struct LibFuzzerTargetTests {
    @Test("Fuzz bytes are drawn eight at a time, big-endian, then zeros once used up")
    func bytesAsChoices() {
        var source = FuzzBytes([1, 2, 3, 4, 5, 6, 7, 8, 0xFF])
        #expect(source.next() == 0x0102_0304_0506_0708)
        #expect(!source.isExhausted)
        #expect(source.next() == 0xFF00_0000_0000_0000)
        #expect(source.isExhausted)
        #expect(source.next() == 0)
    }

    @Test("The same bytes play the same keys: a saved crash input replays exactly")
    func bytesReplay() throws {
        var random = SplitMix64(seed: 7)
        let bytes = (0..<2_048).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        var first = AppFuzzer(source: FuzzBytes(bytes)), second = AppFuzzer(source: FuzzBytes(bytes))
        let scratch = try ScratchFolder("fuzzing")
        let folder = scratch.folderPath
        try first.run(path: folder + "/a.db", keys: 120)
        try second.run(path: folder + "/b.db", keys: 120)
        #expect(first.played.count >= 100)  // q is never drawn, so only an odd key could end a run early
        #expect(first.played == second.played)
    }

    @Test("Every kind of input (app keys, key scripts, import files) runs through its checks",
          arguments: UInt8(0)..<8)
    func everyKind(selector: UInt8) {
        var random = SplitMix64(seed: UInt64(selector))
        for length in [0, 1, 17, 600] {
            let input = [selector] + (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            input.withUnsafeBytes { LibFuzzerTarget.run($0) }
            #expect(tickFuzzOneInput(input, input.count) == 0)
        }
    }
}
