import Testing
@testable import TodoStore

/// The next dates libical's iterator gives for the rules Tick writes: month ends, leap days,
/// ordinal weekdays, a daylight-saving change, COUNT and UNTIL.
@Suite("Recurrence rules")
struct RecurrenceRuleTests {
    static let table: [(rule: String, from: String, next: String?)] = [
        ("FREQ=DAILY", "2026-12-31", "2027-01-01"),
        ("FREQ=WEEKLY", "2026-12-08", "2026-12-15"),
        ("FREQ=WEEKLY;INTERVAL=2", "2026-12-08", "2026-12-22"),
        // Monday and Thursday: from a Tuesday, then from the Thursday.
        ("FREQ=WEEKLY;BYDAY=MO,TH", "2026-12-08", "2026-12-10"),
        ("FREQ=WEEKLY;BYDAY=MO,TH", "2026-12-10", "2026-12-14"),
        // RFC 5545: a monthly rule from the 31st skips the months without one.
        ("FREQ=MONTHLY", "2026-01-31", "2026-03-31"),
        // …while "the last day" lands on each month's end, February included.
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-01-31", "2026-02-28"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "2028-01-31", "2028-02-29"),
        // Leap days: a yearly rule from 29 February comes back in the next leap year.
        ("FREQ=YEARLY", "2028-02-29", "2032-02-29"),
        ("FREQ=YEARLY", "2026-12-24", "2027-12-24"),
        // The last Friday of February, and of every month.
        ("FREQ=YEARLY;BYMONTH=2;BYDAY=-1FR", "2026-02-27", "2027-02-26"),
        ("FREQ=YEARLY;BYMONTH=2;BYDAY=-1FR", "2027-02-26", "2028-02-25"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "2026-01-30", "2026-02-27"),
        ("FREQ=MONTHLY;BYDAY=1MO", "2026-12-07", "2027-01-04"),
        // Across the spring-forward of Europe (29 March 2026) and the US (8 March 2026): days are
        // floating dates, so the clock change moves nothing.
        ("FREQ=WEEKLY", "2026-03-26", "2026-04-02"),
        ("FREQ=WEEKLY;BYDAY=SU", "2026-03-22", "2026-03-29"),
        ("FREQ=DAILY", "2026-03-07", "2026-03-08"),
        // UNTIL: the last allowed date still comes, then nothing.
        ("FREQ=WEEKLY;UNTIL=20261222", "2026-12-15", "2026-12-22"),
        ("FREQ=WEEKLY;UNTIL=20261222", "2026-12-22", nil),
        // COUNT=1: this todo is the last occurrence.
        ("FREQ=DAILY;COUNT=1", "2026-12-01", nil),
        ("FREQ=DAILY;COUNT=3", "2026-12-01", "2026-12-02"),
    ]

    @Test("the next date of a rule from a day", arguments: table.indices)
    func nextDate(_ index: Int) throws {
        let (rule, from, expected) = Self.table[index]
        let next = try RecurrenceRule(rrule: rule).next(after: from)
        #expect(next?.due == expected, "\(rule) after \(from)")
    }

    @Test("COUNT goes down by one with each occurrence, until none is left")
    func countIsCarriedByTheTodos() throws {
        var rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=3")
        var day = "2026-12-01", dues: [String] = []
        while let next = rule.next(after: day) {
            dues.append(next.due)
            (day, rule) = (next.due, next.rule)
        }
        #expect(dues == ["2026-12-08", "2026-12-15"])
        #expect(rule.rrule == "FREQ=WEEKLY;COUNT=1")
    }

    @Test("rules outside the subset, or that libical cannot read, are refused with a message",
          arguments: ["", "FREQ=HOURLY", "FREQ=WEEKLY;BYHOUR=9", "INTERVAL=2", "FREQ=WEEKLY;INTERVAL=0", "FREQ=FORTNIGHTLY", "FREQ"])
    func refused(_ text: String) {
        #expect(throws: StoreError.self) { try RecurrenceRule(rrule: text) }
    }

    @Test("an RRULE: prefix and lower case are accepted and stored in the canonical form")
    func normalised() throws {
        #expect(try RecurrenceRule(rrule: "RRULE:freq=weekly;byday=mo").rrule == "FREQ=WEEKLY;BYDAY=MO")
    }

    @Test("A COUNT or INTERVAL beyond what Tick follows, or not a plain number, is refused with a message that says so", arguments: [
        // libical reads COUNT into 32 bits: this one became 1,215,752,191.
        ("FREQ=DAILY;COUNT=99999999999", "COUNT=99999999999 is more than Tick follows; COUNT goes up to 100000 (leave COUNT out for a series that does not end)"),
        // …and this one 1: a series of four billion would have ended at once.
        ("FREQ=DAILY;COUNT=4294967297", "COUNT=4294967297 is more than Tick follows; COUNT goes up to 100000 (leave COUNT out for a series that does not end)"),
        ("FREQ=DAILY;COUNT=100001", "COUNT=100001 is more than Tick follows; COUNT goes up to 100000 (leave COUNT out for a series that does not end)"),
        // libical keeps INTERVAL in 16 bits: 65537 was every day.
        ("FREQ=WEEKLY;INTERVAL=65537", "INTERVAL=65537 is more than Tick follows; INTERVAL goes up to 1000"),
        ("FREQ=WEEKLY;INTERVAL=1001", "INTERVAL=1001 is more than Tick follows; INTERVAL goes up to 1000"),
        ("FREQ=DAILY;COUNT=5X", "COUNT=5X is not a whole number"),
        ("FREQ=DAILY;COUNT=-3", "COUNT=-3 is not a whole number"),
        ("FREQ=DAILY;INTERVAL=+2", "INTERVAL=+2 is not a whole number"),
    ])
    func outOfBounds(rule: String, problem: String) {
        #expect { try RecurrenceRule(rrule: rule) } throws: { "\($0)" == "not a recurrence rule: \(rule): \(problem)" }
    }

    @Test("The largest COUNT and INTERVAL are followed exactly, leading zeros or not")
    func largestBounds() throws {
        let counted = try #require(try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=100000").next(after: "2026-12-01"))
        #expect(counted.due == "2026-12-02")
        #expect(counted.rule.count == 99_999)
        let spaced = try #require(try RecurrenceRule(rrule: "FREQ=DAILY;INTERVAL=0001000").next(after: "2026-12-01"))
        #expect(spaced.due == "2029-08-27")
    }

    @Test("A rule stored before COUNT was bounded counts down without wrapping round")
    func storedHugeCount() throws {
        let stored = RecurrenceRule(stored: "FREQ=DAILY;COUNT=99999999999", countsFromCompletion: false)
        let next = try #require(stored.next(after: "2026-12-01"))
        #expect(next.due == "2026-12-02")
        #expect(next.rule.rrule == "FREQ=DAILY;COUNT=99999999998")
    }
}

