import CCurl

/// An absolute `http`/`https` address on a CalDAV server, parsed and resolved by libcurl's URL API
/// (so the module needs no Foundation).
///
/// A URL with a user name or password in it is refused: credentials travel only as
/// ``HTTPClient/Credentials``, so no address the client prints can leak them.
public struct ServerURL: Hashable, Sendable, CustomStringConvertible {
    /// The whole address, normalized by libcurl (`https://host:port/path/`).
    public let absoluteString: String
    /// `http` or `https`, in lower case.
    public let scheme: String
    /// The host as written in the URL (IPv6 addresses keep their brackets).
    public let host: String
    /// The port, given or the scheme's default (80, 443).
    public let port: Int
    /// The path, percent-encoded as the server sent it; `/` at least.
    public let path: String

    /// Parses `string`, which must be an absolute `http` or `https` URL without user information.
    public init(_ string: String) throws(CalDAVError) {
        let parts = try Self.parse(string, base: nil)
        self.init(parts: parts)
    }

    private init(parts: Parts) {
        absoluteString = parts.url
        scheme = parts.scheme
        host = parts.host
        port = parts.port
        path = parts.path
    }

    /// The address `reference` (an `href` from a multistatus answer, absolute or relative) names,
    /// resolved against this one.
    public func resolving(_ reference: String) throws(CalDAVError) -> ServerURL {
        if let resolved = resolvingPlainPath(reference) { return resolved }
        return try resolvingWithLibcurl(reference)
    }

    /// `reference` resolved by libcurl's URL API, whatever it is.
    func resolvingWithLibcurl(_ reference: String) throws(CalDAVError) -> ServerURL {
        ServerURL(parts: try Self.parse(reference, base: absoluteString))
    }

    /// `reference` resolved without libcurl when it is a plain absolute path (the hrefs servers
    /// write for every item of a multistatus): it starts with one `/`, holds only unreserved
    /// characters, `/` and well-formed percent-escapes, and no `.` or `..` segment; and this address
    /// is `origin-part` + `path` (no query). libcurl resolves such a reference to the same address
    /// (this origin, the path as written); nil otherwise, for libcurl to resolve. A sync resolves two
    /// hrefs per item, and libcurl's URL parser cost more than reading the item's XML.
    func resolvingPlainPath(_ reference: String) -> ServerURL? {
        // Over the strings' own bytes (`withBytes`): walking a String's UTF-8 view byte by byte cost
        // more than the rest of resolving an href.
        let pathCount = path.utf8.count
        let baseIsOriginAndPath = Self.withBytes(absoluteString) { base in
            base.count > pathCount && !base.contains(UInt8(ascii: "?")) && !base.contains(UInt8(ascii: "#"))
                && Self.withBytes(path) { UnsafeBufferPointer(rebasing: base[(base.count - pathCount)...]).elementsEqual($0) }
        }
        guard baseIsOriginAndPath, Self.withBytes(reference, Self.isPlainPath) else { return nil }
        let prefix = absoluteString.utf8.dropLast(pathCount)
        return ServerURL(parts: Parts(url: String(decoding: prefix, as: UTF8.self) + reference, scheme: scheme, host: host, path: reference, port: port))
    }

    /// Whether `reference` is this address's path followed by one segment of unreserved characters
    /// only (no `%`, no `/`, not `.` or `..`), this address being `origin-part` + a path that ends in
    /// `/` and holds only unreserved characters and `/`, no `.` or `..` segment, no query. Such a
    /// reference names a member of this collection whose path is the reference itself: `resolving`
    /// gives this origin and that path, and `isInside` holds. For many references, check this
    /// address once: `PlainChildren(of:)`.
    func isPlainChild(_ reference: String) -> Bool {
        PlainChildren(of: self).contains(reference)
    }

    /// The plain children of one collection (see `isPlainChild`): the collection's part of the
    /// check made once, for the hrefs of a whole multistatus.
    struct PlainChildren {
        /// The collection's path when the collection qualifies (see `isPlainChild`); nil when no
        /// reference is its plain child.
        private let collectionPath: [UInt8]?

        /// The plain children of `collection`.
        init(of collection: ServerURL) {
            let pathCount = collection.path.utf8.count
            collectionPath = ServerURL.withBytes(collection.absoluteString) { base -> [UInt8]? in
                guard base.count > pathCount, !base.contains(UInt8(ascii: "?")), !base.contains(UInt8(ascii: "#")) else { return nil }
                let basePath = UnsafeBufferPointer(rebasing: base[(base.count - pathCount)...])
                guard basePath.last == UInt8(ascii: "/"), ServerURL.isPlainPath(basePath), !basePath.contains(UInt8(ascii: "%")) else { return nil }
                return Array(basePath)
            }
        }

