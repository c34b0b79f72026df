import Foundation

/// CPU time of a process together with every process it started: Tick may sync on a thread or in a
/// child process, and an idle figure that missed a child's work would flatter it.
enum ProcessTreeCPU {
    /// Nanoseconds of CPU charged to `pid`'s threads (schedstat, exact), to its live descendants'
    /// threads, and to the children it has already reaped (`cutime + cstime`, in clock ticks).
    static func nanoseconds(of pid: pid_t) throws -> UInt64 {
        guard let own = threadNanoseconds(of: pid) else { throw BenchError("cannot read the CPU time of pid \(pid)") }
        var total = own + reapedChildrenNanoseconds(of: pid)
        for child in descendants(of: pid) { total += threadNanoseconds(of: child) ?? 0 }
        return total
    }

    /// The sum of the first schedstat field over the threads of `pid` (exact for a sleeping process,
    /// unlike clock ticks); nil when its threads cannot be listed (it is gone).
    static func threadNanoseconds(of pid: pid_t) -> UInt64? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total: UInt64 = 0
        for task in tasks {
            // A thread that ended since the listing has no file left; its time is no longer charged anywhere.
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                  let first = text.split(separator: " ").first, let value = UInt64(first) else { continue }
            total += value
        }
        return total
    }

    /// Fields 16 and 17 of `/proc/PID/stat` (after the command name in parentheses), in nanoseconds.
    private static func reapedChildrenNanoseconds(of pid: pid_t) -> UInt64 {
        guard let fields = statFields(of: pid), fields.count > 14, let user = UInt64(fields[13]), let system = UInt64(fields[14]) else { return 0 }
        let ticks = UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))
        return (user + system) * 1_000_000_000 / ticks
    }

    /// Every live process whose chain of parents reaches `pid`.
    private static func descendants(of pid: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries {
            guard let process = pid_t(entry), let fields = statFields(of: process), let parent = pid_t(fields[1]) else { continue }
            children[parent, default: []].append(process)
        }
        var found: [pid_t] = [], queue = children[pid] ?? []
        while let next = queue.popLast() {
            found.append(next)
            queue += children[next] ?? []
        }
        return found
    }

    /// The fields of `/proc/PID/stat` after the `(command)`: state first, then ppid….
    private static func statFields(of pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
}
