import CalDAV

/// The HTTP client and the engine limits the `sync` lines ask for, shared by `tick sync` and the
/// open app's background sync, so both talk to the server under the same rules.
extension SyncSettings {
    /// The client configuration for the server at `home`: every request stays on that server (the
    /// credentials never go elsewhere, whatever addresses it names), answers up to `sync max-answer`,
    /// requests up to `sync request-timeout`, each saying `User-Agent: tick/VERSION`, up to
    /// `sync parallel-uploads` changes sent at once.
    public func clientConfiguration(home: ServerURL, credentials: HTTPClient.Credentials?) -> HTTPClient.Configuration {
        HTTPClient.Configuration(credentials: credentials, totalTimeout: .seconds(requestTimeoutMinutes * 60), caFile: caFile,
                                 allowsInsecure: allowsInsecureHTTP, maximumResponseBytes: maximumAnswerMegabytes << 20,
                                 origin: home, userAgent: Self.userAgent, parallelRequests: parallelUploads)
    }

    /// The `User-Agent` of every sync request: `tick/` and the version `tick --version` prints.
    public static let userAgent = "tick/\(TickVersion.current)"

    /// `sync time-limit` as the engine's time limit for one sync.
    public var timeLimit: Duration { .seconds(timeLimitMinutes * 60) }
}
