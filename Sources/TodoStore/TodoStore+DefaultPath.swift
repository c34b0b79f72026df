import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TodoStore {
    /// Where the store lives when no `--db` is given: `$TICK_DB`, else `$XDG_DATA_HOME/tick/tick.db`
    /// (only when absolute, as the XDG spec requires), else `$HOME/.local/share/tick/tick.db`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["TICK_DB"], !explicit.isEmpty {
            return explicit
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return join(dataHome, "tick/tick.db")
        }
        return join(homeFolder(environment), ".local/share/tick/tick.db")
    }

    /// `$HOME`, or the account's home from the password database when HOME is unset (cron, sudo -i).
    private static func homeFolder(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            return String(cString: directory)
        }
        return "."
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
