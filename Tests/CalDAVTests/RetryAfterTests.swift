import CalDAV
import Testing

/// `Retry-After` (RFC 9110 §10.2.3) read as seconds from now, in both of its forms.
@Suite("Retry-After")
struct RetryAfterTests {
    /// 2026-10-21 07:28:00 UTC, in seconds since 1970.
    static let now = 1_792_567_680

    @Test("seconds and HTTP dates in the three formats become seconds from now; a past date is now, nonsense is nil", arguments: [
        (" 120 ", 120),
        ("0", 0),
        ("Wed, 21 Oct 2026 07:30:00 GMT", 120),
        ("Wednesday, 21-Oct-26 08:28:00 GMT", 3600),
        ("Wed Oct 21 07:28:45 2026", 45),
        ("Tue, 20 Oct 2026 07:28:00 GMT", 0),
        ("soon", nil),
        ("-5", nil),
        ("", nil),
    ] as [(String, Int?)])
    func parsing(header: String, seconds: Int?) {
        #expect(HTTPResponse(status: 503, headers: ["retry-after": header]).retryAfterSeconds(now: Self.now) == seconds)
    }

    @Test("the delay reaches the error a caller gets, and its sentence says it as a person would", arguments: [
        (45, "45 s"), (120, "2 min"), (121, "3 min"), (7200, "2 h"), (7201, "3 h"),
    ])
    func inTheError(seconds: Int, said: String) {
        let error = CalDAVError.serverError(status: 503, retryAfter: seconds)
        #expect(error.retryAfterSeconds == seconds)
        #expect(error.description == "The server failed with status 503; it asks to be tried again in \(said).")
    }

    @Test("errors without a delay from the server have none")
    func noDelay() {
        #expect(CalDAVError.serverError(status: 500, retryAfter: nil).retryAfterSeconds == nil)
        #expect(CalDAVError.timedOut.retryAfterSeconds == nil)
    }
}
