import CCurl
import Glibc

/// An HTTP client over one libcurl easy handle, reused for every request so that the connection
/// stays open between them (keep-alive).
///
/// Not thread-safe: use one client per thread. Every request is sent once: a failure is thrown as
/// a ``CalDAVError`` and never retried here, so a wrong password costs one request, not a storm.
///
/// Every request has timeouts and an answer size limit (``Configuration``), verifies TLS (peer and
/// host, always), and goes only to ``Configuration/origin`` when one is set. `HTTPClient+Parallel`
/// sends up to ``Configuration/parallelRequests`` side by side through libcurl's multi interface,
/// driven from the calling thread. libcurl itself is loaded on first use (`CCurl`'s `ccurl.h`).
public final class HTTPClient {
    /// A user name and password for HTTP basic authentication. Its description hides both.
    public struct Credentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// The account's user name.
        public var user: String
        /// The account's password, wiped by whoever made it once the sync is over.
        public var password: Secret

        /// Credentials for `user` with a password held as a `Secret`.
        public init(user: String, secret: Secret) {
            self.user = user
            self.password = secret
        }

        /// Credentials for `user` (the password copied into a `Secret`).
        public init(user: String, password: String) {
            self.init(user: user, secret: Secret(password))
        }

        /// Says that credentials are set, and nothing of them.
        public var description: String { "Credentials(hidden)" }
        /// As ``description``: a `debugPrint` or string interpolation must not leak them either.
        public var debugDescription: String { description }
        /// Hides the fields from `dump` and the debugger's summaries too.
        public var customMirror: Mirror { Mirror(self, children: [:]) }
    }

    /// How the client connects; fixed for the client's life.
    ///
    /// A request fails when connecting takes longer than `connectTimeout`, when nothing arrives for
    /// `stallTimeout`, or, for a server that drips its answer a few bytes a second, after
    /// `totalTimeout` in all (generous: 10 minutes), so a first sync that downloads thousands of
    /// todos over a slow line is not cut off while a server that stopped answering is noticed. An
    /// answer larger than `maximumResponseBytes` is stopped there.
    public struct Configuration: Sendable {
        /// Basic-auth credentials, or nil for none.
        public var credentials: Credentials?
        /// How long connecting (TCP and TLS) may take.
        public var connectTimeout: Duration
        /// How long a request may go on without moving a byte (libcurl's low-speed limit of one
        /// byte per second over this time, in whole seconds, at least 1). libcurl averages the
        /// speed over its last few seconds, so a stall is noticed up to about 5 s later than this.
        public var stallTimeout: Duration
        /// How long a whole request, answer included, may take (10 minutes by default); nil for no limit.
        public var totalTimeout: Duration?
        /// A PEM file of certificates to trust instead of the system's (for a self-signed server).
        public var caFile: String?
        /// Whether plain `http` may go to hosts that are not loopback addresses.
        public var allowsInsecure: Bool
        /// The largest answer accepted, in bytes (64 MB by default); a bigger one fails with
        /// ``CalDAVError/answerTooLarge(limit:)`` as soon as it passes the limit.
        public var maximumResponseBytes: Int
        /// The server every request must go to (same scheme, host and port), when set: a request
        /// elsewhere fails with ``CalDAVError/refusedAddress(reason:)`` before anything is sent, so
        /// the credentials never leave that server whatever addresses it names.
        public var origin: ServerURL?
        /// The `User-Agent` every request carries (`tick/1.4.0`: the program, which this module does
        /// not know), or nil for none. A server's log then names the client, and a server that
        /// treats clients differently can tell Tick apart.
        public var userAgent: String?
        /// How many requests may be under way at once when a caller sends several side by side
        /// (``HTTPClient/start(_:)``: a sync's uploads), each over a connection of its own; 1
        /// sends one after the other. Clamped to ``parallelRequestRange``.
        public var parallelRequests: Int {
            get { storedParallelRequests }
            set { storedParallelRequests = min(max(newValue, Self.parallelRequestRange.lowerBound), Self.parallelRequestRange.upperBound) }
        }
        private var storedParallelRequests = defaultParallelRequests

        /// The largest answer accepted by default: 64 MB.
        public static let defaultMaximumResponseBytes = 64 << 20
        /// The longest a request may take by default: 10 minutes.
        public static let defaultTotalTimeout = Duration.seconds(600)
        /// Requests under way at once by default (see ``parallelRequests``), chosen from
        /// `BENCHMARKS.md`'s first uploads to Radicale and Xandikos.
        public static let defaultParallelRequests = 4
        /// The bounds of ``parallelRequests``: more connections than this gain nothing against the
        /// servers measured and load a small server for nothing.
        public static let parallelRequestRange = 1...8

        /// A configuration with the defaults a sync wants: 10 s to connect, 30 s without a byte
        /// before giving up, 10 minutes for a whole request, answers up to 64 MB.
        public init(credentials: Credentials? = nil, connectTimeout: Duration = .seconds(10), stallTimeout: Duration = .seconds(30),
                    totalTimeout: Duration? = defaultTotalTimeout, caFile: String? = nil, allowsInsecure: Bool = false,
                    maximumResponseBytes: Int = defaultMaximumResponseBytes, origin: ServerURL? = nil, userAgent: String? = nil,
                    parallelRequests: Int = defaultParallelRequests) {
            self.credentials = credentials
            self.connectTimeout = connectTimeout
            self.stallTimeout = stallTimeout
            self.totalTimeout = totalTimeout
            self.caFile = caFile
            self.allowsInsecure = allowsInsecure
            self.maximumResponseBytes = maximumResponseBytes
            self.origin = origin
            self.userAgent = userAgent
            self.parallelRequests = parallelRequests
        }
    }

    /// The configuration the client was made with.
    public let configuration: Configuration
    /// How many requests were handed to libcurl (refused ones are not counted): lets tests and
    /// the sync's progress see the cost of an operation.
    public internal(set) var requestCount = 0
    /// How many connections libcurl opened for those requests (`CURLINFO_NUM_CONNECTS` summed): 1
    /// for any number of requests when the server keeps the connection open (HTTP/1.1 keep-alive),
    /// one per request when it closes it after each answer (an HTTP/1.0 server such as Radicale 3.9).
    /// Requests sent side by side (``start(_:)``) keep connections of their own, one per request
    /// at once.
    public internal(set) var connectionCount = 0

    /// The handle of ``send(_:bodyTo:)``, reused so that its connection stays open.
    let handle: CurlHandle
    /// When the time limit set by ``setTimeLimit(_:)`` runs out, and that limit in seconds.
    private var deadline: (instant: ContinuousClock.Instant, seconds: Int)?
    /// The requests sent side by side (``start(_:)``), made on first use.
    var parallel: ParallelTransfers?

    /// libcurl's global set-up, once per process before the first handle (Swift runs a global's
    /// initializer exactly once, thread-safely).
    private static let globalSetUp: CURLcode = ccurl_global_init(ccurl_global_default())

    /// A client; fails only when libcurl cannot make a handle.
    public init(configuration: Configuration = Configuration()) throws(CalDAVError) {
        _ = Self.globalSetUp
        self.configuration = configuration
        handle = try CurlHandle(configuration: configuration)
    }

    /// Limits the time of every request from now on to `limit` in all (a whole sync), or lifts the
    /// limit (nil). A request that would end after it is cut short with
    /// ``CalDAVError/syncTookTooLong(seconds:)``; once it has passed nothing more is sent.
    public func setTimeLimit(_ limit: Duration?) {
        deadline = limit.map { (ContinuousClock.now + $0, Int($0.components.seconds)) }
    }

    /// Sends `request` and returns the answer whatever its status; throws only when no answer came
    /// (or the address was refused, in which case nothing is sent). The body of an answer that
    /// `consumer` accepts goes to it as it arrives, and the returned answer's body is then empty.
    public func send(_ request: HTTPRequest, bodyTo consumer: (any HTTPBodyConsumer)? = nil) throws(CalDAVError) -> HTTPResponse {
        let transfer = try begin(request, on: handle, bodyTo: consumer)
        let code = withExtendedLifetime(transfer.collector) { ccurl_easy_perform(handle.pointer) }
        return try end(transfer, code: code)
    }

    /// Checks `request` (the scheme, the origin, the sync's time left) and sets it up on `handle`;
    /// counted as sent. Nothing is sent when this throws.
    func begin(_ request: HTTPRequest, on handle: CurlHandle, bodyTo consumer: (any HTTPBodyConsumer)?) throws(CalDAVError) -> Transfer {
        if request.url.scheme == "http" && !request.url.isLoopback && !configuration.allowsInsecure {
            throw .insecureConnectionRefused(host: request.url.host)
        }
        if let origin = configuration.origin, !request.url.hasSameOrigin(as: origin) {
            throw .refusedAddress(reason: "\(request.url) is not on \(origin.origin), the configured server")
        }
        // The request's time: the total timeout, cut to what is left of the sync's time limit.
        var timeout = configuration.totalTimeout
        var limitedBySync = false
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline.instant)
            guard left > .zero else { throw .syncTookTooLong(seconds: deadline.seconds) }
            if timeout.map({ left < $0 }) ?? true {
                timeout = left
                limitedBySync = true
            }
        }
        let pointer = handle.pointer
        // 0 is libcurl's "no limit".
        ccurl_setopt_long(pointer, CURLOPT_TIMEOUT_MS, timeout.map(CurlHandle.milliseconds) ?? 0)
        let collector = ResponseCollector(limit: configuration.maximumResponseBytes, consumer: consumer)
        let context = Unmanaged.passUnretained(collector).toOpaque()
        var headerList: UnsafeMutablePointer<curl_slist>?
        // libcurl would add "Expect: 100-continue" to large bodies and wait for an interim answer.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            headerList = ccurl_slist_append(headerList, line)
        }

        ccurl_setopt_string(pointer, CURLOPT_URL, request.url.absoluteString)
        if let body = request.body {
            ccurl_setopt_offset(pointer, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            // COPYPOSTFIELDS copies the size set above at once; an empty body still needs a pointer.
            var bytes = body.isEmpty ? [0] : body
            bytes.withUnsafeMutableBytes { buffer in
                _ = ccurl_setopt_pointer(pointer, CURLOPT_COPYPOSTFIELDS, buffer.baseAddress)
            }
        } else {
            ccurl_setopt_long(pointer, CURLOPT_HTTPGET, 1)
        }
        ccurl_setopt_string(pointer, CURLOPT_CUSTOMREQUEST, request.method)
        ccurl_setopt_slist(pointer, CURLOPT_HTTPHEADER, headerList)
        ccurl_setopt_pointer(pointer, CURLOPT_WRITEDATA, context)
        ccurl_setopt_pointer(pointer, CURLOPT_HEADERDATA, context)
        handle.errorBuffer[0] = 0
        requestCount += 1
        return Transfer(handle: handle, collector: collector, headerList: headerList, started: .now, timeout: timeout,
                        limitedBySync: limitedBySync)
    }

    /// The answer of `transfer`, which libcurl ended with `code`, or the error it came to; frees
    /// what ``begin(_:on:bodyTo:)`` made and counts the connections it opened.
    func end(_ transfer: Transfer, code: CURLcode) throws(CalDAVError) -> HTTPResponse {
        let pointer = transfer.handle.pointer
        let collector = transfer.collector
        ccurl_setopt_slist(pointer, CURLOPT_HTTPHEADER, nil)
        ccurl_slist_free_all(transfer.headerList)
        var connections = 0
        ccurl_getinfo_long(pointer, CURLINFO_NUM_CONNECTS, &connections)
        connectionCount += connections
        guard code == CURLE_OK else {
            if collector.overflowed { throw .answerTooLarge(limit: configuration.maximumResponseBytes) }
            if collector.consumerStopped {
                // The consumer could not read the body; its own error says why.
                var status = 0
                ccurl_getinfo_long(pointer, CURLINFO_RESPONSE_CODE, &status)
                return HTTPResponse(status: status, headers: collector.headers, body: [])
            }
            if code == CURLE_OPERATION_TIMEDOUT, let timeout = transfer.timeout,
               transfer.started.duration(to: .now) >= timeout - .milliseconds(50) {
                // The whole time ran out, not a stall's or the connection's: the sync's, or, while an
                // answer was arriving (a server dripping it), the request's. A server that said
                // nothing at all simply timed out.
                if transfer.limitedBySync, let deadline { throw .syncTookTooLong(seconds: deadline.seconds) }
                if collector.status != 0 { throw .requestTookTooLong(seconds: Int(timeout.components.seconds)) }
            }
            throw transfer.handle.error(for: code)
        }
        var status = 0
        ccurl_getinfo_long(pointer, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: collector.headers, body: collector.body)
    }

    /// One request set up on a handle by ``HTTPClient/begin(_:on:bodyTo:)``, until ``HTTPClient/end(_:code:)``.
    struct Transfer {
        let handle: CurlHandle
        let collector: ResponseCollector
        let headerList: UnsafeMutablePointer<curl_slist>?
        let started: ContinuousClock.Instant
        /// The request's whole time, nil for none.
        let timeout: Duration?
        /// Whether that time is what was left of the sync's time limit.
        let limitedBySync: Bool
    }
}

