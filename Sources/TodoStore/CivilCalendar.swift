/// The proleptic Gregorian calendar as plain arithmetic on day numbers (days since 1970-01-01),
/// exact at any size and free of time zones: what due dates and export timestamps are built on.
/// (Howard Hinnant's `days_from_civil` and `civil_from_days`.)
public enum CivilCalendar {
    /// The day number of a date (the date need not be valid: February 30th counts on into March).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    /// Year, month (1–12) and day of month of a day number.
    public static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 for Monday … 6 for Sunday (day 0, 1970-01-01, was a Thursday).
    public static func weekday(ofDays days: Int) -> Int {
        ((days % 7) + 7 + 3) % 7
    }

    /// The same day of the month `count` months on (back when negative), or that month's last day
    /// when it is shorter: January 31st plus a month is February's last day.
    public static func addingMonths(_ count: Int, toDays days: Int) -> Int {
        let (year, month, dayOfMonth) = date(fromDays: days)
        let total = year * 12 + (month - 1) + count
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        return self.days(year: newYear, month: newMonth, day: min(dayOfMonth, daysIn(month: newMonth, year: newYear)))
    }

    /// Whether a year has February 29th.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// Days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
