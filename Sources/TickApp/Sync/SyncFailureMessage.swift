import CalDAV
import TodoStore
import TodoSync

/// What `tick sync` says when a sync fails: the error's own sentence, what the user can do about
/// it when the config file is the cure, and what was kept of the sync so far.
enum SyncFailureMessage {
    /// The whole message for `error` (without the `tick sync: ` prefix); `kept` is what the sync had
    /// done before it (`SyncEngine.summary`); `login` says what of the login was missing when the
    /// sync started, for a refused one.
    static func text(for error: any Error, kept: SyncSummary, login: MissingLogin = MissingLogin()) -> String {
        let sentence: String
        if let error = error as? CalDAVError {
            sentence = [error.description, advice(for: error, login: login)].compactMap { $0 }.joined(separator: " ")
        } else {
            sentence = capitalized(storeSentence(error)) + "."
        }
        return sentence + " " + keptSentence(kept)
    }

    /// The reason the open app shows for a failure of the store during a sync: the store's sentence and what was kept.
    static func storeReason(_ error: any Error, kept: SyncSummary) -> String {
        storeSentence(error) + "; " + lowercasedFirst(keptSentence(kept))
    }

    /// The store's message, except that a full disk during a sync did not leave "nothing changed":
    /// what came before the failed write is kept (see `keptSentence`).
    private static func storeSentence(_ error: any Error) -> String {
        if case StoreError.diskFull(let path) = error { return "the disk is full; free some space on the disk holding \(path)" }
        return String(describing: error)
    }

    /// "What was synced before the failure is kept…", with what that was when anything was.
    static func keptSentence(_ kept: SyncSummary) -> String {
        guard kept.sentChanges != 0 || kept.sentDeletions != 0 || kept.receivedNew != 0
                || kept.receivedChanges != 0 || kept.receivedDeletions != 0 else {
            return "What was synced before the failure is kept; tick sync goes on from there."
        }
        return "What was synced before the failure is kept (\(kept.transferLine)); tick sync goes on from there."
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
        init(settings: SyncSettings, password: SyncPassword.Secret?) {
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

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
    private static func lowercasedFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }
}
