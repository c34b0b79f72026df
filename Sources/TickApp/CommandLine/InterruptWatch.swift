import Glibc
import Synchronization

/// Ctrl-C during a long command, noticed rather than fatal, so the command can stop between two
/// steps, leave everything as it was, and say so.
public struct InterruptWatch: Sendable {
    /// Starts noticing Ctrl-C (the process no longer dies of it).
    public var begin: @Sendable () -> Void
    /// Stops noticing: Ctrl-C ends the process again.
    public var end: @Sendable () -> Void
    /// Whether Ctrl-C was pressed since `begin`.
    public var isRequested: @Sendable () -> Bool

    /// A watch made of these three; tests give one they can trip.
    public init(begin: @escaping @Sendable () -> Void, end: @escaping @Sendable () -> Void,
                isRequested: @escaping @Sendable () -> Bool) {
        self.begin = begin
        self.end = end
        self.isRequested = isRequested
    }

    /// A watch that never sees Ctrl-C.
    public static let none = InterruptWatch(begin: {}, end: {}, isRequested: { false })

    /// The process's own SIGINT: a handler that only sets a flag (an atomic store is safe in a
    /// signal handler), looked at by the command between steps.
    public static let signal = InterruptWatch(
        begin: {
            SignalFlag.requested.store(false, ordering: .relaxed)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in SignalFlag.requested.store(true, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            // No SA_RESTART: a read or write blocked on a terminal returns, and the command sees the flag.
            action.sa_flags = 0
            sigaction(SIGINT, &action, nil)
        },
        end: { Glibc.signal(SIGINT, SIG_DFL) },
        isRequested: { SignalFlag.requested.load(ordering: .relaxed) })

    private enum SignalFlag {
        static let requested = Atomic<Bool>(false)
    }
}

/// Thrown when Ctrl-C stopped a command before it changed anything.
struct CommandInterrupted: Error {}
