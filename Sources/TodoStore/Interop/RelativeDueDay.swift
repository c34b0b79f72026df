/// Relative due days as other todo.txt tools write them (`due:tod`, `due:tom`, `due:fri`, `due:2w`),
/// turned into the calendar day they meant on the day of the import.
///
/// The forms are the ones topydo, todo.txt-cli add-ons and others write: `today`/`tod`,
/// `tomorrow`/`tom`, `yesterday`, a weekday (`mo`, `mon`, `monday`… — the next one, a week ahead
/// when it is today), and a count with a unit: `3d` days, `2w` weeks, `1m` months (the day of month
/// kept, or the month's last day), `1y` years, `5b` working days (Monday to Friday); a count may
/// have a sign (`-1d`). Letters may be in either case.
public enum RelativeDueDay {
    /// The `YYYY-MM-DD` day `text` stands for, counted from `today` (a day number, see
    /// `CivilCalendar`), or nil when `text` is not a relative day.
    public static func resolve(_ text: Substring, today: Int) -> String? {
        let word = text.lowercased()
        guard let days = dayNumber(word, today: today) else { return nil }
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        guard (1...9999).contains(year) else { return nil }
        return TextFormatting.padded(year, width: 4) + "-" + TextFormatting.padded(month, width: 2) + "-"
            + TextFormatting.padded(day, width: 2)
    }

    private static func dayNumber(_ word: String, today: Int) -> Int? {
        switch word {
        case "today", "tod": return today
        case "tomorrow", "tom": return today + 1
        case "yesterday": return today - 1
        default: break
        }
        if let weekday = weekdays.firstIndex(where: { $0.contains(word) }) {
            // Always ahead: "due:fri" written on a Friday means the next one, as those tools read it.
            let shift = (weekday - CivilCalendar.weekday(ofDays: today) + 7) % 7
            return today + (shift == 0 ? 7 : shift)
        }
        return counted(word, today: today)
    }

    /// The spellings of each weekday, Monday first.
    private static let weekdays: [Set<String>] = [
        ["mo", "mon", "monday"], ["tu", "tue", "tuesday"], ["we", "wed", "wednesday"], ["th", "thu", "thursday"],
        ["fr", "fri", "friday"], ["sa", "sat", "saturday"], ["su", "sun", "sunday"],
    ]

    /// `[+-]N` followed by d, w, m, y or b.
    private static func counted(_ word: String, today: Int) -> Int? {
        guard let unit = word.last, "dwmyb".contains(unit) else { return nil }
        var digits = word.dropLast()
        var sign = 1
        if digits.first == "-" || digits.first == "+" {
            sign = digits.first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        // Five digits are plenty (273 years of days) and keep the arithmetic far from overflow.
        guard (1...5).contains(digits.count), digits.allSatisfy(\.isASCII), let magnitude = Int(digits) else { return nil }
        let count = sign * magnitude
        switch unit {
        case "d": return today + count
        case "w": return today + 7 * count
        case "m": return CivilCalendar.addingMonths(count, toDays: today)
        case "y": return CivilCalendar.addingMonths(12 * count, toDays: today)
        default: return addingWorkingDays(count, to: today)
        }
    }

    /// `count` working days (Monday to Friday) on, or back when negative.
    private static func addingWorkingDays(_ count: Int, to day: Int) -> Int {
        var current = day
        var left = abs(count)
        let step = count < 0 ? -1 : 1
        while left > 0 {
            current += step
            if CivilCalendar.weekday(ofDays: current) < 5 { left -= 1 }
        }
        return current
    }
}
