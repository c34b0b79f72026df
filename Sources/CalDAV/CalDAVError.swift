/// Why a CalDAV request failed, typed so that a sync can decide what to do next (retry later, ask
/// for a password, do a full listing) and tell the user in a sentence.
///
/// No case carries credentials, and no description prints a URL's user information: the client
/// refuses URLs that contain any, and passes the user name and password to libcurl separately.
public enum CalDAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 401: the server refused the user name or password.
    case unauthorized
    /// 403: the account may not do this (and the answer was not a precondition we know).
    case forbidden
    /// 404: nothing at this address, for example a collection deleted on the server.
    case notFound(path: String)
    /// 410: the resource was there and has been removed for good.
    case gone(path: String)
    /// 412: an `If-Match`/`If-None-Match` condition failed: someone else created or changed it.
    case preconditionFailed(path: String)
    /// 507: the server has no room for what was sent.
    case insufficientStorage
    /// Another 4xx or 5xx; `retryAfter` is the `Retry-After` header in seconds when the server gave one.
    case serverError(status: Int, retryAfter: Int?)
    /// The sync token given to `sync-collection` is no longer valid: list the collection in full.
    case syncTokenInvalid
    /// No answer in time (connect or total timeout).
    case timedOut
    /// The server could not be reached (refused, unknown host, network down).
    case connectionFailed(reason: String)
    /// The connection broke while the request or its answer was under way.
    case connectionReset
    /// The TLS certificate could not be verified (or TLS failed to start).
    case certificateRejected(reason: String)
    /// Plain `http` to a host that is not a loopback address, without `allowsInsecure`: nothing was sent.
    case insecureConnectionRefused(host: String)
    /// The address cannot be used (malformed, not http(s), or with a user name or password in it).
    case invalidURL(reason: String)
    /// The server answered something this client cannot use; `reason` says what, briefly.
    case badResponse(reason: String)
    /// An answer grew past ``HTTPClient/Configuration/maximumResponseBytes`` (`limit`): the transfer
    /// was stopped there, so a server cannot fill the memory.
    case answerTooLarge(limit: Int)
    /// One request went on longer than ``HTTPClient/Configuration/totalTimeout`` (`seconds`), though
    /// bytes kept coming (a server dripping its answer).
    case requestTookTooLong(seconds: Int)
    /// The whole sync went on longer than its time limit (`seconds`, ``HTTPClient/setTimeLimit(_:)``).
    case syncTookTooLong(seconds: Int)
    /// The server named an address the client does not send to (another host, scheme or port, or an
    /// item outside its collection); `reason` says which. Nothing was sent there.
    case refusedAddress(reason: String)

    /// One sentence for the user.
    public var description: String {
        switch self {
        case .unauthorized:
            return "The server refused the user name or password (401)."
        case .forbidden:
            return "The server does not allow this account to do that (403)."
        case .notFound(let path):
            return "Nothing is at \(path) on the server (404): it may have been deleted there."
        case .gone(let path):
            return "The server has deleted \(path) (410)."
        case .preconditionFailed(let path):
            return "Someone else created or changed \(path) on the server (412)."
        case .insufficientStorage:
            return "The server is out of storage space (507): free some space there; the changes wait here."
        case .serverError(let status, let retryAfter):
            if let retryAfter {
                return "The server failed with status \(status); it asks to be tried again in \(Self.delay(retryAfter))."
            }
            return "The server failed with status \(status)."
        case .syncTokenInvalid:
            return "The server no longer knows the last sync token: a full listing is needed."
        case .timedOut:
            return "Timed out: the server stopped answering (slow or unreachable); try again later."
        case .connectionFailed(let reason):
            return "Could not connect to the server: \(reason)."
        case .connectionReset:
            return "The connection to the server broke off."
        case .certificateRejected(let reason):
            return "The server's TLS certificate could not be verified: \(reason)."
        case .insecureConnectionRefused(let host):
            return "Refusing plain http to \(host): use https (only loopback addresses may use http unless insecure connections are allowed)."
        case .invalidURL(let reason):
            return "Unusable server address: \(reason)."
        case .badResponse(let reason):
            return "The server's answer could not be used: \(reason)."
        case .answerTooLarge(let limit):
            return "The server sent an answer larger than \(Self.size(limit)), more than Tick accepts; the transfer was stopped."
        case .requestTookTooLong(let seconds):
            return "A request to the server was still under way after \(Self.delay(seconds)) (an answer sent very slowly) and was stopped."
        case .syncTookTooLong(let seconds):
            return "The sync was still under way after \(Self.delay(seconds)) and was stopped."
        case .refusedAddress(let reason):
            return "The server named an address Tick does not send to: \(reason)."
        }
    }
    /// How long the server asked to wait before the next try (a 503 or 429 with `Retry-After`, in
    /// seconds from when it answered); nil when it did not say. A background sync waits at least
    /// this long before trying again.
    public var retryAfterSeconds: Int? {
        guard case .serverError(_, let retryAfter) = self else { return nil }
        return retryAfter
    }

    /// `bytes` as a person says it: "64 MB" (binary megabytes), or the bytes when fewer than one.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    /// `seconds` as a person says it: "45 s", "3 min", "2 h" (rounded up: never sooner than asked).
    static func delay(_ seconds: Int) -> String {
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 2 * 3600 { return "\(seconds / 60 + (seconds % 60 == 0 ? 0 : 1)) min" }
        return "\(seconds / 3600 + (seconds % 3600 == 0 ? 0 : 1)) h"
    }
}
