import CalDAV

/// What `tick sync` says when a sync fails: the error's own sentence, what the user can do about
/// it when the config file is the cure, and that nothing done so far is lost.
enum SyncFailureMessage {
    /// The whole message for `error` (without the `tick sync: ` prefix).
    static func text(for error: CalDAVError) -> String {
        [error.description, advice(for: error), "What was synced before the failure is kept; tick sync goes on from there."]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// The config line that fixes `error`, for the errors one line fixes.
    static func advice(for error: CalDAVError) -> String? {
        switch error {
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
