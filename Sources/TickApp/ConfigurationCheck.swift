import FoundationEssentials

/// `tick --check-config`: reads the config file as Tick would and prints every problem in it, one
/// per line as `FILE:LINE: problem`, so all of them can be fixed in one go (the status line only
/// counts them).
public enum ConfigurationCheck {
    /// Checks the config file at `path` (nil when no place for one is known: no `HOME`). `named` says
    /// the path was given (`--config`): a missing file is then a mistake, where a missing file at the
    /// default place only means the defaults apply. Writes the report with `write`; returns the exit
    /// status: 1 when there is any problem, else 0. With sync configured, a `~/.netrc` that would not
    /// be used for the password (others can read it) is a problem too (`environment` gives `HOME`).
    public static func run(path: String?, named: Bool, environment: [String: String] = ProcessInfo.processInfo.environment,
                           write: (String) -> Void) -> Int32 {
        guard let given = path else {
            write("config OK: no config file (HOME is not set): the defaults apply\n")
            return 0
        }
        // The path is printed: control characters in it (an escape sequence) are shown, never sent.
        let shown = TodoTable.safe(given).text
        guard FileManager.default.fileExists(atPath: given) else {
            if named {
                write("\(shown): no such file\n")
                return 1
            }
            write("config OK: no config file at \(shown): the defaults apply\n")
            return 0
        }
        let configuration = Configuration.load(path: given)
        var problems = configuration.problems
        if let netrc = SyncPassword.netrcCheck(configuration.sync, environment: environment) { problems.append(TodoTable.safe(netrc).text) }
        guard !problems.isEmpty else {
            write("config OK: \(shown)\n")
            return 0
        }
        for problem in problems { write(problem + "\n") }
        return 1
    }
}