/// One libcurl easy handle with its error buffer, set up with the options that stay the same for
/// every request of a client. A handle keeps its connections open between its requests.
final class CurlHandle {
    let pointer: UnsafeMutableRawPointer
    let errorBuffer: UnsafeMutablePointer<CChar>

    /// A handle set up for `configuration`; fails only when libcurl cannot make one.
    init(configuration: HTTPClient.Configuration) throws(CalDAVError) {
        guard let pointer = ccurl_easy_init() else {
            throw .connectionFailed(reason: ccurl_load_error().map { String(cString: $0) } ?? "libcurl could not start")
        }
        self.pointer = pointer
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        setUp(configuration)
    }

    deinit {
        ccurl_easy_cleanup(pointer)
        errorBuffer.deallocate()
    }

    /// Where libcurl would write its messages: nowhere (verbose mode is off, and nothing of a
    /// server's must reach the terminal even if a message slipped through).
    nonisolated(unsafe) private static let discardedOutput: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(fopen("/dev/null", "w"))

    /// The options that stay the same for every request.
    private func setUp(_ configuration: HTTPClient.Configuration) {
        let handle = pointer
        ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        ccurl_setopt_long(handle, CURLOPT_VERBOSE, 0)
        ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 1)
        if let output = Self.discardedOutput { ccurl_setopt_pointer(handle, CURLOPT_STDERR, output) }
        // No signals: libcurl must not raise SIGALRM or SIGPIPE in a process that has a terminal UI.
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout))
        ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
        ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, (Self.milliseconds(configuration.stallTimeout) + 999) / 1000))
        ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = configuration.caFile {
            ccurl_setopt_string(handle, CURLOPT_CAINFO, caFile)
        }
        if let credentials = configuration.credentials {
            // Basic only: libcurl then sends the credentials with the first request instead of
            // probing with an anonymous one, and does not retry after a 401.
            ccurl_setopt_long(handle, CURLOPT_HTTPAUTH, ccurl_auth_basic())
            ccurl_setopt_string(handle, CURLOPT_USERNAME, credentials.user)
            credentials.password.withCString { _ = ccurl_setopt_string(handle, CURLOPT_PASSWORD, $0) }
        }
        if let userAgent = configuration.userAgent {
            ccurl_setopt_string(handle, CURLOPT_USERAGENT, userAgent)
        }
        ccurl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, receiveBody)
        ccurl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, receiveHeader)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// The typed error for a failed transfer, with libcurl's message made printable.
    func error(for code: CURLcode) -> CalDAVError {
        let detail = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: ccurl_easy_strerror(code))
        let reason = String(detail.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .connectionFailed(reason: reason)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
            return .connectionReset
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
            return .certificateRejected(reason: reason)
        default:
            return .connectionFailed(reason: reason)
        }
    }
}