        /// Whether `reference` is the collection's path and one plain segment (see `isPlainChild`).
        func contains(_ reference: String) -> Bool {
            guard let collectionPath else { return false }
            let pathCount = collectionPath.count
            return ServerURL.withBytes(reference) { bytes in
                guard bytes.count > pathCount, UnsafeBufferPointer(rebasing: bytes[..<pathCount]).elementsEqual(collectionPath) else { return false }
                let segment = UnsafeBufferPointer(rebasing: bytes[pathCount...])
                if segment.allSatisfy({ $0 == UInt8(ascii: ".") }) && segment.count <= 2 { return false }
                return segment.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                         UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "."): true
                    default: false
                    }
                }
            }
        }
    }

    /// Whether `bytes` are a plain absolute path (see `resolvingPlainPath`): one `/` first, only
    /// unreserved characters, `/` and well-formed percent-escapes, no `.` or `..` segment.
    private static func isPlainPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "/") else { return false }
        var escapeDigits = 0, segmentLength = 0, segmentDots = 0, index = 0
        for byte in bytes {
            if escapeDigits > 0 {
                guard Self.hexValue(byte) != nil else { return false }
                escapeDigits -= 1
            } else {
                switch byte {
                case UInt8(ascii: "/"):
                    // `//` at the start would name a host; `.` and `..` segments libcurl would remove.
                    if index == 1 || ((1...2).contains(segmentLength) && segmentLength == segmentDots) { return false }
                    segmentLength = -1
                    segmentDots = 0
                case UInt8(ascii: "%"): escapeDigits = 2
                case UInt8(ascii: "."): segmentDots += 1
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"): break
                default: return false
                }
            }
            segmentLength += 1
            index += 1
        }
        return escapeDigits == 0 && !((1...2).contains(segmentLength) && segmentLength == segmentDots)
    }

    /// `body` over `string`'s UTF-8 bytes in one piece (a copy only for a string that does not hold them so).
    private static func withBytes<Result>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var string = string
        return string.withUTF8(body)
    }

    /// Whether the host is this machine (`localhost`, `127.0.0.0/8` or `::1`), where plain http
    /// cannot be read by anyone on the network.
    public var isLoopback: Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "[::1]" { return true }
        let octets = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// The address, as shown in messages (it never holds credentials: see the type's comment).
    public var description: String { absoluteString }

    /// `scheme://host:port`, the part of the address that names the server.
    public var origin: String { "\(scheme)://\(host):\(port)" }

    /// Whether `other` is on the same server: same scheme, host (in any case) and port. The
    /// credentials go only there.
    public func hasSameOrigin(as other: ServerURL) -> Bool {
        scheme == other.scheme && host.lowercased() == other.host.lowercased() && port == other.port
    }

    /// Whether this address lies inside the collection `collection` (same server, and a path below
    /// the collection's, itself excluded), read as a server would read it: percent-escapes decoded,
    /// and no `.` or `..` segment (`%2e%2e` included) nor a backslash, NUL or control character that
    /// could lead a server elsewhere.
    public func isInside(_ collection: ServerURL) -> Bool {
        guard hasSameOrigin(as: collection), let decoded = Self.decodedPath(path), let folder = Self.decodedPath(collection.path) else {
            return false
        }
        // One pass: no `.` or `..` segment, no control character or backslash.
        var segmentLength = 0, segmentDots = 0
        for byte in decoded {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return false }
            if byte == UInt8(ascii: "/") {
                if (1...2).contains(segmentLength) && segmentLength == segmentDots { return false }
                segmentLength = 0
                segmentDots = 0
            } else {
                segmentLength += 1
                if byte == UInt8(ascii: ".") { segmentDots += 1 }
            }
        }
        if (1...2).contains(segmentLength) && segmentLength == segmentDots { return false }
        let slashed = folder.last == UInt8(ascii: "/")
        let prefixCount = folder.count + (slashed ? 0 : 1)
        return decoded.count > prefixCount && decoded.starts(with: folder) && (slashed || decoded[folder.count] == UInt8(ascii: "/"))
    }

    /// `path` with its percent-escapes decoded, as bytes; nil when an escape is malformed.
    private static func decodedPath(_ path: String) -> [UInt8]? {
        withBytes(path) { source in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(source.count)
            var index = 0
            while index < source.count {
                guard source[index] == UInt8(ascii: "%") else {
                    bytes.append(source[index])
                    index += 1
                    continue
                }
                guard index + 2 < source.count, let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2]) else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            }
            return bytes
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private struct Parts {
        var url, scheme, host, path: String
        var port: Int
    }

    private static func parse(_ string: String, base: String?) throws(CalDAVError) -> Parts {
        guard let handle = ccurl_url() else { throw .invalidURL(reason: ccurl_load_error().map { String(cString: $0) } ?? "out of memory") }
        defer { ccurl_url_cleanup(handle) }
        if let base, ccurl_url_set(handle, CURLUPART_URL, base, 0) != CURLUE_OK {
            throw .invalidURL(reason: "the base address is not a URL")
        }
        guard !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .invalidURL(reason: "it contains control characters")
        }
        guard ccurl_url_set(handle, CURLUPART_URL, string, 0) == CURLUE_OK else {
            throw .invalidURL(reason: "“\(string)” is not an absolute http or https URL")
        }
        guard get(handle, CURLUPART_USER) == nil, get(handle, CURLUPART_PASSWORD) == nil else {
            throw .invalidURL(reason: "it contains a user name or password; give them as credentials instead")
        }
        guard let scheme = get(handle, CURLUPART_SCHEME)?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidURL(reason: "only http and https are supported")
        }
        guard let host = get(handle, CURLUPART_HOST), !host.isEmpty, let url = get(handle, CURLUPART_URL) else {
            throw .invalidURL(reason: "it names no host")
        }
        let port = get(handle, CURLUPART_PORT, flags: ccurl_url_default_port()).flatMap { Int($0) } ?? (scheme == "https" ? 443 : 80)
        return Parts(url: url, scheme: scheme, host: host, path: get(handle, CURLUPART_PATH) ?? "/", port: port)
    }

    private static func get(_ handle: OpaquePointer, _ part: CURLUPart, flags: UInt32 = 0) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard ccurl_url_get(handle, part, &value, flags) == CURLUE_OK, let value else { return nil }
        defer { ccurl_free(value) }
        return String(cString: value)
    }
}
