import FoundationEssentials

/// Instants and calendar days as export formats write them, computed exactly in whole milliseconds
/// (formatters round through floating point, and an export must give back the very same times).
public enum Timestamp {
    /// `2026-11-29T19:32:03.123Z`: UTC, always with milliseconds.
    public static func iso(_ date: Date) -> String {
        let milliseconds = date.unixMilliseconds
        let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilCalendar.date(fromDays: Int(days))
        let seconds = dayMilliseconds / 1000
        let date = "\(TextFormatting.padded(year, width: 4))-\(TextFormatting.padded(month, width: 2))-\(TextFormatting.padded(day, width: 2))"
        let time = "\(TextFormatting.padded(seconds / 3600, width: 2)):\(TextFormatting.padded(seconds / 60 % 60, width: 2))"
            + ":\(TextFormatting.padded(seconds % 60, width: 2)).\(TextFormatting.padded(dayMilliseconds % 1000, width: 3))"
        return date + "T" + time + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS`, optionally with a fraction (up to milliseconds are kept), then `Z`
    /// or an offset like `+02:00`; nil when it is not such a time.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int64? {
            guard start + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, is expected: Character) -> Bool {
            index < bytes.count && bytes[index] == expected.asciiValue!
        }
        guard bytes.count >= 20, byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T") || byte(10, is: "t") || byte(10, is: " "),
              byte(13, is: ":"), byte(16, is: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              year >= 1, (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: Int(month), year: Int(year)),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var milliseconds: Int64 = 0
        if byte(index, is: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, let digit = number(index, 1) {
                if digits < 3 { milliseconds = milliseconds * 10 + digit }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { milliseconds *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if byte(index, is: "Z") || byte(index, is: "z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            guard let hours = number(index + 1, 2), byte(index + 3, is: ":"), let minutes = number(index + 4, 2),
                  hours < 24, minutes < 60 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (byte(index, is: "-") ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = Int64(CivilCalendar.days(year: Int(year), month: Int(month), day: Int(day)))
        let total = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60_000 + second * 1000 + milliseconds
        return Date(unixMilliseconds: total)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }
}