/// Takes the body of an answer as it arrives, instead of the client collecting it whole (a
/// multistatus read as it streams: ``MultistatusReader``).
public protocol HTTPBodyConsumer: AnyObject {
    /// Whether the body of an answer with `status` comes here; other bodies are collected as usual.
    func accepts(status: Int) -> Bool
    /// The next bytes of the body; false stops the transfer (the consumer then knows why).
    func consume(_ bytes: UnsafeRawBufferPointer) -> Bool
}

/// What libcurl's callbacks fill in during one transfer.
final class ResponseCollector {
    let limit: Int
    let consumer: (any HTTPBodyConsumer)?
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    /// The status of the last status line (the final answer's once the body comes).
    var status = 0
    /// Bytes of the body so far, wherever they went.
    var received = 0
    var overflowed = false
    var consumerStopped = false

    init(limit: Int, consumer: (any HTTPBodyConsumer)?) {
        self.limit = limit
        self.consumer = consumer
    }

    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard received + bytes.count <= limit else {
            overflowed = true
            return false
        }
        received += bytes.count
        if let consumer, consumer.accepts(status: status) {
            guard consumer.consume(bytes) else {
                consumerStopped = true
                return false
            }
            return true
        }
        body.append(contentsOf: bytes)
        return true
    }

    func receiveHeaderLine(_ line: String) {
        // A status line starts the headers of a new answer (after a 100 Continue, say).
        if line.hasPrefix("HTTP/") {
            headers = [:]
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        headers[String(line[..<colon]).lowercased()] = String(line[line.index(after: colon)...]).trimmingSpaces
    }
}

private let receiveBody: ccurl_data_callback = { data, size, count, context in
    let length = size * count
    guard let context else { return 0 }
    let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
    guard let data, length > 0 else { return length }
    // Returning less than given makes libcurl abort the transfer (CURLE_WRITE_ERROR).
    return collector.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let receiveHeader: ccurl_data_callback = { data, size, count, context in
    let length = size * count
    guard let context, let data else { return length }
    let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: length)
    collector.receiveHeaderLine(String(decoding: bytes, as: UTF8.self))
    return length
}
