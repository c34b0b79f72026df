/// A time zone written as a POSIX `TZ` string (`JST-9`, `CET-1CEST,M3.5.0,M10.5.0/3`,
/// `<+0530>-5:30`): what `TZ` may hold instead of a zone's name, and what ends a TZif file (its
/// footer, the rule for every instant after the file's last transition).
///
/// The offsets in the text count hours *west* of Greenwich (`JST-9` is nine hours east); the
/// values here are seconds *east*, as `LocalTime` answers them. Read as glibc reads it: a standard
/// name and offset, optionally a daylight name with an offset (one hour ahead when left out) and
/// the rule of when it starts and ends (`Mm.w.d`, `Jn` or `n`, each with an optional `/time` that
/// may be negative or past 24 hours; the US rule `M3.2.0,M11.1.0` when left out).
struct PosixZoneRule: Sendable, Equatable {
    /// Seconds east of UTC in standard time.
    var standardOffset: Int
    /// Daylight saving time, nil for a zone without it.
    var daylight: Daylight?

    /// When daylight saving time starts and ends each year, and its offset.
    struct Daylight: Sendable, Equatable {
        /// Seconds east of UTC in daylight saving time.
        var offset: Int
        /// The day it starts, and the local (standard) time of day it starts at, in seconds.
        var start: RuleDay, startTime: Int
        /// The day it ends, and the local (daylight) time of day it ends at, in seconds.
        var end: RuleDay, endTime: Int
    }

    /// A day of the year as a rule names it.
    enum RuleDay: Sendable, Equatable {
        /// `Jn`: day 1…365, February 29th never counted.
        case julian(Int)
        /// `n`: day 0…365, February 29th counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (1…4, 5 the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        /// The day number (`CivilCalendar`) of this day in `year`.
        func dayNumber(in year: Int) -> Int {
            let january1 = CivilCalendar.days(year: year, month: 1, day: 1)
            switch self {
            case .julian(let day):
                return january1 + day - 1 + (CivilCalendar.isLeap(year) && day >= 60 ? 1 : 0)
            case .zeroBased(let day):
                return january1 + day
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilCalendar.days(year: year, month: month, day: 1)
                let firstWeekday = (CivilCalendar.weekday(ofDays: first) + 1) % 7  // 0 Sunday, as the rule counts
                var day = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                while day > CivilCalendar.daysIn(month: month, year: year) { day -= 7 }
                return first + day - 1
            }
        }
    }

    /// Seconds east of UTC at `instant` (seconds since 1970, UTC).
    func offset(at instant: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let year = CivilCalendar.date(fromDays: Int(floorDivide(instant + Int64(standardOffset), 86_400))).year
        let start = Int64(daylight.start.dayNumber(in: year)) * 86_400 + Int64(daylight.startTime - standardOffset)
        let end = Int64(daylight.end.dayNumber(in: year)) * 86_400 + Int64(daylight.endTime - daylight.offset)
        let inDaylight = start < end ? (start <= instant && instant < end) : !(end <= instant && instant < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// A zone `standardOffset` seconds east of UTC, with `daylight` saving time or none.
    init(standardOffset: Int, daylight: Daylight?) {
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    /// Reads a POSIX `TZ` string; nil when it is not one.
    init?(_ text: some StringProtocol) {
        var reader = Reader(bytes: Array(text.utf8))
        guard reader.name(), let standardWest = reader.time(maxHours: 24) else { return nil }
        standardOffset = -standardWest
        if reader.isAtEnd {
            daylight = nil
            return
        }
        guard reader.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if let byte = reader.peek, byte != UInt8(ascii: ",") {
            guard let west = reader.time(maxHours: 24) else { return nil }
            daylightOffset = -west
        }
        var start = RuleDay.monthWeekDay(month: 3, week: 2, weekday: 0), startTime = 7200
        var end = RuleDay.monthWeekDay(month: 11, week: 1, weekday: 0), endTime = 7200
        if !reader.isAtEnd {
            guard reader.take(","), let first = reader.ruleDay() else { return nil }
            start = first
            if reader.take("/") {
                guard let time = reader.time(maxHours: 167) else { return nil }
                startTime = time
            }
            guard reader.take(","), let second = reader.ruleDay() else { return nil }
            end = second
            if reader.take("/") {
                guard let time = reader.time(maxHours: 167) else { return nil }
                endTime = time
            }
            guard reader.isAtEnd else { return nil }
        }
        daylight = Daylight(offset: daylightOffset, start: start, startTime: startTime, end: end, endTime: endTime)
    }

    /// A cursor over the bytes of a `TZ` string.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ character: Character) -> Bool {
            guard peek == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// `<+0530>` (anything but `>` inside) or three or more letters.
        mutating func name() -> Bool {
            if take("<") {
                let start = index
                while let byte = peek, byte != UInt8(ascii: ">") { index += 1 }
                guard index - start >= 3, take(">") else { return false }
                return true
            }
            let start = index
            while let byte = peek, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { index += 1 }
            return index - start >= 3
        }

        /// A decimal number of at most `digits` digits.
        mutating func number(digits: Int) -> Int? {
            var value = 0, count = 0
            while count < digits, let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                index += 1
            }
            return count == 0 ? nil : value
        }

        /// `[+-]h[h[h]][:mm[:ss]]` in seconds (positive west, for offsets).
        mutating func time(maxHours: Int) -> Int? {
            var sign = 1
            if take("-") { sign = -1 } else { _ = take("+") }
            guard let hours = number(digits: maxHours > 99 ? 3 : 2), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number(digits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let rest = number(digits: 2), rest < 60 else { return nil }
                    seconds += rest
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`.
        mutating func ruleDay() -> RuleDay? {
            if take("J") {
                guard let day = number(digits: 3), (1...365).contains(day) else { return nil }
                return .julian(day)
            }
            if take("M") {
                guard let month = number(digits: 2), (1...12).contains(month), take("."),
                      let week = number(digits: 1), (1...5).contains(week), take("."),
                      let weekday = number(digits: 1), weekday <= 6 else { return nil }
                return .monthWeekDay(month: month, week: week, weekday: weekday)
            }
            guard let day = number(digits: 3), day <= 365 else { return nil }
            return .zeroBased(day)
        }
    }
}

/// Division rounding toward minus infinity (seconds before 1970 belong to the day before).
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
