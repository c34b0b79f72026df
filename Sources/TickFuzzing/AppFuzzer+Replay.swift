import TickTesting
import TodoStore

extension AppFuzzer where Source == SplitMix64 {
    /// Writes the store a `tick-fuzz` run with `seed` starts from at `path` (which must not hold one
    /// yet): the run draws it from the seed's first numbers, before any key.
    public static func makeStore(at path: String, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        try FuzzStore.seed(path: path, today: today, using: &random)
    }

    /// The store at `path` as a regression test would build it: the view, then each list (id, name,
    /// folded) with its todos (id, title, the columns each has), in order.
    public static func describeStore(at path: String) throws -> String {
        let store = try TodoStore(path: path, durability: .noSync)
        defer { store.close() }
        return try FuzzStore.describe(store)
    }

    /// Which keys of a replay are checked.
    public enum Checks: Sendable {
        /// After every key, as a run checks.
        case everyKey
        /// After the last key only: a fraction of the time, what the shrinker asks of a candidate
        /// (what the app saves at idle moments is saved after every key all the same).
        case lastKey
        /// None: a crash fails all the same (to replay the steps that make a store).
        case none
    }

    /// Plays `steps` on the store at `path` (made already, by `makeStore` say) with the checks of a
    /// run, the fresh-open comparison included (the app's connection not syncing to disk, for speed),
    /// after every key or the last one; throws the first failure (a `FuzzFailure`, or the store's
    /// error). A recorded change whose todo or list is gone is refused and changes nothing.
    public static func replay(_ steps: [FuzzStep], path: String, checks: Checks = .everyKey) throws {
        let runner = try AppRunner(path: path, durability: .noSync)
        defer { runner.close() }
        let lastKey = steps.lastIndex { $0.key != nil }
        for (index, step) in steps.enumerated() {
            switch step {
            case .key(let key, let looks):
                if try runner.press(key, looks: looks, freshOpen: true, checks: checks == .everyKey || (checks == .lastKey && index == lastKey)) { return }
            case .change(let change):
                _ = runner.make(change)  // a refusal changes nothing, as in the run
            case .restart:
                try runner.restart()
            }
        }
    }
}
