import CalDAV
import Testing

@Suite("HTTP statuses become typed CalDAV errors")
struct StatusMappingTests {
    static let cases: [(status: Int, headers: [String: String], error: CalDAVError)] = [
        (401, [:], .unauthorized),
        (403, [:], .forbidden),
        (404, [:], .notFound(path: "/u/list/")),
        (410, [:], .gone(path: "/u/list/")),
        (412, [:], .preconditionFailed(path: "/u/list/")),
        (507, [:], .insufficientStorage),
        (500, [:], .serverError(status: 500, retryAfter: nil)),
        (503, ["retry-after": " 120 "], .serverError(status: 503, retryAfter: 120)),
        (503, ["retry-after": "soon"], .serverError(status: 503, retryAfter: nil)),
        (302, ["location": "/elsewhere/"], .badResponse(reason: "unexpected status 302 for /u/list/")),
    ]

    @Test("Each failed status has its own error", arguments: cases)
    func mapping(status: Int, headers: [String: String], error: CalDAVError) {
        let response = HTTPResponse(status: status, headers: headers)
        #expect(caught { try CalDAVClient.checkedStatus(of: response, path: "/u/list/", expecting: [200]) } == error)
    }

    @Test("An expected status is no error")
    func expected() {
        #expect(caught { try CalDAVClient.checkedStatus(of: HTTPResponse(status: 207), path: "/", expecting: [207]) } == nil)
    }

    @Test("Every error has a sentence for the user that ends with a full stop", arguments: cases.map(\.error) + [
        .syncTokenInvalid, .timedOut, .connectionReset, .connectionFailed(reason: "refused"),
        .certificateRejected(reason: "self-signed"), .insecureConnectionRefused(host: "example.com"),
        .invalidURL(reason: "no host"), .badResponse(reason: "no XML"),
    ])
    func descriptions(error: CalDAVError) {
        #expect(error.description.hasSuffix(".") && error.description.first?.isUppercase == true)
    }
}
