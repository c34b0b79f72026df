import Foundation
import TickFuzzing
import TickTesting

// tick-fuzz: random key streams against the whole app (checked after every key, and compared with a
// fresh open of the same store after the first key and every --fresh-every'th) and random input to
// the key-script parser and the todo.txt and JSON importers, for a given time. A failure prints the
// seed that replays it; with --shrink, also the smallest script found that fails the same check.
//
//   tick-fuzz [--seconds 60] [--seed N] [--keys 3000] [--fresh-every 1] [--shrink SECONDS]

let usage = """
    usage: tick-fuzz [--seconds 60] [--seed N] [--keys 3000] [--fresh-every 1] [--shrink SECONDS]
      Random key streams against the whole app, checked after every key (and compared with a fresh open
      of the same store after the first key and every --fresh-every'th), and random input to the
      key-script parser and the importers, for --seconds; a failure prints the seed that replays it.
      --shrink SECONDS: on a failure, spend at most that long shrinking its steps (keys, changes made
      elsewhere, restarts) to a smallest script that fails the same check, and print it for a test.
    """
/// Prints a line at once, unbuffered even into a file or a pipe, so a long run or shrink shows its progress as it goes.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let given = ToolArguments.parseOrExit(Array(CommandLine.arguments.dropFirst()),
                                      options: [.seconds("--seconds"), .seed("--seed"), .count("--keys"), .count("--fresh-every"),
                                                .seconds("--shrink")],
                                      tool: "tick-fuzz", usage: usage)
let seconds = given.seconds("--seconds", default: 60)
let keysPerRun = given.count("--keys", default: 3_000)
let freshEvery = max(1, given.count("--fresh-every", default: 1))
let shrinkSeconds = given["--shrink"].flatMap(Double.init)
var seed = given.seed("--seed") ?? UInt64(Date().timeIntervalSince1970)
let deadline = Date().addingTimeInterval(seconds)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-fuzz-\(getpid())")
// A folder that cannot be made fails the first store's open, which reports it; tidying it is best effort.
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// Removes a scratch store and its WAL files; each run has its own file, so a leftover is only clutter.
func removeStore(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// Copies a store (closed, with its WAL file if it has one) to `path`.
func copyStore(_ from: String, to path: String) throws {
    removeStore(path)
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: from + suffix) {
        try FileManager.default.copyItem(atPath: from + suffix, toPath: path + suffix)
    }
}

