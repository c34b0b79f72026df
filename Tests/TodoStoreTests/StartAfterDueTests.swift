import Testing
import TodoStore

/// RFC 5545 §3.8.2.3: a DTSTART is not after its DUE. `StartDates.isAfterDue` compares the two as
/// the due is written, so a start at a time on a due day, or a start day beside a due time, is fine.
@Suite("A start after its due")
struct StartAfterDueTests {
    @Test("A start is after its due only when it comes later, compared at the due's precision", arguments: [
        ("2026-12-08", "2026-12-07", true),
        ("2026-12-07", "2026-12-07", false),
        ("2026-12-06", "2026-12-07", false),
        ("2026-12-07T18:00", "2026-12-07", false),      // a time on the due day
        ("2026-12-08T00:00", "2026-12-07", true),
        ("2026-12-07", "2026-12-07T09:00", false),      // the day, from midnight
        ("2026-12-07T09:30", "2026-12-07T09:00", true),
        ("2026-12-07T09:00", "2026-12-07T09:00", false),
        ("2026-12-31", "2027-01-01T00:00", false),
    ])
    func comparison(start: String, due: String, isAfter: Bool) {
        #expect(StartDates.isAfterDue(start, due: due) == isAfter)
    }

    @Test("Without a start or a due nothing is after anything")
    func missing() {
        #expect(!StartDates.isAfterDue(nil, due: "2026-12-07"))
        #expect(!StartDates.isAfterDue("2026-12-08", due: nil))
    }
}
