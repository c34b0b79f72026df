import Foundation
import TodoStore

// tick-stress: kills a process changing a Tick store at random moments and checks nothing reported
// done is ever lost and the store never becomes unreadable.
//
//   tick-stress [--rounds 50] [--seed N] [--max-ms 300] [--db PATH]
//   tick-stress sync [--rounds 20] [--seed N]  (kill -9 of `tick sync` against a real Radicale: SyncStress)
//   tick-stress child --db PATH --seed N      (internal: the process that gets killed)
//   tick-stress spilled-rollback --db PATH    (internal: one side of SpilledRollbackTests)

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String] = arguments) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

if arguments.first == "child" {
    guard let path = option("--db"), let seed = option("--seed").flatMap(UInt64.init) else { exit(2) }
    Child.run(path: path, seed: seed)
}
if arguments.first == "spilled-rollback" {
    guard let path = option("--db") else { exit(2) }
    SpilledRollback.run(path: path)
}

if arguments.first == "sync" {
    let rounds = option("--rounds").flatMap(Int.init) ?? 20
    let seed = option("--seed").flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
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

let rounds = option("--rounds").flatMap(Int.init) ?? 50
let seed = option("--seed").flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
let maximum = option("--max-ms").flatMap(Int.init) ?? 300
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-stress-\(seed)-\(getpid())")
let path = option("--db") ?? folder.appendingPathComponent("tick.db").path
print("tick-stress: \(rounds) rounds, seed \(seed), store \(path)")
do {
    try Parent.run(path: path, rounds: rounds, seed: seed, maximumMilliseconds: maximum)
    // Removing the passed run's scratch folder is tidying only: a leftover in the temp folder harms nothing.
    if option("--db") == nil { try? FileManager.default.removeItem(at: folder) }
} catch {
    print("tick-stress: FAILED: \(error) (replay with --seed \(seed); the store is kept at \(path))")
    exit(1)
}