/// Shrinks the failing `steps` of the run with `seed` for at most `budget` seconds and prints the
/// result. Only the last session's steps are shrunk, from the store as it opened (a restart carries
/// nothing else over), unless they do not fail alone: then every step, from the seed's store.
func shrink(_ steps: [FuzzStep], seed: UInt64, failure: FuzzFailure, budget: Double) -> Int32 {
    let started = Date()
    var replays = 0
    let seeded = folder.appendingPathComponent("seeded.db").path, opened = folder.appendingPathComponent("opened.db").path
    defer { [seeded, opened].forEach(removeStore) }
    /// Replays `candidate` on a copy of `store`: true when its last key fails the same check.
    func fails(_ candidate: [FuzzStep], on store: String) -> (Bool, FuzzFailure?) {
        replays += 1
        let path = folder.appendingPathComponent("shrink-\(replays).db").path
        defer { removeStore(path) }
        do {
            try copyStore(store, to: path)
            try AppFuzzer.replay(candidate, path: path, checks: .lastKey)
            return (false, nil)
        } catch let found as FuzzFailure {
            return (found.check == failure.check, found)
        } catch {
            return (false, nil)
        }
    }
    var store = seeded, input = steps, origin = "tick-fuzz's store for seed \(seed)"
    do {
        try AppFuzzer.makeStore(at: seeded, seed: seed)
        if let restart = steps.lastIndex(of: .restart) {
            try copyStore(seeded, to: opened)
            try AppFuzzer.replay(Array(steps[..<restart]), path: opened, checks: .none)
            if fails(Array(steps[(restart + 1)...]), on: opened).0 {
                store = opened
                input = Array(steps[(restart + 1)...])
                origin = "the store as the last session opened it, after the first \(restart) steps from seed \(seed)'s"
            }
        }
    } catch {
        say("tick-fuzz: cannot make the store to shrink on: \(error)")
        return 1
    }
    say("tick-fuzz: shrinking \(input.count) steps (\(failure.check) check) from \(origin), for at most \(Int(budget)) s")
    guard store == opened || fails(input, on: store).0 else {
        say("tick-fuzz: the recorded steps do not fail the same check when replayed: nothing to shrink")
        return 1
    }
    var smallest = input.count
    var shrinker = FuzzShrinker<FuzzStep>(shouldStop: { Date().timeIntervalSince(started) > budget }) { candidate in
        let (failing, _) = fails(candidate, on: store)
        if failing, candidate.count < smallest {
            smallest = candidate.count
            say("  \(smallest) steps (\(Int(Date().timeIntervalSince(started))) s)")
        }
        return failing
    }
    var shrunk = shrinker.shrink(input)
    // A key kept for itself may not need the look after it: each look goes if the script still fails without it.
    for index in shrunk.indices {
        guard case .key(let key, looks: true) = shrunk[index] else { continue }
        var candidate = shrunk
        candidate[index] = .key(key, looks: false)
        if fails(candidate, on: store).0 { shrunk = candidate }
    }
    let described: String
    do {
        described = try AppFuzzer.describeStore(at: store)
    } catch {
        described = "cannot describe the store: \(error)"
    }
    let (_, last) = fails(shrunk, on: store)
    // Checked after every key, the shrunk script may fail earlier.
    let everyKey: String
    let path = folder.appendingPathComponent("every-key.db").path
    do {
        defer { removeStore(path) }
        try copyStore(store, to: path)
        try AppFuzzer.replay(shrunk, path: path, checks: .everyKey)
        everyKey = "passes (!)"
    } catch {
        everyKey = "fails: \(error)"
    }
    let finished = Date().timeIntervalSince(started) <= budget ? "1-minimal" : "the time ran out: smaller, not minimal"
    say("""
        tick-fuzz: shrunk \(input.count) steps to \(shrunk.count) (\(finished)) in \(replays) replays, \(Int(Date().timeIntervalSince(started))) s
        The store (\(origin)):
        \(described.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        The steps (keys in key-script notation; "look": the app looks for changes made elsewhere; after
        every key the app saves what it puts off to an idle moment, the collapsed parents):
        \(FuzzStep.script(shrunk).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        Its last key fails with: \(last.map(\.description) ?? "(it passed on the last replay: not deterministic?)")
        Checked after every key, it \(everyKey)
        """)
    return 1
}

var runs = 0, keys = 0, freshOpens = 0, elsewhere = 0, reopens = 0, scripts = 0, imports = 0
say("tick-fuzz: \(seconds) s, first seed \(seed)")
repeat {
    let path = folder.appendingPathComponent("run-\(seed).db").path
    var fuzzer = AppFuzzer(source: SplitMix64(seed: seed))
    fuzzer.freshOpenInterval = freshEvery
    do {
        try fuzzer.run(path: path, keys: keysPerRun)
    } catch {
        // The last steps as `--shrink` prints them: keys in key-script notation (mouse events too), changes, restarts.
        let last = FuzzStep.script(Array(fuzzer.steps.suffix(40))).split(separator: "\n").map { "\n    \($0)" }.joined()
        say("tick-fuzz: FAILED with seed \(seed) after \(fuzzer.played.count) keys: \(error)\n  last steps:\(last)\n  replay: tick-fuzz --seed \(seed) --keys \(fuzzer.played.count) --fresh-every \(freshEvery) --seconds 0"
            + (shrinkSeconds == nil ? " (add --shrink 600 for a short script)" : ""))
        if let shrinkSeconds, let failure = error as? FuzzFailure {
            removeStore(path)
            exit(shrink(fuzzer.steps, seed: seed, failure: failure, budget: shrinkSeconds))
        }
        exit(1)
    }
    var parser = ScriptFuzzer(seed: seed)
    _ = parser.run(count: 500)
    var importer = ImportFuzzer(seed: seed)
    _ = importer.run(count: 200)
    removeStore(path)
    runs += 1
    keys += fuzzer.played.count
    freshOpens += fuzzer.freshOpens
    elsewhere += fuzzer.events.filter { $0.contains("changed elsewhere") }.count
    reopens += fuzzer.events.filter { $0.contains("opened the store again") }.count
    scripts += 500
    imports += 800
    seed &+= 1
} while Date() < deadline
say("tick-fuzz: \(runs) runs, \(keys) keys played and checked, \(freshOpens) screens compared with a fresh open, \(elsewhere) changes made elsewhere, \(reopens) restarts, \(scripts) key scripts parsed, \(imports) import files decoded, no failure")
