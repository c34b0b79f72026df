import Synchronization

/// A zone found: its rules, and how to learn its IANA name (worked out on first use, since for a
/// copied zone file that means comparing it with the zone files, and only iCalendar asks).
final class ResolvedZone: Sendable {
    let rules: ZoneRules
    private let nameSource: NameSource
    private let foundName = Mutex<String??>(nil)

    /// Where the name comes from.
    enum NameSource: Sendable {
        /// Known already (nil: the zone has none, like a POSIX string).
        case known(String?)
        /// The name of the zone file with these bytes, trying `hint` first (`/etc/timezone`'s name).
        case matching(bytes: [UInt8], hint: String?, zoneDirectory: String)
    }

    init(rules: ZoneRules, name: NameSource) {
        self.rules = rules
        nameSource = name
    }

    /// The IANA name, or nil.
    var name: String? {
        switch nameSource {
        case .known(let name): return name
        case .matching(let bytes, let hint, let directory):
            return foundName.withLock { found in
                if let found { return found }
                let name = ZoneNameMatcher(zoneDirectory: directory).name(ofZoneWith: bytes, hint: hint)
                found = .some(name)
                return name
            }
        }
    }
}
