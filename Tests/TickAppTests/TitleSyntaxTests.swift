import Testing
import TodoStore
@testable import TickApp

@Suite("Title syntax and due dates")
struct TitleSyntaxTests {
    /// Friday 2026-11-27.
    static let friday = Day(year: 2026, month: 11, day: 27)!

    @Test("Days convert to and from calendar dates, across leap years and centuries", arguments: [
        (1970, 1, 1, 0), (2000, 2, 29, 11_016), (2024, 2, 29, 19_782), (1900, 3, 1, -25_508), (2026, 12, 31, 20_818),
    ])
    func civilDates(year: Int, month: Int, day: Int, ordinal: Int) throws {
        let date = try #require(Day(year: year, month: month, day: day))
        #expect(date.ordinal == ordinal)
        #expect(date.components == (year, month, day))
    }

    @Test("Impossible dates are refused", arguments: ["2026-02-29", "2025-13-01", "2026-04-31", "2026-1-01", "2026-00-10", "20260101", "1900-02-29"])
    func impossibleDates(text: String) {
        #expect(Day(iso: text) == nil)
    }

    @Test("2024-02-29 and 2000-02-29 are real leap days")
    func leapDays() {
        #expect(Day(iso: "2024-02-29") != nil)
        #expect(Day(iso: "2000-02-29") != nil)
    }

    @Test("Weekdays count from Monday", arguments: [("2026-11-27", 4), ("2026-11-30", 0), ("2026-11-29", 6), ("1970-01-01", 3)])
    func weekdays(text: String, weekday: Int) throws {
        #expect(try #require(Day(iso: text)).weekday == weekday)
    }

    @Test("Due words resolve against the reference day", arguments: [
        ("today", "2026-11-27"), ("tomorrow", "2026-11-28"), ("tom", "2026-11-28"),
        ("fri", "2026-11-27"), ("friday", "2026-11-27"), ("sat", "2026-11-28"), ("mon", "2026-11-30"), ("thu", "2026-12-03"),
        ("+3d", "2026-11-30"), ("+5d", "2026-12-02"), ("+2w", "2026-12-11"), ("+1m", "2026-12-27"), ("+2m", "2027-01-27"),
        ("2026-12-24", "2026-12-24"), ("2028-02-29", "2028-02-29"),
    ])
    func dueWords(word: String, expected: String) {
        #expect(TitleSyntax.parseDue(Substring(word), today: Self.friday)?.iso == expected)
    }

    @Test("Adding months clamps to the end of shorter months, leap years included", arguments: [
        ("2026-01-31", 1, "2026-02-28"), ("2024-01-31", 1, "2024-02-29"), ("2026-12-15", 1, "2027-01-15"),
        ("2026-03-31", -1, "2026-02-28"), ("2024-02-29", 12, "2025-02-28"),
    ])
    func monthArithmetic(start: String, months: Int, expected: String) throws {
        #expect(try #require(Day(iso: start)).adding(months: months).iso == expected)
    }

    @Test("Month and year ends roll over with day offsets")
    func rollover() throws {
        let newYearsEve = try #require(Day(iso: "2026-12-31"))
        #expect(TitleSyntax.parseDue("+1d", today: newYearsEve)?.iso == "2027-01-01")
        #expect(TitleSyntax.parseDue("tomorrow", today: try #require(Day(iso: "2028-02-28")))?.iso == "2028-02-29")
        #expect(TitleSyntax.parseDue("tomorrow", today: try #require(Day(iso: "2026-02-28")))?.iso == "2026-03-01")
    }

    @Test("Markers are taken out of the title; other words stay", arguments: [
        ("Buy milk !! @tomorrow", "Buy milk", 2, "2026-11-28"),
        ("!!! Pay rent @2026-12-01", "Pay rent", 3, "2026-12-01"),
        ("Email bob@example.com", "Email bob@example.com", nil, nil),
        ("Meet @ noon", "Meet @ noon", nil, nil),
        ("Say hi! @nowhere", "Say hi! @nowhere", nil, nil),
        ("Wow !!!! loud", "Wow !!!! loud", nil, nil),
        ("买牛奶 ! @fri", "买牛奶", 1, "2026-11-27"),
        // What is left is the words with one space between them, none around.
        ("Call  mom !! @today  now ", "Call mom now", 2, "2026-11-27"),
        ("  @tom   Pay   rent", "Pay rent", nil, "2026-11-28"),
        ("tab\tstays  inside", "tab\tstays inside", nil, nil),
        ("Plain words, 漢字 and 🎉 stay as typed", "Plain words, 漢字 and 🎉 stay as typed", nil, nil),
        ("", "", nil, nil), (" ", "", nil, nil), ("a ", "a", nil, nil),
    ] as [(String, String, Int?, String?)])
    func parsing(text: String, title: String, priority: Int?, due: String?) {
        let parsed = TitleSyntax.parse(text, today: Self.friday)
        #expect(parsed.title == title)
        #expect(parsed.priority == priority)
        #expect(parsed.due?.stored == due)
    }

