/// The rules of one time zone: its offset from UTC at every instant. Read from a TZif file (RFC
/// 8536, what `/usr/share/zoneinfo` and `/etc/localtime` hold) or from a POSIX `TZ` string, and
/// answered the way glibc's `localtime_r` answers them (the test oracle), so that Tick and `date`
/// agree: before the first transition the first standard-time type, after the last one the file's
/// footer rule, and a leap-second file's corrections taken off (`right/…` zones).
///
/// Immutable, so one value is shared by every thread that asks.
final class ZoneRules: Sendable {
    /// Transition instants (seconds since 1970, UTC), ascending.
    private let transitions: [Int64]
    /// For each transition, the offset (seconds east) from then on.
    private let offsetsAfter: [Int]
    /// The offset before the first transition, and always in a file without transitions (as glibc).
    private let initialOffset: Int
    /// The rule after the last transition.
    private let footer: PosixZoneRule?
    /// Leap-second records: from each instant on, the total correction in seconds.
    private let leapInstants: [Int64], leapCorrections: [Int]

    /// UTC: offset 0 always.
    static let utc = ZoneRules(rule: PosixZoneRule(standardOffset: 0, daylight: nil))

    /// A zone given by a POSIX rule alone.
    init(rule: PosixZoneRule) {
        // One transition at the beginning of time, so that the rule answers for every instant.
        transitions = [Int64.min]
        offsetsAfter = [rule.standardOffset]
        initialOffset = rule.standardOffset
        footer = rule
        leapInstants = []
        leapCorrections = []
    }

    /// Whether the offset is 0 at every instant (UTC under any name).
    var isUniversal: Bool {
        initialOffset == 0 && offsetsAfter.allSatisfy { $0 == 0 } && leapInstants.isEmpty
            && (footer.map { $0.standardOffset == 0 && $0.daylight == nil } ?? true)
    }

    /// Seconds east of UTC at `instant` (seconds since 1970, UTC), leap corrections included.
    func offset(at instant: Int64) -> Int {
        var offset: Int
        if let last = transitions.last, instant >= transitions[0] {
            if instant >= last, let footer {
                offset = footer.offset(at: instant)
            } else {
                offset = offsetsAfter[Self.lastIndex(in: transitions, notAfter: instant)]
            }
        } else {
            offset = initialOffset
        }
        if let first = leapInstants.first, instant >= first {
            offset -= leapCorrections[Self.lastIndex(in: leapInstants, notAfter: instant)]
        }
        return offset
    }

    /// The index of the last element of the ascending `values` that is at most `instant` (one is).
    private static func lastIndex(in values: [Int64], notAfter instant: Int64) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Reads a TZif file (versions 1 to 4); nil when the bytes are not one.
    init?(tzif bytes: [UInt8]) {
        var reader = TZifReader(bytes: bytes)
        guard var header = reader.header() else { return nil }
        var timeSize = 4
        if header.version >= UInt8(ascii: "2") {
            // Skip the 32-bit block: the 64-bit one after it says the same for all of time.
            reader.index += header.dataSize(timeSize: 4)
            guard let second = reader.header() else { return nil }
            header = second
            timeSize = 8
        }
        guard header.typeCount >= 1, reader.index + header.dataSize(timeSize: timeSize) <= bytes.count else { return nil }
        var transitions: [Int64] = [], typeIndexes: [Int] = []
        for _ in 0..<header.timeCount { transitions.append(reader.integer(size: timeSize)) }
        for _ in 0..<header.timeCount { typeIndexes.append(Int(reader.integer(size: 1, signed: false))) }
        var typeOffsets: [Int] = [], typeIsDaylight: [Bool] = []
        for _ in 0..<header.typeCount {
            typeOffsets.append(Int(reader.integer(size: 4)))
            typeIsDaylight.append(reader.integer(size: 1, signed: false) != 0)
            reader.index += 1  // the abbreviation's index
        }
        guard typeIndexes.allSatisfy({ $0 < header.typeCount }), zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        reader.index += header.characterCount
        var leapInstants: [Int64] = [], leapCorrections: [Int] = []
        for _ in 0..<header.leapCount {
            leapInstants.append(reader.integer(size: timeSize))
            leapCorrections.append(Int(reader.integer(size: 4)))
        }
        reader.index += header.standardFlagCount + header.universalFlagCount
        var footer: PosixZoneRule?
        if timeSize == 8, reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "\n"),
           let end = bytes[(reader.index + 1)...].firstIndex(of: UInt8(ascii: "\n")), end > reader.index + 1 {
            footer = PosixZoneRule(String(decoding: bytes[(reader.index + 1)..<end], as: UTF8.self))
        }
        self.transitions = transitions
        offsetsAfter = typeIndexes.map { typeOffsets[$0] }
        // As glibc: before the first transition, the first standard-time type (the first type if none is).
        initialOffset = typeOffsets[typeIsDaylight.firstIndex(of: false) ?? 0]
        self.footer = footer
        self.leapInstants = leapInstants
        self.leapCorrections = leapCorrections
    }
}

/// A cursor over a TZif file's big-endian fields.
private struct TZifReader {
    let bytes: [UInt8]
    var index = 0

    /// A TZif header's counts.
    struct Header {
        var version: UInt8
        var universalFlagCount, standardFlagCount, leapCount, timeCount, typeCount, characterCount: Int

        /// The bytes of the data block after this header.
        func dataSize(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + standardFlagCount + universalFlagCount
        }
    }

    mutating func header() -> Header? {
        guard index + 44 <= bytes.count, Array(bytes[index..<index + 4]) == Array("TZif".utf8) else { return nil }
        let version = bytes[index + 4]
        index += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = integer(size: 4, signed: false)
            guard count <= 1 << 20 else { return nil }
            counts.append(Int(count))
        }
        return Header(version: version, universalFlagCount: counts[0], standardFlagCount: counts[1], leapCount: counts[2],
                      timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
    }

    /// A big-endian integer of `size` bytes (0 past the end: the caller checked the sizes).
    mutating func integer(size: Int, signed: Bool = true) -> Int64 {
        guard index + size <= bytes.count else {
            index += size
            return 0
        }
        var value: UInt64 = 0
        for byte in bytes[index..<index + size] { value = value << 8 | UInt64(byte) }
        index += size
        guard signed, size < 8 else { return Int64(bitPattern: value) }
        let shift = UInt64(64 - size * 8)
        return Int64(bitPattern: value << shift) >> Int64(shift)
    }
}
