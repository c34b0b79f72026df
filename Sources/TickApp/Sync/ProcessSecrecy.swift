import CProcessSupport

/// What keeps the sync password inside this process: no core dump while it may hold one, and none of
/// it in the environment of the programs Tick starts.
///
/// A process that read a password stays undumpable (`prctl(PR_SET_DUMPABLE, 0)`) for the rest of its
/// life: Tick wipes its own copy (`Secret`), but libcurl frees its copies without wiping them, so they
/// may linger in freed memory. Undumpable, the process leaves no core file and other processes of the
/// user cannot read its memory (ptrace, `/proc/PID/mem`); `execve` makes a started program dumpable again.
public enum ProcessSecrecy {
    /// The variable a password may come in, which no program Tick starts is given.
    public static let passwordVariable = "TICK_SYNC_PASSWORD"

    /// Makes the process undumpable from now on, before a password is read into it.
    public static func willHoldSecret() {
        _ = cp_set_dumpable(0)
    }

    /// Whether the process may dump core now (`PR_GET_DUMPABLE`).
    public static var isDumpable: Bool { cp_get_dumpable() == 1 }

    /// At start: a password in the environment (`TICK_SYNC_PASSWORD`) is in the process from its first
    /// instruction, so such a process is undumpable at once.
    public static func protectPassword(inEnvironment environment: [String: String]) {
        if let password = environment[passwordVariable], !password.isEmpty { willHoldSecret() }
    }

    /// `environment` without the password variable: what the editor, the link opener and
    /// `password-command` are given.
    public static func withoutPassword(_ environment: [String: String]) -> [String: String] {
        environment.filter { $0.key != passwordVariable }
    }
}