    @Test("The common ways people write a date are understood, whatever their case", arguments: [
        ("tmrw", "2026-11-28"), ("TOM", "2026-11-28"), ("Fri", "2026-11-27"), ("tues", "2026-12-01"),
        // The end of this week (Sunday), month and year.
        ("eow", "2026-11-29"), ("eom", "2026-11-30"), ("EOM", "2026-11-30"), ("eoy", "2026-12-31"),
        // next-week is Monday of next week; next-fri is Friday of next week, not this one.
        ("next-week", "2026-11-30"), ("nextweek", "2026-11-30"), ("next-month", "2026-12-01"), ("next-year", "2027-01-01"),
        ("next-fri", "2026-12-04"), ("next-mon", "2026-11-30"), ("next-sunday", "2026-12-06"),
        // A month and a day in either order: the next such date, today included.
        ("dec5", "2026-12-05"), ("dec-5", "2026-12-05"), ("5dec", "2026-12-05"), ("5-dec", "2026-12-05"),
        ("December5", "2026-12-05"), ("dec05", "2026-12-05"), ("sept3", "2027-09-03"),
        ("nov27", "2026-11-27"), ("nov26", "2027-11-26"), ("jan1", "2027-01-01"), ("feb29", "2028-02-29"),
        // Counts without the +, and ISO dates with one-digit months and days.
        ("3d", "2026-11-30"), ("2w", "2026-12-11"), ("+1y", "2027-11-27"), ("2026-1-5", "2026-01-05"),
    ])
    func commonForms(word: String, expected: String) {
        #expect(TitleSyntax.parseDue(Substring(word), today: Self.friday)?.iso == expected)
    }

    @Test("A word that looks like a date but is none stays in the title, named in the hint", arguments: [
        "@2026-02-30", "@25:00", "@13pm", "@dec32", "@apr31", "@next-wek", "@today.", "@fri,", "@may", "@+3x", "@12/24", "@1st",
        "@2026-13-01", "@+99999d", "@Dec",
    ])
    func unreadDates(word: String) {
        let parsed = TitleSyntax.parse("Tax \(word) now", today: Self.friday)
        #expect(parsed.title == "Tax \(word) now")
        #expect(parsed.due == nil)
        #expect(parsed.hint == "\(word) is not a date; kept in the title")
        #expect(parsed.mistake == nil)
    }

    @Test("Other @ words are plain title text, with no hint", arguments: [
        "@phone", "@home", "@decide", "@nextcloud", "@monkey", "@sunny", "@wedding", "@marketing", "@-)", "@",
        "bob@example.com", "@bob@example.com", "@買い物",
    ])
    func plainAtWords(word: String) {
        let parsed = TitleSyntax.parse("Call \(word)", today: Self.friday)
        #expect(parsed.title == "Call \(word)")
        #expect(parsed.hint == nil)
        #expect(parsed.due == nil)
    }

    @Test("Several unread words are all named in one hint")
    func severalUnreadDates() {
        let parsed = TitleSyntax.parse("Meet @25:00 @dec32 @may at @home", today: Self.friday)
        #expect(parsed.hint == "@25:00, @dec32 and @may are not dates; kept in the title")
        #expect(parsed.hinted("Added") == "@25:00, @dec32 and @may are not dates; kept in the title · Added")
    }

    @Test("Two or more due dates are a mistake naming every one of them", arguments: [
        ("Tax @2026-12-31 @tom", "two due dates, @2026-12-31 and @tom"),
        ("@fri Tax @friday", "two due dates, @fri and @friday"),
        ("a @mon @tue @wed", "3 due dates, @mon, @tue and @wed"),
    ])
    func twoDueDates(text: String, mistake: String) {
        #expect(TitleSyntax.parse(text, today: Self.friday).mistake == mistake)
    }

