import CCurl
import Glibc

/// One HTTP request to a CalDAV server.
public struct HTTPRequest: Sendable {
    /// `GET`, `PUT`, `PROPFIND`, `REPORT`…
    public var method: String
    /// Where it goes.
    public var url: ServerURL
    /// Extra headers in order (`Depth`, `If-Match`, `Content-Type`…); names are sent as given.
    public var headers: [(name: String, value: String)]
    /// The body, if any.
    public var body: [UInt8]?

    /// A request of `method` to `url`.
    public init(method: String, url: ServerURL, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The server's answer to one ``HTTPRequest``, whatever its status.
public struct HTTPResponse: Sendable {
    /// The status code (200, 207, 404…).
    public var status: Int
    /// The headers of the final answer, by lower-cased name (a repeated header keeps its last value).
    public var headers: [String: String]
    /// The body as received.
    public var body: [UInt8]

    /// Makes an answer, for the client and for tests of code that reads answers.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name`, in any case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body as UTF-8 text (invalid bytes become U+FFFD).
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }

    /// The `ETag` header, unchanged (quotes and a weak `W/` prefix are part of the value servers
    /// compare in `If-Match`).
    public var entityTag: String? {
        header("ETag")
    }

    /// `Retry-After` in seconds from now, whether the server sent a number of seconds or an HTTP
    /// date (RFC 9110 §10.2.3); nil without the header or when it cannot be read.
    public var retryAfterSeconds: Int? {
        retryAfterSeconds(now: Int(time(nil)))
    }

    /// `Retry-After` in seconds from `now` (seconds since 1970): a date already past is 0.
    public func retryAfterSeconds(now: Int) -> Int? {
        guard let value = header("Retry-After")?.trimmingSpaces, !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCIIDigit) {
            // Beyond Int's range is still "much later", not unreadable.
            return Int(value) ?? Int.max
        }
        let date = ccurl_getdate(value)
        guard date != -1 else { return nil }
        return max(0, Int(date) - now)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (no Foundation here).
    /// Works on scalars: "\r\n" is one Character, which a per-Character test would not match.
    var trimmingSpaces: String {
        // Nothing to trim (an href, an ETag or a status as most servers write them): the string itself.
        let isSpaceByte: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        if let first = utf8.first, let last = utf8.last, !isSpaceByte(first), !isSpaceByte(last) { return self }
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
