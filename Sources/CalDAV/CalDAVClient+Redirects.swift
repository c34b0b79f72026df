extension CalDAVClient {
    /// How many redirects one discovery follows before giving up (a loop, or a server gone astray).
    static let maximumRedirects = 5

    /// A PROPFIND that follows the server's redirects (301, 302, 307, 308), as discovery must for
    /// `/.well-known/caldav` (RFC 6764 §5) and for a calendar home that moved. Returns the answer
    /// and the address that gave it, which later steps resolve against.
    ///
    /// Only redirects to the same scheme, host and port are followed: the credentials are never
    /// sent to another server, and the items' paths, which a sync resolves against the configured
    /// address, stay valid. Any other redirect (http to https included) is refused with a message
    /// naming where it pointed, so the user can make that the configured address.
    func propfindFollowingRedirects(_ url: ServerURL, depth: Int, properties: [(namespace: String, name: String)])
        throws(CalDAVError) -> (answer: Multistatus, url: ServerURL) {
        var current = url
        for _ in 0...Self.maximumRedirects {
            let reader = MultistatusReader()
            let request = Self.propfindRequest(current, depth: depth, properties: properties)
            let response = try http.send(request, bodyTo: reader)
            guard [301, 302, 307, 308].contains(response.status) else {
                try Self.checkedStatus(of: response, path: current.path, expecting: [207])
                return (try Self.answer(of: reader, to: request), current)
            }
            guard let location = response.header("Location"), !location.isEmpty else {
                throw .badResponse(reason: "a redirect (\(response.status)) from \(current.path) names no new address")
            }
            let target = try current.resolving(location)
            guard Self.mayFollow(from: current, to: target) else {
                throw .badResponse(reason: "\(current.path) redirects to \(target), another host or scheme, "
                                   + "which is not followed with your credentials; if that is right, set that address as the server URL")
            }
            current = target
        }
        throw .badResponse(reason: "more than \(Self.maximumRedirects) redirects from \(url.path)")
    }

    /// Whether a redirect from `source` to `target` stays on the same server: same scheme, host and port.
    static func mayFollow(from source: ServerURL, to target: ServerURL) -> Bool {
        source.hasSameOrigin(as: target)
    }
}