    @Test("Due dates read in relative words", arguments: [
        (0, "today"), (1, "tomorrow"), (3, "in 3 d"), (-1, "yesterday"), (-2, "2 d late"), (400, "2028-01-01"),
    ])
    func relativeWords(offset: Int, words: String) {
        #expect(TitleSyntax.describe(due: Self.friday.adding(days: offset), today: Self.friday) == words)
    }
}

@Suite("Recurrence in titles")
struct RecurrenceTitleTests {
    @Test("@every forms become RFC 5545 rules and leave the title", arguments: [
        ("Water @every day", "Water", "FREQ=DAILY"),
        ("Water @every week now", "Water now", "FREQ=WEEKLY"),
        ("Rent @every month", "Rent", "FREQ=MONTHLY"),
        ("Birthday @every year", "Birthday", "FREQ=YEARLY"),
        ("Bins @every 2 weeks", "Bins", "FREQ=WEEKLY;INTERVAL=2"),
        ("Gym @every mon,thu", "Gym", "FREQ=WEEKLY;BYDAY=MO,TH"),
        ("Gym @Every Tuesday", "Gym", "FREQ=WEEKLY;BYDAY=TU"),
        ("Review @every month on the last friday", "Review", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("Review @every month on the first mon standup", "Review standup", "FREQ=MONTHLY;BYDAY=1MO"),
        ("Pay @every month on the last day", "Pay", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("Pay @every month on the 15th", "Pay", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("Taxes @every year on the last friday of february", "Taxes", "FREQ=YEARLY;BYMONTH=2;BYDAY=-1FR"),
    ])
    func forms(typed: String, title: String, rrule: String) {
        let parsed = TitleSyntax.parse(typed, today: TitleSyntaxTests.friday)
        #expect(parsed.title == title)
        #expect(parsed.recurrence?.rrule == rrule)
        #expect(parsed.recurrence?.countsFromCompletion == false)
        // The words give back the same rule.
        if let rule = parsed.recurrence, let marker = RecurrenceWords.marker(of: rule) {
            #expect(TitleSyntax.parse("x " + marker, today: TitleSyntaxTests.friday).recurrence == rule)
        } else {
            Issue.record("no words for \(rrule)")
        }
    }

    @Test("@every! counts from completion; the phrase of --every takes + for it, and RRULE text")
    func afterCompletion() throws {
        let parsed = TitleSyntax.parse("Haircut @every! 6 weeks", today: TitleSyntaxTests.friday)
        #expect(parsed.title == "Haircut" && parsed.recurrence?.rrule == "FREQ=WEEKLY;INTERVAL=6")
        #expect(parsed.recurrence?.countsFromCompletion == true)
        #expect(try RecurrenceWords.rule(fromPhrase: "+6 weeks") == parsed.recurrence)
        #expect(try RecurrenceWords.rule(fromPhrase: "FREQ=DAILY;COUNT=3").rrule == "FREQ=DAILY;COUNT=3")
        #expect(throws: StoreError.self) { try RecurrenceWords.rule(fromPhrase: "fortnight") }
        #expect(throws: StoreError.self) { try RecurrenceWords.rule(fromPhrase: "week on tuesdays") }
    }

    @Test("@every without a rule stays in the title with a hint; two rules are a mistake")
    func hintsAndMistakes() {
        let unread = TitleSyntax.parse("Call @every so often", today: TitleSyntaxTests.friday)
        #expect(unread.title == "Call @every so often" && unread.recurrence == nil)
        #expect(unread.hint == "@every needs day, week, month, year, 2 weeks or mon,thu; kept in the title")
        let two = TitleSyntax.parse("Call @every day @every week", today: TitleSyntaxTests.friday)
        #expect(two.mistake == "two recurrences, @every day and @every week")
    }

    @Test("Rules read in words for the details view", arguments: [
        ("FREQ=WEEKLY;BYDAY=MO,TH", false, "every mon, thu"),
        ("FREQ=WEEKLY;INTERVAL=2", true, "every 2 weeks after done"),
        ("FREQ=DAILY;COUNT=3", false, "every day, 3 times left"),
        ("FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231", false, "every month on the last fri until 2027-12-31"),
        ("FREQ=MONTHLY;BYDAY=1MO,3MO", false, "FREQ=MONTHLY;BYDAY=1MO,3MO"),
    ])
    func described(rrule: String, fromCompletion: Bool, words: String) throws {
        #expect(RecurrenceWords.describe(try RecurrenceRule(rrule: rrule, countsFromCompletion: fromCompletion)) == words)
    }
}
