/// A taskwarrior `recur` value as an RFC 5545 rule.
///
/// Taskwarrior's named periods (`daily`, `weekdays`, `weekly`, `biweekly`, `fortnight`, `monthly`,
/// `bimonthly`, `quarterly`, `semiannual`, `annual`, `yearly`, `biannual`, `biyearly`), a number and
/// a unit (`3d`, `2w`, `2wks`, `1mo`, `6months`, `1q`, `2y`, …), and ISO 8601 (`P1D`, `P2W`, `P3M`, `P1Y`)
/// map to FREQ and INTERVAL. Months and years are calendar months and years, as taskwarrior's
/// `monthly`, `quarterly` and `yearly` are (it adds a fixed 30, 91 or 365 days for `1mo`, `1q`,
/// `1y`; Tick repeats on the same day of the month instead). Hours, minutes and seconds are not
/// periods Tick repeats by: `rule(for:)` is nil for them, and the importer keeps the value as text.
enum TaskwarriorRecurrence {
    /// Longest interval taken (as RRULE checks elsewhere refuse more).
    static let maximumInterval = 1_000

    /// The rule for `recur`, ending on `untilDay` (`YYYY-MM-DD`, inclusive) when given; nil when
    /// Tick cannot repeat it.
    static func rule(for recur: String, untilDay: String?, countsFromCompletion: Bool) -> RecurrenceRule? {
        guard let (frequency, interval, extra) = parts(of: recur.lowercased()),
              (1...maximumInterval).contains(interval) else { return nil }
        var text = "FREQ=\(frequency)"
        if interval > 1 { text += ";INTERVAL=\(interval)" }
        if let extra { text += ";" + extra }
        if let untilDay { text += ";UNTIL=" + untilDay.filter { $0 != "-" } }
        return try? RecurrenceRule(rrule: text, countsFromCompletion: countsFromCompletion)
    }

    /// FREQ, INTERVAL and any other part for a lowercased value.
    private static func parts(of value: String) -> (String, Int, String?)? {
        if let named = named[value] { return named }
        if value.hasPrefix("p") { return iso(value.dropFirst()) }
        let digits = value.prefix { $0.isASCII && $0.isNumber }
        let unit = value.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 6, let count = Int(digits), let (frequency, multiple) = units[String(unit)] else { return nil }
        return (frequency, count * multiple, nil)
    }

    /// `P3M` and friends (after the P): one number and one of D, W, M, Y.
    private static func iso(_ rest: Substring) -> (String, Int, String?)? {
        let digits = rest.dropLast()
        guard let unit = rest.last, !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let count = Int(digits) else { return nil }
        switch unit {
        case "d": return ("DAILY", count, nil)
        case "w": return ("WEEKLY", count, nil)
        case "m": return ("MONTHLY", count, nil)
        case "y": return ("YEARLY", count, nil)
        default: return nil
        }
    }

    private static let named: [String: (String, Int, String?)] = [
        "daily": ("DAILY", 1, nil), "day": ("DAILY", 1, nil),
        "weekdays": ("WEEKLY", 1, "BYDAY=MO,TU,WE,TH,FR"),
        "weekly": ("WEEKLY", 1, nil), "week": ("WEEKLY", 1, nil),
        "biweekly": ("WEEKLY", 2, nil), "fortnight": ("WEEKLY", 2, nil),
        "monthly": ("MONTHLY", 1, nil), "month": ("MONTHLY", 1, nil), "mo": ("MONTHLY", 1, nil), "mth": ("MONTHLY", 1, nil),
        "bimonthly": ("MONTHLY", 2, nil),
        "quarterly": ("MONTHLY", 3, nil), "quarter": ("MONTHLY", 3, nil), "qtr": ("MONTHLY", 3, nil), "qrtr": ("MONTHLY", 3, nil),
        "semiannual": ("MONTHLY", 6, nil),
        "annual": ("YEARLY", 1, nil), "yearly": ("YEARLY", 1, nil), "year": ("YEARLY", 1, nil), "yr": ("YEARLY", 1, nil),
        "biannual": ("YEARLY", 2, nil), "biyearly": ("YEARLY", 2, nil),
    ]

    /// Units after a number, as taskwarrior spells them: the frequency and how many of it one unit is.
    private static let units: [String: (String, Int)] = [
        "d": ("DAILY", 1), "day": ("DAILY", 1), "days": ("DAILY", 1),
        "w": ("WEEKLY", 1), "wk": ("WEEKLY", 1), "wks": ("WEEKLY", 1), "week": ("WEEKLY", 1), "weeks": ("WEEKLY", 1),
        "m": ("MONTHLY", 1), "mo": ("MONTHLY", 1), "mos": ("MONTHLY", 1), "mth": ("MONTHLY", 1), "mths": ("MONTHLY", 1),
        "mnths": ("MONTHLY", 1), "month": ("MONTHLY", 1), "months": ("MONTHLY", 1),
        "q": ("MONTHLY", 3), "qtr": ("MONTHLY", 3), "qtrs": ("MONTHLY", 3), "qrtr": ("MONTHLY", 3), "qrtrs": ("MONTHLY", 3),
        "quarter": ("MONTHLY", 3), "quarters": ("MONTHLY", 3),
        "y": ("YEARLY", 1), "yr": ("YEARLY", 1), "yrs": ("YEARLY", 1), "year": ("YEARLY", 1), "years": ("YEARLY", 1),
    ]
}
