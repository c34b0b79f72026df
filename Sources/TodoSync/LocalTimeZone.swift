import Glibc
import CLibical

/// The time zone a due time's wall clock is in: Tick stores due times as floating local wall time
/// (`YYYY-MM-DDTHH:MM`), writes them as `DUE;TZID=<this zone>` and reads DATE-TIMEs in other zones,
/// in UTC or floating back into it.
public struct LocalTimeZone: Equatable, Sendable {
    /// The IANA name (`Europe/Berlin`), or nil when the machine's zone has no name Tick can find:
    /// due times are then written floating and zoned times read as UTC.
    public var identifier: String?

    /// A zone by IANA name (nil: no name, see `identifier`).
    public init(identifier: String?) {
        self.identifier = identifier
    }

    /// The machine's zone: `TZ` when it names one, else the `/etc/localtime` link's target below
    /// `zoneinfo/`, else `/etc/timezone`.
    public static var current: LocalTimeZone {
        if let tz = getenv("TZ").map({ String(cString: $0) }), !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            return LocalTimeZone(identifier: name.contains("/") || name == "UTC" ? name : nil)
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/etc/localtime", &buffer, buffer.count - 1)
        if length > 0 {
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let parts = target.split(separator: "/", omittingEmptySubsequences: false)
            if let index = parts.firstIndex(of: "zoneinfo"), index + 1 < parts.count {
                return LocalTimeZone(identifier: parts[(index + 1)...].joined(separator: "/"))
            }
        }
        if let stream = fopen("/etc/timezone", "r") {
            defer { fclose(stream) }
            var line = [CChar](repeating: 0, count: 256)
            if fgets(&line, Int32(line.count), stream) != nil {
                let name = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !name.isEmpty { return LocalTimeZone(identifier: name) }
            }
        }
        return LocalTimeZone(identifier: nil)
    }

    /// libical's zone for this one (UTC when it has no name or libical does not know it).
    var icalZone: OpaquePointer {
        identifier.flatMap(Libical.builtinZone) ?? icaltimezone_get_utc_timezone()
    }
}
