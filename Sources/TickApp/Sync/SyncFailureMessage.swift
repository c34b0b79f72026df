import CalDAV

/// What `tick sync` says when a sync fails: the error's own sentence, what the user can do about
/// it when the config file is the cure, and that nothing done so far is lost.
enum SyncFailureMessage {
    /// The whole message for `error` (without the `tick sync: ` prefix); `login` says what of the
    /// login was missing when the sync started, for a refused one.
    static func text(for error: CalDAVError, login: MissingLogin = MissingLogin()) -> String {
        [error.description, advice(for: error, login: login), "What was synced before the failure is kept; tick sync goes on from there."]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// What the login a sync sent lacked: a 401 then says where the user name and password come from.
    struct MissingLogin: Equatable {
        /// No `sync user` line.
        var user = false
        /// No password from any of its places; the server's host, for the `~/.netrc` entry to look for.
        var passwordForHost: String?

        /// Nothing missing (or nothing known).
        init() {}

        /// What `settings` and the password found leave out.
        init(settings: SyncSettings, password: String?) {
            user = settings.user == nil
            if password == nil { passwordForHost = settings.url.map(SyncPassword.host) ?? "" }
        }
    }

    /// The sentence after a 401 that says what was not sent and where it comes from; nil when a user
    /// and a password were both sent (the password is wrong: the error says so).
    static func loginAdvice(_ login: MissingLogin) -> String? {
        var sentences: [String] = []
        if login.user { sentences.append("No user name is configured: add sync user NAME to the config file.") }
        if let host = login.passwordForHost {
            sentences.append("No password was found: Tick takes it from sync password-command COMMAND, else the environment variable "
                             + "TICK_SYNC_PASSWORD, else the ~/.netrc entry machine \(TodoTable.safe(host).text); none of them gave one.")
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }

    /// The config line that fixes `error`, for the errors one line fixes.
    static func advice(for error: CalDAVError, login: MissingLogin = MissingLogin()) -> String? {
        switch error {
        case .unauthorized:
            return loginAdvice(login)
        case .certificateRejected:
            return "For a server with a self-signed certificate, name that certificate with sync ca-file PATH."
        case .insecureConnectionRefused:
            return "To send the password in clear anyway, add sync insecure yes."
        case .answerTooLarge:
            return "If the server really holds that much, raise the limit with sync max-answer MB."
        case .requestTookTooLong:
            return "For a very slow line, allow more with sync request-timeout MINUTES."
        case .syncTookTooLong:
            return "For a very slow line, allow more with sync time-limit MINUTES."
        default:
            return nil
        }
    }
}
