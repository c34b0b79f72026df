import CalDAV

/// The `sync` lines of the config file: where the CalDAV server is and how to log in to it.
///
///     sync url https://dav.example.com/calendars/me/   a calendar home or one collection
///     sync user NAME
///     sync password-command pass show caldav          run without a shell; its first line of output
///     sync ca-file PATH                               a CA certificate for a self-signed server
///     sync insecure yes|no                            allow plain http to a host that is not loopback
///     sync list NAME yes|no                           `no` keeps a list on this machine only
///     sync interval MINUTES                           how often the open app syncs (default 5; 0: only on changes and S)
///     sync max-answer MB                              the largest answer taken from the server (default 64)
///     sync request-timeout MINUTES                    the longest one request may take (default 10)
///     sync time-limit MINUTES                         the longest one sync may take (default 60)
///     sync parallel-uploads N                         changes sent to the server at once (1 to 8, default 4)
///
/// The password itself is never read from the config file (a `sync password …` line is refused
/// without repeating it): it comes from `password-command`, `TICK_SYNC_PASSWORD` or `~/.netrc`
/// (see `SyncPassword`).
public struct SyncSettings: Equatable, Sendable {
    /// The server URL (`sync url`); nil while sync is not configured.
    public var url: String?
    /// The user name (`sync user`).
    public var user: String?
    /// The words of `sync password-command`, program first.
    public var passwordCommand: [String]?
    /// `sync ca-file`: a CA certificate (PEM) trusted besides the system's.
    public var caFile: String?
    /// `sync insecure yes`: plain http is allowed to any host, not only to loopback.
    public var allowsInsecureHTTP = false
    /// Lists by name that stay local (`sync list Private no`); every other list syncs.
    public var localLists: Set<String> = []
    /// `sync interval MINUTES`: how often the open app syncs by itself; 0 syncs only after changes and when asked.
    public var intervalMinutes = 5
    /// `sync max-answer MB`: the largest answer taken from the server, in MB (a bigger one stops the transfer).
    public var maximumAnswerMegabytes = 64
    /// `sync request-timeout MINUTES`: the longest one request may take, however slowly its answer keeps coming.
    public var requestTimeoutMinutes = 10
    /// `sync time-limit MINUTES`: the longest one sync may take in all.
    public var timeLimitMinutes = 60
    /// `sync parallel-uploads N`: how many changes go up at once, each over a connection of its own (1: one after the other).
    public var parallelUploads = HTTPClient.Configuration.defaultParallelRequests

    /// No sync configured.
    public init() {}

    /// Whether any `sync` line was given: then `url` is required.
    public var isConfigured: Bool { url != nil }

    /// Whether the list named `name` is synced (`sync list NAME no` keeps it local).
    public func syncs(listNamed name: String) -> Bool { !localLists.contains(name) }

    /// Applies the words after `sync` on one config line.
    mutating func apply(_ arguments: [String]) throws(Configuration.Problem) {
        guard let key = arguments.first else {
            throw Configuration.Problem(message: "sync wants a setting (\(Self.keys))")
        }
        let rest = Array(arguments.dropFirst())
        let value = rest.joined(separator: " ")
        switch key.lowercased() {
        case "url":
            guard rest.count == 1 else { throw Configuration.Problem(message: "sync url wants one URL, like: sync url https://dav.example.com/calendars/me/") }
            let lowered = value.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
                throw Configuration.Problem(message: "sync url wants an http or https URL")
            }
            // user:password@host would put a credential in the config file and in every message naming the URL.
            let authority = value.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first ?? ""
            guard !authority.contains("@") else {
                throw Configuration.Problem(message: "sync url must not contain a user or password: use sync user and password-command, TICK_SYNC_PASSWORD or ~/.netrc")
            }
            url = value
        case "user":
            guard !value.isEmpty else { throw Configuration.Problem(message: "sync user wants a user name") }
            user = value
        case "password-command":
            guard !rest.isEmpty else { throw Configuration.Problem(message: "sync password-command wants a command, like: sync password-command pass show caldav") }
            do {
                passwordCommand = try CommandWords.split(value)
            } catch {
                throw Configuration.Problem(message: "sync password-command cannot be run: \(error)")
            }
        case "password":
            // Never repeated: the rest of the line is a password.
            throw Configuration.Problem(message: "sync password is not read from the config file: use sync password-command, TICK_SYNC_PASSWORD or ~/.netrc")
        case "ca-file":
            guard !value.isEmpty else { throw Configuration.Problem(message: "sync ca-file wants the path of a PEM certificate") }
            caFile = value
        case "insecure":
            guard rest.count == 1, let flag = Self.bool(rest[0]) else { throw Configuration.Problem(message: "sync insecure wants yes or no") }
            allowsInsecureHTTP = flag
        case "list":
            guard rest.count >= 2, let flag = Self.bool(rest[rest.count - 1]) else {
                throw Configuration.Problem(message: "sync list wants a list name and yes or no, like: sync list Private no")
            }
            let name = rest.dropLast().joined(separator: " ")
            if flag { localLists.remove(name) } else { localLists.insert(name) }
        case "interval":
            intervalMinutes = try Self.number(rest, in: 0...1440, of: "interval", unit: "a number of minutes", example: 5)
        case "max-answer":
            maximumAnswerMegabytes = try Self.number(rest, in: 1...4096, of: "max-answer", unit: "a size in MB", example: 64)
        case "request-timeout":
            requestTimeoutMinutes = try Self.number(rest, in: 1...1440, of: "request-timeout", unit: "a number of minutes", example: 10)
        case "time-limit":
            timeLimitMinutes = try Self.number(rest, in: 1...1440, of: "time-limit", unit: "a number of minutes", example: 60)
        case "parallel-uploads":
            parallelUploads = try Self.number(rest, in: HTTPClient.Configuration.parallelRequestRange, of: "parallel-uploads",
                                              unit: "a number of requests", example: HTTPClient.Configuration.defaultParallelRequests)
        default:
            throw Configuration.Problem(message: "unknown sync setting \"\(key)\" (\(Self.keys))")
        }
    }

    /// The problem of the settings as a whole (checked after the last line), if any.
    var overallProblem: String? {
        let anythingSet = user != nil || passwordCommand != nil || caFile != nil || allowsInsecureHTTP || !localLists.isEmpty || intervalMinutes != 5
            || maximumAnswerMegabytes != 64 || requestTimeoutMinutes != 10 || timeLimitMinutes != 60
            || parallelUploads != HTTPClient.Configuration.defaultParallelRequests
        if url == nil && anythingSet { return "sync settings without a sync url: add one, like: sync url https://dav.example.com/calendars/me/" }
        return nil
    }

    private static let keys = "url, user, password-command, ca-file, insecure, list, interval, max-answer, request-timeout, time-limit, parallel-uploads"

    /// The one whole number in `words` within `range`, or the problem naming `key`, its unit and an example.
    private static func number(_ words: [String], in range: ClosedRange<Int>, of key: String, unit: String, example: Int)
        throws(Configuration.Problem) -> Int {
        guard words.count == 1, let number = Int(words[0]), range.contains(number) else {
            throw Configuration.Problem(message: "sync \(key) wants \(unit) from \(range.lowerBound) to \(range.upperBound), like: sync \(key) \(example)")
        }
        return number
    }

    private static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "on", "true", "1": return true
        case "no", "off", "false", "0": return false
        default: return nil
        }
    }
}
