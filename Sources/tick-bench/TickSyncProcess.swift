import Foundation

/// `tick sync` of the release binary as a child process into the store at a path, with a config file
/// naming a server's calendar home: what issue 32 means by "Tick's own CPU" for a download.
///
/// Its CPU (user + system) comes from `wait4`'s resource usage of that one process, so it counts all
/// of Tick's side (start, the store's creation, discovery, the reports, reading and writing every
/// todo, closing the store) and nothing else: the server is another child of the bench, never of
/// `tick`, and the bench's own threads are not in it.
struct TickSyncProcess {
    /// What one `tick sync` did.
    struct Run {
        /// Wall-clock seconds from the spawn to the wait.
        var seconds: Double
        /// User + system CPU seconds of the `tick` process.
        var cpuSeconds: Double
        /// Its standard output (the summary line).
        var output: String
    }

    /// The release `tick`.
    let tick: String
    /// The environment it runs in (the bench's: a scratch `HOME`, a UTF-8 locale).
    let environment: [String: String]

    /// Runs `tick sync` into the store at `database` with the server at `homeURL` (logging in with
    /// `login`), its config file and output in `folder` (created); throws when it fails.
    func run(database: String, homeURL: String, login: (user: String, password: String)?, folder: String) throws -> Run {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config = folder + "/config"
        try ("sync url \(homeURL)\n" + (login.map { "sync user \($0.user)\n" } ?? "")).write(toFile: config, atomically: true, encoding: .utf8)
        var environment = self.environment
        environment["TICK_DB"] = database
        if let login { environment["TICK_SYNC_PASSWORD"] = login.password }
        let (output, errors) = (folder + "/out", folder + "/err")
        let arguments = [tick, "sync", "--config", config]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let start = Measure.now()
        let spawned = posix_spawn(&pid, tick, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot start \(tick): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("waiting for tick sync failed: \(String(cString: strerror(errno)))") }
        }
        let wall = Double(Measure.now() - start) / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""  // only for the message
            throw BenchError("tick sync ended with status \(status): \(printed.suffix(300)) \(said.suffix(300))")
        }
        return Run(seconds: wall, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), output: printed)
    }
}
