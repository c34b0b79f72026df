import Foundation
import Testing
@testable import TodoStore

@Suite("Interop: relative due days in todo.txt")
struct InteropRelativeDueTests {
    /// 2026-12-01, a Tuesday.
    static let tuesday = CivilCalendar.days(year: 2026, month: 12, day: 1)

    @Test("Relative days other tools write are the day they mean, counted from the day of the import", arguments: [
        ("tod", "2026-12-01"), ("today", "2026-12-01"), ("TOM", "2026-12-02"), ("tomorrow", "2026-12-02"),
        ("yesterday", "2026-11-30"), ("we", "2026-12-02"), ("wed", "2026-12-02"), ("Wednesday", "2026-12-02"),
        ("fri", "2026-12-04"), ("sun", "2026-12-06"), ("mon", "2026-12-07"), ("tue", "2026-12-08"),
        ("1d", "2026-12-02"), ("10d", "2026-12-11"), ("-1d", "2026-11-30"), ("+3d", "2026-12-04"), ("2w", "2026-12-15"),
        ("1m", "2027-01-01"), ("3m", "2027-03-01"), ("1y", "2027-12-01"), ("4b", "2026-12-07"), ("5b", "2026-12-08"),
    ])
    func resolves(text: String, day: String) {
        #expect(RelativeDueDay.resolve(Substring(text), today: Self.tuesday) == day)
    }

    @Test("A month on from the 31st is the month's last day")
    func monthEnds() {
        let january31 = CivilCalendar.days(year: 2026, month: 1, day: 31)
        #expect(RelativeDueDay.resolve("1m", today: january31) == "2026-02-28")
        #expect(RelativeDueDay.resolve("-2m", today: january31) == "2025-11-30")
        #expect(RelativeDueDay.resolve("1y", today: CivilCalendar.days(year: 2028, month: 2, day: 29)) == "2029-02-28")
    }

    @Test("Words that are not relative days are not read as any", arguments: [
        "someday", "d", "1x", "1.5w", "tuesdays", "", "123456d", "t", "1 d", "١d",
    ])
    func rejects(text: String) {
        #expect(RelativeDueDay.resolve(Substring(text), today: Self.tuesday) == nil)
    }

    @Test("A file with relative due days imports whole and counts them; one that is no day at all still stops the import")
    func decoding() throws {
        let text = "Pay rent due:tod\nCall Mom due:fri +Family\nFile taxes due:2w\nFixed due:2026-12-24\n"
        let document = try TodoTxtFormat.decode(Data(text.utf8), zone: .utc, today: Self.tuesday)
        #expect(document.todos.map(\.due) == ["2026-12-01", "2026-12-04", "2026-12-15", "2026-12-24"])
        #expect(document.relativeDueDayCount == 3)
        #expect(throws: InteropError(line: 2, problem: "invalid due date “soon”: write due:YYYY-MM-DD, like due:2026-12-24 (or a relative day: due:tom, due:fri, due:2w)")) {
            try TodoTxtFormat.decode(Data("ok\nPay due:soon\n".utf8), zone: .fromEnvironment, today: Self.tuesday)
        }
    }
}
