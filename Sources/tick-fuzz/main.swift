import Foundation
import TickFuzzing
import TickTesting

// tick-fuzz: random key streams against the whole app (checked after every key, and compared with a
// fresh open of the same store after the first key and every --fresh-every'th) and random input to
// the key-script parser and the todo.txt and JSON importers, for a given time. A failure prints the
// seed that replays it.
//
//   tick-fuzz [--seconds 60] [--seed N] [--keys 3000] [--fresh-every 1]

let usage = """
    usage: tick-fuzz [--seconds 60] [--seed N] [--keys 3000] [--fresh-every 1]
      Random key streams against the whole app, checked after every key (and compared with a fresh open
      of the same store after the first key and every --fresh-every'th), and random input to the
      key-script parser and the importers, for --seconds; a failure prints the seed that replays it.
    """
let given = ToolArguments.parseOrExit(Array(CommandLine.arguments.dropFirst()),
                                      options: [.seconds("--seconds"), .seed("--seed"), .count("--keys"), .count("--fresh-every")],
                                      tool: "tick-fuzz", usage: usage)
let seconds = given.seconds("--seconds", default: 60)
let keysPerRun = given.count("--keys", default: 3_000)
let freshEvery = max(1, given.count("--fresh-every", default: 1))
var seed = given.seed("--seed") ?? UInt64(Date().timeIntervalSince1970)
let deadline = Date().addingTimeInterval(seconds)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-fuzz-\(getpid())")
// A folder that cannot be made fails the first store's open, which reports it; tidying it is best effort.
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

var runs = 0, keys = 0, freshOpens = 0, elsewhere = 0, reopens = 0, scripts = 0, imports = 0
print("tick-fuzz: \(seconds) s, first seed \(seed)")
repeat {
    let path = folder.appendingPathComponent("run-\(seed).db").path
    var fuzzer = AppFuzzer(source: SplitMix64(seed: seed))
    fuzzer.freshOpenInterval = freshEvery
    do {
        try fuzzer.run(path: path, keys: keysPerRun)
    } catch {
        let replay = fuzzer.played.suffix(40).map(\.description).joined()
        let changes = fuzzer.events.suffix(3).map { "\n  \($0)" }.joined()
        print("tick-fuzz: FAILED with seed \(seed) after \(fuzzer.played.count) keys: \(error)\n  last keys: \(replay)\(changes)\n  replay: tick-fuzz --seed \(seed) --keys \(fuzzer.played.count) --fresh-every \(freshEvery) --seconds 0")
        exit(1)
    }
    var parser = ScriptFuzzer(seed: seed)
    _ = parser.run(count: 500)
    var importer = ImportFuzzer(seed: seed)
    _ = importer.run(count: 200)
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }  // each run has its own file: a leftover is only clutter
    runs += 1
    keys += fuzzer.played.count
    freshOpens += fuzzer.freshOpens
    elsewhere += fuzzer.events.filter { $0.contains("changed elsewhere") }.count
    reopens += fuzzer.events.filter { $0.contains("opened the store again") }.count
    scripts += 500
    imports += 800
    seed &+= 1
} while Date() < deadline
print("tick-fuzz: \(runs) runs, \(keys) keys played and checked, \(freshOpens) screens compared with a fresh open, \(elsewhere) changes made elsewhere, \(reopens) restarts, \(scripts) key scripts parsed, \(imports) import files decoded, no failure")
