import Glibc
import Synchronization

/// Finds the zone a `TZ` value (or its absence) means, as glibc's `tzset` does: a name or path of
/// a TZif file, else a POSIX string, else UTC; without `TZ`, the `/etc/localtime` file.
struct ZoneFinder {
    var zoneDirectory: String
    var localtimePath: String
    var timezonePath: String

    /// The zone for `tz` (nil: `TZ` unset).
    func zone(tz: String?) -> ResolvedZone {
        guard let path = filePath(tz: tz) else { return Self.utcZone }
        if let bytes = ZoneFiles.read(path), let rules = ZoneRules(tzif: bytes) {
            return ResolvedZone(rules: rules, name: nameSource(path: path, bytes: bytes, isDefault: Self.isUnset(tz)))
        }
        // No file: the default zone is UTC, any other text a POSIX string (UTC when it is none).
        if !Self.isUnset(tz), let text = tz.map(Self.withoutColon), let rule = PosixZoneRule(text) {
            return ResolvedZone(rules: ZoneRules(rule: rule), name: .known(rule.daylight == nil && rule.standardOffset == 0 ? "UTC" : nil))
        }
        return Self.utcZone
    }

    private static let utcZone = ResolvedZone(rules: .utc, name: .known("UTC"))

    /// Whether `tz` leaves the choice to `/etc/localtime` (unset, or `:` alone).
    private static func isUnset(_ tz: String?) -> Bool { tz == nil || tz == ":" }

    private static func withoutColon(_ tz: String) -> String { tz.hasPrefix(":") ? String(tz.dropFirst()) : tz }

    /// The file glibc would read for `tz`; nil for an empty `TZ`, which is UTC.
    func filePath(tz: String?) -> String? {
        guard let tz else { return localtimePath }
        if tz.isEmpty { return nil }
        let value = Self.withoutColon(tz)
        if value.isEmpty { return localtimePath }
        return value.hasPrefix("/") ? value : zoneDirectory + "/" + value
    }

    /// How the name of the zone in the file at `path` is found.
    private func nameSource(path: String, bytes: [UInt8], isDefault: Bool) -> ResolvedZone.NameSource {
        // A link into the zone directory (`/etc/localtime -> /usr/share/zoneinfo/Europe/Berlin`, or
        // `TZ=Japan`, itself a link to Asia/Tokyo) names the zone by where it ends.
        if let resolved = ZoneFiles.realPath(path), let directory = ZoneFiles.realPath(zoneDirectory),
           resolved.hasPrefix(directory + "/") {
            var name = String(resolved.dropFirst(directory.count + 1))
            for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
            if name != "localtime", name != "posixrules" { return .known(name) }
        }
        // A copy (containers copy /etc/localtime): the zone file with the same bytes, trying
        // /etc/timezone's name first.
        let hint = isDefault ? ZoneFiles.read(timezonePath).map { bytes in
            String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        } : nil
        return .matching(bytes: bytes, hint: hint, zoneDirectory: zoneDirectory)
    }

    // MARK: - The process's zone

    /// What the process's zone was found from, to notice a change.
    private struct EnvironmentKey: Equatable {
        var tz: String?
        var zoneDirectory: String
        var file: ZoneFiles.Identity?
    }

    /// The zone last found, what it was found from, and when the zone file's identity was last looked at.
    /// A struct, not a tuple: the app asks on every frame that configures a row, and copying a tuple
    /// goes through the runtime's generic value witnesses.
    private struct CachedZone {
        var key: EnvironmentKey
        var zone: ResolvedZone
        var checkedAt: Int64
    }

    private static let environmentCache = Mutex<CachedZone?>(nil)

    /// How long a zone file's `stat` is trusted: the app asks for today for every row it draws.
    static let fileCheckInterval: Int64 = 1_000_000_000

    /// The zone `TZ` (with `TZDIR`) or `/etc/localtime` gives now; found again only when one of
    /// them changed (the variables are compared on every call, the zone file's identity at most once
    /// a second).
    static func environmentZone() -> ResolvedZone {
        let tz = getenv("TZ").map { String(cString: $0) }
        let directory = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? LocalTime.defaultZoneDirectory
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        return environmentCache.withLock { cache in
            if let cached = cache, cached.key.tz == tz, cached.key.zoneDirectory == directory,
               nanoseconds - cached.checkedAt < fileCheckInterval {
                return cached.zone
            }
            let finder = ZoneFinder(zoneDirectory: directory, localtimePath: "/etc/localtime", timezonePath: "/etc/timezone")
            let key = EnvironmentKey(tz: tz, zoneDirectory: directory, file: finder.filePath(tz: tz).flatMap(ZoneFiles.identity))
            if let cached = cache, cached.key == key {
                cache = CachedZone(key: key, zone: cached.zone, checkedAt: nanoseconds)
                return cached.zone
            }
            let zone = finder.zone(tz: tz)
            cache = CachedZone(key: key, zone: zone, checkedAt: nanoseconds)
            return zone
        }
    }
}
