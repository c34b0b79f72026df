import Foundation
import TickTesting
import TodoStore

// tick-stress: kills a process changing a Tick store at random moments and checks nothing reported
// done is ever lost and the store never becomes unreadable.
//
//   tick-stress [--rounds 50] [--seed N] [--max-ms 300] [--db PATH]
//   tick-stress sync [--rounds 20] [--seed N]  (kill -9 of `tick sync` against a real Radicale: SyncStress)
//   tick-stress child --db PATH --seed N      (internal: the process that gets killed)
//   tick-stress spilled-rollback --db PATH    (internal: one side of SpilledRollbackTests)

let usage = """
    usage: tick-stress [--rounds 50] [--seed N] [--max-ms 300] [--db PATH]
           tick-stress sync [--rounds 20] [--seed N]
      Kills a process changing a Tick store (or `tick sync` against a real Radicale, for `sync`) with
      SIGKILL at random moments and checks that no change reported done is lost. --seed replays a run.
    """
let arguments = Array(CommandLine.arguments.dropFirst())

/// The options after the subcommand; `--help`, an unknown option or a bad value ends the process here.
func options(_ known: [ToolArguments.Option], after skipped: Int = 0) -> ToolArguments {
    ToolArguments.parseOrExit(Array(arguments.dropFirst(skipped)), options: known, tool: "tick-stress", usage: usage)
}

if arguments.first == "child" {
    let given = options([.path("--db"), .seed("--seed")], after: 1)
    guard let path = given["--db"], let seed = given.seed("--seed") else { exit(2) }
    Child.run(path: path, seed: seed)
}
if arguments.first == "spilled-rollback" {
    guard let path = options([.path("--db")], after: 1)["--db"] else { exit(2) }
    SpilledRollback.run(path: path)
}

if arguments.first == "sync" {
    let given = options([.count("--rounds"), .seed("--seed")], after: 1)
    let rounds = given.count("--rounds", default: 20)
    let seed = given.seed("--seed") ?? UInt64(Date().timeIntervalSince1970)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-stress-sync-\(seed)-\(getpid())")
    print("tick-stress sync: \(rounds) rounds, seed \(seed), folder \(folder.path)")
    do {
        var stress = try SyncStress(folder: folder, seed: seed)
        try stress.run(rounds: rounds)
        // Removing the passed run's scratch folder is tidying only: a leftover in the temp folder harms nothing.
        try? FileManager.default.removeItem(at: folder)
        exit(0)
    } catch {
        print("tick-stress sync: FAILED: \(error) (replay with --seed \(seed); stores, server and outputs are kept in \(folder.path))")
        exit(1)
    }
}

let given = options([.count("--rounds"), .seed("--seed"), .count("--max-ms"), .path("--db")])
let rounds = given.count("--rounds", default: 50)
let seed = given.seed("--seed") ?? UInt64(Date().timeIntervalSince1970)
let maximum = given.count("--max-ms", default: 300)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-stress-\(seed)-\(getpid())")
let path = given["--db"] ?? folder.appendingPathComponent("tick.db").path
print("tick-stress: \(rounds) rounds, seed \(seed), store \(path)")
do {
    try Parent.run(path: path, rounds: rounds, seed: seed, maximumMilliseconds: maximum)
    // Removing the passed run's scratch folder is tidying only: a leftover in the temp folder harms nothing.
    if given["--db"] == nil { try? FileManager.default.removeItem(at: folder) }
} catch {
    print("tick-stress: FAILED: \(error) (replay with --seed \(seed); the store is kept at \(path))")
    exit(1)
}
