import Foundation
import Synchronization
import TickTesting

/// Another `tick` process changing a device's store while its `tick sync` runs (and is killed):
/// `tick add` and `tick done`, one process after another on a thread of its own, until stopped.
/// A change counts as done when its process exits 0.
final class ConcurrentChanger: Sendable {
    /// A change another process reported done.
    enum Change: Sendable {
        case add(title: String, list: String)
        case done(uid: String)
    }

    private struct State {
        var done: [Change] = []
        var isStopping = false
        var failure: String?
    }

    private let device: SyncDevice
    private let round: Int
    private let targets: [(uid: String, id: Int64)]
    private let folder: URL
    private let seed: UInt64
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)
    private let firstStarted = DispatchSemaphore(value: 0)

    init(device: SyncDevice, round: Int, targets: [(uid: String, id: Int64)], folder: URL, seed: UInt64) {
        self.device = device
        self.round = round
        self.targets = targets
        self.folder = folder
        self.seed = seed
    }

    /// Starts the changes and returns once the first `tick` process has started.
    func start() {
        Thread.detachNewThread { [self] in loop() }
        firstStarted.wait()
    }

    /// How many changes were reported done.
    var doneCount: Int { state.withLock { $0.done.count } }

    /// Stops after at least two changes (so some overlap the sync whatever its kill point) and returns
    /// those reported done; a `tick` that failed is a failure of the run.
    func stop() throws -> [Change] {
        while state.withLock({ $0.done.count < 2 && $0.failure == nil }) { usleep(1_000) }
        state.withLock { $0.isStopping = true }
        finished.wait()
        return try state.withLock { state in
            if let failure = state.failure { throw SyncStress.Failure(description: failure) }
            return state.done
        }
    }

    private func loop() {
        var random = SplitMix64(seed: seed)
        var targets = self.targets
        var step = 0
        defer { finished.signal() }
        while !state.withLock({ $0.isStopping }) {
            step += 1
            let change: Change
            let arguments: [String]
            if targets.isEmpty || random.next() % 2 == 0 {
                let list = SyncStress.lists[Int(random.next() % 3)]
                let title = "\(device.name)\(round).c\(step)"
                change = .add(title: title, list: list)
                arguments = ["add", "--list", list, title]
            } else {
                let target = targets.remove(at: Int(random.next() % UInt64(targets.count)))
                change = .done(uid: target.uid)
                arguments = ["done", String(target.id)]
            }
            do {
                let output = folder.appendingPathComponent("changer-\(round)-\(step).txt")
                let process = try device.start(arguments, output: output)
                if step == 1 { firstStarted.signal() }
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    let text = try String(contentsOf: output, encoding: .utf8)
                    state.withLock { $0.failure = "tick \(arguments.joined(separator: " ")) on \(device.name) failed while a sync ran: \(text)" }
                    return
                }
                state.withLock { $0.done.append(change) }
            } catch {
                state.withLock { $0.failure = "could not run tick: \(error)" }
                if step == 1 { firstStarted.signal() }
                return
            }
        }
    }
}
