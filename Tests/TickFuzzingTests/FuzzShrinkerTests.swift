import Testing
import TermTable
import TickApp
@testable import TickFuzzing
import TickTesting

/// `tick-fuzz --shrink`: delta debugging over a failing run's steps, and the script it prints.
@Suite("The fuzz shrinker")
struct FuzzShrinkerTests {
    @Test("A planted failure needing three scattered steps, in order, shrinks to exactly those three")
    func scatteredSteps() {
        let input = Array(0..<500)
        // Fails while 3, 117 and 420 are all there, 3 first and 420 last.
        let planted = { (steps: [Int]) -> Bool in
            guard let a = steps.firstIndex(of: 3), let b = steps.firstIndex(of: 117), let c = steps.firstIndex(of: 420) else { return false }
            return a < b && b < c
        }
        var shrinker = FuzzShrinker<Int>(fails: planted)
        #expect(shrinker.shrink(input) == [3, 117, 420])
        #expect(shrinker.tries < 400, "far fewer tries than steps squared")
    }

    @Test("A planted failure needing a contiguous run of steps keeps the run whole")
    func contiguousSteps() {
        let input = Array(0..<300)
        let planted = { (steps: [Int]) -> Bool in
            guard let start = steps.firstIndex(of: 200) else { return false }
            return Array(steps[start...].prefix(4)) == [200, 201, 202, 203]
        }
        var shrinker = FuzzShrinker<Int>(fails: planted)
        #expect(shrinker.shrink(input) == [200, 201, 202, 203])
    }

    @Test("The result is 1-minimal: with any one step dropped it passes")
    func oneMinimal() {
        // Fails while the steps kept add up to at least 50 and hold a 7: many minimal answers, none with a step to spare.
        var random = SplitMix64(seed: 11)
        let input = (0..<200).map { _ in Int(random.next() % 10) }
        let planted = { (steps: [Int]) -> Bool in steps.contains(7) && steps.reduce(0, +) >= 50 }
        var shrinker = FuzzShrinker<Int>(fails: planted)
        let shrunk = shrinker.shrink(input)
        #expect(planted(shrunk))
        for index in shrunk.indices {
            var smaller = shrunk
            smaller.remove(at: index)
            #expect(!planted(smaller), "dropping step \(index) of \(shrunk)")
        }
    }

    @Test("Asked to stop, it returns the smallest failing script found so far")
    func stopsEarly() {
        var budget = 3
        let planted = { (steps: [Int]) -> Bool in steps.contains(42) }
        var shrinker = FuzzShrinker<Int>(shouldStop: {
            budget -= 1
            return budget < 0
        }, fails: planted)
        let shrunk = shrinker.shrink(Array(0..<100))
        #expect(shrunk.contains(42) && shrunk.count < 100 && shrunk.count > 1)
    }

    @Test("A list deleted elsewhere then z: the shrinker keeps that change and that key out of a run's steps")
    func fuzzSteps() {
        let deletion = FuzzStep.change(FuzzChange(.deleteList(id: 3, movingTodosTo: nil), isRemote: true))
        var random = SplitMix64(seed: 5)
        let keys = Array("jkGgxfz+-").map(Key.character)
        var steps = (0..<300).map { _ in FuzzStep.key(keys[Int(random.next() % UInt64(keys.count))], looks: false) }
        steps.insert(.restart, at: 40)
        steps.insert(deletion, at: 100)
        steps.insert(FuzzStep.change(FuzzChange(.addList(name: "Elsewhere 1"), isRemote: false)), at: 150)
        let planted = { (candidate: [FuzzStep]) -> Bool in
            guard let deleted = candidate.firstIndex(of: deletion) else { return false }
            return candidate[deleted...].contains(.key(.character("z"), looks: false))
        }
        var shrinker = FuzzShrinker<FuzzStep>(fails: planted)
        let shrunk = shrinker.shrink(steps)
        #expect(shrunk == [deletion, .key(.character("z"), looks: false)])
        #expect(FuzzStep.script(shrunk) == "change: sync: deleteList(id: 3, movingTodosTo: nil)\ntype: z")
    }

    @Test("Steps print as a scenario writes them: keys in key-script notation, changes as store calls, looks and restarts")
    func script() {
        let steps: [FuzzStep] = [
            .key(.character("j"), looks: false), .key(.control("d"), looks: false), .key(.character(" "), looks: false),
            .change(FuzzChange(.add(title: "买 \"x\"", listID: 1, after: nil), isRemote: false)),
            .key(.character("<"), looks: true), .restart, .key(.resize(width: 60, height: 20), looks: false),
        ]
        #expect(FuzzStep.script(steps) == """
            type: j<C-d><Space>
            change: another process: add(title: "买 \\"x\\"", listID: 1, after: nil)
            type: <lt>
            look
            restart
            type: <Resize 60x20>
            """)
    }

    @Test("Titles in a printed change are Swift literals with every control character escaped, none raw")
    func controlsEscaped() {
        let change = FuzzChange(.retitle(id: 4, title: "a\u{1B}[2J\u{9B}\\\"买\n"), isRemote: true)
        #expect(change.description == #"sync: update(id: 4, title: "a\u{1B}[2J\u{9B}\\\"买\u{A}")"#)
        #expect(!change.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("A recorded run replays with every check passing")
    func replayRecordedRun() throws {
        let scratch = try ScratchFolder("fuzz-shrink")
        var fuzzer = AppFuzzer(source: SplitMix64(seed: 3))
        try fuzzer.run(path: scratch.folderPath + "/run.db", keys: 150)
        #expect(fuzzer.played.count == 150)
        #expect(fuzzer.steps.contains(.restart) || fuzzer.steps.contains { if case .change = $0 { true } else { false } })
        try AppFuzzer.makeStore(at: scratch.folderPath + "/replay.db", seed: 3)
        try AppFuzzer.replay(fuzzer.steps, path: scratch.folderPath + "/replay.db")
        #expect(try AppFuzzer.describeStore(at: scratch.folderPath + "/run.db") == AppFuzzer.describeStore(at: scratch.folderPath + "/replay.db"))
    }

    @Test("Replayed on the app, a planted failure (a todo titled Buy bread) shrinks to the keys that add it")
    func shrinkOnTheApp() throws {
        let scratch = try ScratchFolder("fuzz-shrink")
        let noise = Array("jkjGgkj").map { FuzzStep.key(.character($0), looks: false) }
        let adding = try KeyScript.parse("aBuy bread<Enter>").map { FuzzStep.key($0, looks: false) }
        let steps = noise + [.restart] + adding + noise
        var replays = 0
        let planted = { (candidate: [FuzzStep]) -> Bool in
            replays += 1
            let path = scratch.folderPath + "/candidate-\(replays).db"
            do {
                try AppFuzzer.makeStore(at: path, seed: 8)
                try AppFuzzer.replay(candidate, path: path)
                return try AppFuzzer.describeStore(at: path).contains("\"Buy bread\"")
            } catch {
                return false
            }
        }
        #expect(!planted(noise + noise))
        var shrinker = FuzzShrinker<FuzzStep>(fails: planted)
        #expect(shrinker.shrink(steps) == adding)
    }
}
