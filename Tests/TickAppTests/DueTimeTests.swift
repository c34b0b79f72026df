import Testing
import TodoStore
@testable import TickApp

/// Issue 19: due times in titles (`@fri 15:00`), in `--due` values, and in the due column's few columns.
/// Today is Friday 2026-11-27.
@Suite("Due times: words and display")
struct DueTimeTests {
    static let friday = Day(year: 2026, month: 11, day: 27)!

    @Test("A time after the due word sets the due time; the words are taken out of the title", arguments: [
        ("Call @fri 15:00", "Call", "2026-11-27T15:00"),
        ("Call @today 9am", "Call", "2026-11-27T09:00"),
        ("Call @tomorrow 9:30pm", "Call", "2026-11-28T21:30"),
        ("Party @2026-12-24T18:30", "Party", "2026-12-24T18:30"),
        ("Party @dec 24 18:30", "Party", "2026-12-24T18:30"),
        ("Party @dec 24", "Party", "2026-12-24"),
        ("Party @december 5 9h30", "Party", "2026-12-05T09:30"),
        ("Run @mon 21h", "Run", "2026-11-30T21:00"),
        ("Run @+3d 7:05 early", "Run early", "2026-11-30T07:05"),
        ("Lunch @tom 12pm", "Lunch", "2026-11-28T12:00"),
        ("Night bus @tom 12am", "Night bus", "2026-11-28T00:00"),
        ("Shout @FRI 3PM", "Shout", "2026-11-27T15:00"),
        ("Midnight @2026-12-31T00:00", "Midnight", "2026-12-31T00:00"),
        ("Last minute @today 23:59", "Last minute", "2026-11-27T23:59"),
        // A bare number is never a time, and a time needs a day word before it.
        ("Buy @fri 3 apples", "Buy 3 apples", "2026-11-27"),
        ("Meet at 15:00 @fri", "Meet at 15:00", "2026-11-27"),
        // `@5oct` has a "t" but no date with dashes before it: a day, as before.
        ("Trip @5oct", "Trip", "2027-10-05"),
    ] as [(String, String, String)])
    func parsing(text: String, title: String, due: String) {
        let parsed = TitleSyntax.parse(text, today: Self.friday)
        #expect(parsed.title == title)
        #expect(parsed.due?.stored == due)
        #expect(parsed.hint == nil)
        #expect(parsed.mistake == nil)
    }

    @Test("A word after the day that looks like a time but is not one stays in the title, and the hint names it", arguments: [
        ("Call @fri 25:00", "Call 25:00", "2026-11-27", "25:00 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        ("Call @today 9xm", "Call 9xm", "2026-11-27", "9xm is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        ("Call @today 13pm", "Call 13pm", "2026-11-27", "13pm is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        ("Call @today 9:5", "Call 9:5", "2026-11-27", "9:5 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
        ("Call @today 18:60", "Call 18:60", "2026-11-27", "18:60 is not a time (15:00, 9am, 9:30pm, 21h); kept in the title"),
    ])
    func unreadTimes(text: String, title: String, due: String, hint: String) {
        let parsed = TitleSyntax.parse(text, today: Self.friday)
        #expect(parsed.title == title)
        #expect(parsed.due?.stored == due)
        #expect(parsed.hint == hint)
    }

    @Test("A day and a time in one word that is not real stays in the title as a word that is not a date")
    func unreadISOTime() {
        let parsed = TitleSyntax.parse("Meet @2026-12-24T25:00", today: Self.friday)
        #expect(parsed.title == "Meet @2026-12-24T25:00")
        #expect(parsed.due == nil)
        #expect(parsed.hint == "@2026-12-24T25:00 is not a date; kept in the title")
    }

    @Test("Two due dates with times are a mistake naming both as typed")
    func twoTimedDates() {
        #expect(TitleSyntax.parse("Call @fri 15:00 @mon 9am", today: Self.friday).mistake == "two due dates, @fri 15:00 and @mon 9am")
    }

    @Test("Time words read as minutes after midnight", arguments: [
        ("0:00", 0), ("00:00", 0), ("9:30", 570), ("15:00", 900), ("23:59", 1439), ("9am", 540), ("9AM", 540), ("9pm", 1260),
        ("12am", 0), ("12pm", 720), ("12:30am", 30), ("9:30pm", 1290), ("21h", 1260), ("9h30", 570), ("0h", 0),
    ])
    func timeWords(word: String, minutes: Int) {
        #expect(TitleSyntax.parseTime(Substring(word)) == minutes)
    }

    @Test("Words that are not times", arguments: ["24:00", "9:60", "9:5", "9", "15", "13pm", "0am", "9h30pm", "9xm", "123:00", "", ":30", "9:30:00", "nine"])
    func notTimes(word: String) {
        #expect(TitleSyntax.parseTime(Substring(word)) == nil)
    }

    @Test("--due values read a day and an optional time as one whole", arguments: [
        ("fri 15:00", "2026-11-27T15:00"), ("2026-12-24T18:30", "2026-12-24T18:30"), ("dec 24 18:30", "2026-12-24T18:30"),
        ("today 9am", "2026-11-27T09:00"), ("fri", "2026-11-27"), ("2026-12-24", "2026-12-24"),
        ("fri 25:00", nil), ("fri 15:00 extra", nil), ("15:00", "2026-11-27T15:00"), ("15:60", nil), ("someday", nil),
    ] as [(String, String?)])
    func dueValues(text: String, stored: String?) {
        #expect(TitleSyntax.parseDueValue(text, today: Self.friday)?.stored == stored)
    }

    @Test("The due column says a time compactly for the coming week, the day alone otherwise", arguments: [
        ("2026-11-27T09:00", true, "today 9:00"), ("2026-11-27T18:30", true, "today 18:30"),
        ("2026-11-28T18:30", true, "tmrw 18:30"), ("2026-11-30T15:00", true, "Mon 15:00"), ("2026-12-03T07:05", true, "Thu 7:05"),
        ("2026-12-04T15:00", true, "in 7 d"), ("2026-11-26T15:00", true, "yesterday"), ("2026-11-20T15:00", true, "7 d late"),
        ("2026-11-27", true, "today"), ("2026-11-30", true, "in 3 d"),
        ("2026-11-27T18:30", false, "today"), ("2026-11-30T15:00", false, "in 3 d"),
    ])
    func compactWords(stored: String, showsTime: Bool, words: String) throws {
        let due = try #require(Due(stored: stored))
        #expect(TitleSyntax.describeCompactly(due, today: Self.friday, showsTime: showsTime) == words)
        #expect(words.count <= TodoCell.dueColumnWidth + 1)
    }

    @Test("A due time today is late once its minute has passed; a bare day only from the next day", arguments: [
        ("2026-11-27T09:00", 540, false), ("2026-11-27T09:00", 541, true), ("2026-11-27T18:00", 600, false),
        ("2026-11-27", 1439, false), ("2026-11-26", 0, true), ("2026-11-26T23:59", 0, true), ("2026-11-28T00:00", 1439, false),
    ])
    func lateness(stored: String, now: Int, late: Bool) throws {
        #expect(try #require(Due(stored: stored)).isOverdue(today: Self.friday, now: now) == late)
    }

    @Test("Due values order bare days before the times of that day, like the stored text")
    func ordering() throws {
        let texts = ["2026-11-28", "2026-11-27T18:00", "2026-11-27", "2026-11-27T09:00"]
        let dues = try texts.map { try #require(Due(stored: $0)) }
        #expect(dues.sorted().map(\.stored) == texts.sorted())
    }
}
