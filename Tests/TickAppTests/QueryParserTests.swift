import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30, part 2: the query language's one parser, form by form (the query table of docs/command-line.md).
@Suite("Query parser")
struct QueryParserTests {
    /// Sunday 2026-11-29.
    private static let today = Day(iso: "2026-11-29")!

    private static func window(_ from: String?, _ before: String?) -> TodoStore.DueWindow {
        TodoStore.DueWindow(from: from, before: before)
    }

    private static func query(_ build: (inout TodoQuery) -> Void) -> TodoQuery {
        var query = TodoQuery()
        build(&query)
        return query
    }

    /// Every form of the table, and combinations of one kind.
    static let forms: [(text: String, expected: TodoQuery)] = [
        ("", TodoQuery()),
        ("milk", query { $0.words = ["milk"] }),
        ("buy  milk", query { $0.words = ["buy", "milk"] }),
        ("\"oat milk\"", query { $0.words = ["oat milk"] }),
        ("\"#work\"", query { $0.words = ["#work"] }),
        ("#work", query { $0.tags = ["work"] }),
        ("#work #q4", query { $0.tags = ["work", "q4"] }),
        ("#123", query { $0.words = ["#123"] }),
        ("-#someday", query { $0.excludedTags = ["someday"] }),
        ("parent:12", query { $0.parentIDs = [12] }),
        ("parent:12 parent:3", query { $0.parentIDs = [12, 3] }),
        ("is:subtask", query { $0.isSubtask = true }),
        ("has:subtasks", query { $0.hasSubtasks = true }),
        ("Has:Subtasks parent", query { $0.hasSubtasks = true; $0.words = ["parent"] }),
        ("!", query { $0.priorities = [1] }),
        ("!!", query { $0.priorities = [2] }),
        ("!!!", query { $0.priorities = [3] }),
        ("!none", query { $0.priorities = [0] }),
        ("!! !!!", query { $0.priorities = [2, 3] }),
        ("@today", query { $0.dueWindows = [window("2026-11-29", "2026-11-30")] }),
        ("@tomorrow", query { $0.dueWindows = [window("2026-11-30", "2026-12-01")] }),
        ("@overdue", query { $0.dueWindows = [window(nil, "2026-11-29")] }),
        ("@week", query { $0.dueWindows = [window("2026-11-29", "2026-12-06")] }),
        ("@none", query { $0.matchesNoDue = true }),
        ("@fri", query { $0.dueWindows = [window("2026-12-04", "2026-12-05")] }),
        ("@dec24", query { $0.dueWindows = [window("2026-12-24", "2026-12-25")] }),
        ("@+3d", query { $0.dueWindows = [window("2026-12-02", "2026-12-03")] }),
        ("@2026-12-01..2026-12-24", query { $0.dueWindows = [window("2026-12-01", "2026-12-25")] }),
        ("@..fri", query { $0.dueWindows = [window(nil, "2026-12-05")] }),
        ("@2027-01-01..", query { $0.dueWindows = [window("2027-01-01", nil)] }),
        ("@today @none", query { $0.dueWindows = [window("2026-11-29", "2026-11-30")]; $0.matchesNoDue = true }),
        ("list:Work", query { $0.listNames = ["Work"] }),
        ("list:\"Home office\"", query { $0.listNames = ["Home office"] }),
        ("is:open", query { $0.completion = .open }),
        ("is:done", query { $0.completion = .done }),
        ("is:done is:open", query { $0.completion = .both }),
        ("is:flagged", query { $0.isFlagged = true }),
        ("is:recurring", query { $0.isRecurring = true }),
        ("IS:Done", query { $0.completion = .done }),
        ("@", query { $0.words = ["@"] }),
        ("#work report @week !!! -#someday list:Work is:flagged", query {
            $0.tags = ["work"]; $0.words = ["report"]; $0.dueWindows = [window("2026-11-29", "2026-12-06")]
            $0.priorities = [3]; $0.excludedTags = ["someday"]; $0.listNames = ["Work"]; $0.isFlagged = true
        }),
    ]

    @Test("Each form of the query table reads as the query it stands for", arguments: forms)
    func form(text: String, expected: TodoQuery) throws {
        #expect(try QueryParser.parse(text, today: Self.today) == expected)
    }

    static let mistakes: [(text: String, error: QueryError)] = [
        ("\"oat milk", .unclosedQuote),
        ("!!!!", .notAPriority("!!!!")),
        ("!high", .notAPriority("!high")),
        ("@bogus", .notADate("@bogus")),
        ("@2026-13-01", .notADate("@2026-13-01")),
        ("@..", .notADate("@..")),
        ("@2026-12-24..2026-12-01", .backwardsRange("@2026-12-24..2026-12-01")),
        ("list:", .missingListName),
        ("is:late", .notAState("is:late")),
        ("parent:x", .notATodoID("parent:x")),
        ("parent:", .notATodoID("parent:")),
    ]

    @Test("A term that is not what it looks like is a typed error that names it", arguments: mistakes)
    func mistake(text: String, error: QueryError) {
        #expect(throws: error) { try QueryParser.parse(text, today: Self.today) }
        #expect(error.description.contains(text == "list:" ? "list:" : text == "\"oat milk" ? "quote" : text))
    }

    @Test("Relative days are read against the day given: the same words, another day, another window")
    func relativeDays() throws {
        let monday = Day(iso: "2026-11-30")!
        #expect(try QueryParser.parse("@today", today: monday).dueWindows == [Self.window("2026-11-30", "2026-12-01")])
        #expect(try QueryParser.parse("@fri", today: monday).dueWindows == [Self.window("2026-12-04", "2026-12-05")])
        #expect(try QueryParser.parse("@overdue", today: monday).dueWindows == [Self.window(nil, "2026-11-30")])
    }

    @Test("The help's query table and docs/command-line.md's list the same forms")
    func readmeTable() throws {
        let guide = try UserPages.text(of: "docs/command-line.md")
        for form in QueryLanguage.forms {
            #expect(guide.contains("| `\(form.form)` | \(form.meaning) |"), "docs/command-line.md lacks \(form.form)")
        }
        #expect(ListCommand.description.help.contains("@2026-12-01..2026-12-24"))
    }
}
