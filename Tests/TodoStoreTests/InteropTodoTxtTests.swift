import Foundation
import Testing
@testable import TodoStore
import TickTesting

@Suite("Interop: todo.txt")
struct InteropTodoTxtTests {
    static let utc = LocalTime.utc
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func day(_ text: String) -> Date {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        return utc.startOfDay(CivilCalendar.days(year: parts[0], month: parts[1], day: parts[2]))
    }

    static func decodeOne(_ line: String) throws -> NewTodo {
        let document = try TodoTxtFormat.decode(Data(line.utf8), zone: utc, now: now)
        return try #require(document.todos.first)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var title: String
        var list = "Inbox"
        var priority = 0
        var due: String?
        var created: String?
        var completed: String?
        var testDescription: String { line }
    }

    @Test("A line's conventions become fields", arguments: [
        Case(line: "Call Mom", title: "Call Mom"),
        Case(line: "(A) Call Mom", title: "Call Mom", priority: 3),
        Case(line: "(B) 2026-11-20 Call Mom @phone +Family", title: "Call Mom", list: "Family", priority: 2, created: "2026-11-20"),
        Case(line: "(D) Low one", title: "Low one", priority: 1),
        Case(line: "x 2026-11-29 2026-11-20 Done thing +Work due:2026-11-25", title: "Done thing", list: "Work",
             due: "2026-11-25", created: "2026-11-20", completed: "2026-11-29"),
        Case(line: "x 2026-11-29 Done without creation date", title: "Done without creation date",
             created: "2026-11-29", completed: "2026-11-29"),
        Case(line: "x 2026-11-29 2026-11-20 Kept priority pri:A", title: "Kept priority", priority: 3,
             created: "2026-11-20", completed: "2026-11-29"),
        Case(line: "Two projects +Home +Errands", title: "Two projects +Home", list: "Errands"),
        Case(line: "Back to the Inbox +Work +Inbox", title: "Back to the Inbox +Work"),
        Case(line: "(a) lowercase is not a priority", title: "(a) lowercase is not a priority"),
        Case(line: "xylophone lesson", title: "xylophone lesson"),
        Case(line: "2026-11-20 (A) priority after the date is text", title: "(A) priority after the date is text", created: "2026-11-20"),
        Case(line: "Keep t:soon h:0 and url:http://x.org", title: "Keep t:soon h:0 and url:http://x.org"),
        Case(line: "买牛奶 +买东西 due:2026-12-24", title: "买牛奶", list: "买东西", due: "2026-12-24"),
        Case(line: "  spaced  title  ", title: "  spaced  title  "),
    ])
    func lineConventions(_ example: Case) throws {
        let todo = try Self.decodeOne(example.line)
        #expect(todo.title == example.title)
        #expect(todo.listName == example.list)
        #expect(todo.priority == example.priority)
        #expect(todo.due == example.due)
        #expect(todo.createdAt == example.created.map(Self.day))
        #expect(todo.completedAt == example.completed.map(Self.day))
    }

    @Test("A malformed line stops the import at its line number, with the problem", arguments: [
        ("ok\nx 2026-02-30 bad completion date", 2, "invalid date “2026-02-30”"),
        ("ok\n\n\n(A) 2026-13-01 bad creation date", 4, "invalid date “2026-13-01”"),
        ("fine due:2026-01-01\nPay due:someday", 2, "invalid due date “someday”"),
        ("x 2026-11-29 2026-11-20", 1, "no title"),
        ("(A) +Work due:2026-01-01", 1, "no title"),
        ("a\r\nb\r\nc \u{FF}\r\n", 3, "not valid UTF-8"),
    ])
    func malformedLines(text: String, line: Int, problem: String) throws {
        var bytes = Data(text.utf8)
        if text.contains("\u{FF}") { bytes = Data("a\r\nb\r\nc ".utf8) + Data([0xFF, 0x0D, 0x0A]) }
        do {
            _ = try TodoTxtFormat.decode(bytes, zone: Self.utc)
            Issue.record("decoded a malformed file")
        } catch {
            #expect(error.line == line)
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
    }

    @Test("Export writes the format's conventions, one todo per line")
    func exportLines() throws {
        let created = Self.day("2026-11-20").addingTimeInterval(3600)
        func line(_ item: TodoItem, _ list: String? = nil) -> String { TodoTxtFormat.line(for: item, listName: list, zone: Self.utc) }
        var item = TodoItem(id: 1, listID: 1, title: "Pay rent", position: 0, createdAt: created, priority: 3, due: "2026-12-01")
        #expect(line(item) == "(A) 2026-11-20 Pay rent due:2026-12-01")
        #expect(line(item, "Home stuff") == "(A) 2026-11-20 Pay rent +Home_stuff due:2026-12-01")
        item.completedAt = Self.day("2026-11-29")
        #expect(line(item, "Home") == "x 2026-11-29 2026-11-20 Pay rent +Home due:2026-12-01 pri:A")
        let multiline = TodoItem(id: 2, listID: 1, title: "two\nlines\r\nhere", position: 0, createdAt: created)
        #expect(line(multiline) == "2026-11-20 two lines here")
        let project = TodoItem(id: 3, listID: 1, title: "Ask about +Garden", position: 0, createdAt: created)
        #expect(line(project) == "2026-11-20 Ask about +Garden +Inbox")
    }

    @Test("The dates of a line are days in the zone: written and read, and relative due days counted from the zone's today", arguments: [
        // zone, completed at (UTC 2026-12-01 23:06), its day there, and the UTC hour that day starts at
        ("Pacific/Kiritimati", "2026-12-02", "2026-12-01T10:00:00Z"),
        ("Pacific/Honolulu", "2026-12-01", "2026-12-01T10:00:00Z"),
        ("JST-9", "2026-12-02", "2026-12-01T15:00:00Z"),
        ("UTC", "2026-12-01", "2026-12-01T00:00:00Z"),
    ])
    func datesInTheZone(zone: String, day: String, start: String) throws {
        let local = LocalTime(tz: zone)
        let completed = try #require(Timestamp.parse("2026-12-01T23:06:00Z"))
        var item = TodoItem(id: 1, listID: 1, title: "Call", position: 0, createdAt: completed)
        item.completedAt = completed
        #expect(TodoTxtFormat.line(for: item, listName: nil, zone: local) == "x \(day) \(day) Call")
        let document = try TodoTxtFormat.decode(Data("x \(day) Call\nPay due:tom\n".utf8), zone: local, now: completed)
        #expect(document.todos.first?.completedAt == Timestamp.parse(start))
        let tomorrow = try #require(Timestamp.parse(day + "T00:00:00Z")).addingTimeInterval(86_400)
        #expect(document.todos.last?.due == Timestamp.iso(tomorrow).prefix(10).description)
    }

    @Test("A 1,000-line todo.txt with every feature imports whole, and a bad line anywhere leaves the store unchanged")
    func thousandLines() throws {
        let (text, expected) = Self.realisticFile(lines: 1_000)
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            try store.add(title: "Was here before")
            let before = try StoreSnapshot(store)
            // One bad due date on line 777: nothing at all is imported.
            var lines = text.components(separatedBy: "\r\n")
            lines[776] += " due:2026-02-29"
            #expect(throws: InteropError(line: 777, problem: "invalid due date “2026-02-29”: write due:YYYY-MM-DD, like due:2026-12-24")) {
                try store.importDocument(try TodoTxtFormat.decode(Data(lines.joined(separator: "\r\n").utf8), zone: Self.utc))
            }
            #expect(try StoreSnapshot(store) == before)

            let document = try TodoTxtFormat.decode(Data(("\u{FEFF}" + text).utf8), zone: Self.utc, now: Self.now)
            let imported = try store.importDocument(document)
            #expect(imported.count == expected.todos)
            #expect(imported.filter(\.isDone).count == expected.done)
            #expect(imported.filter { $0.due != nil }.count == expected.due)
            #expect(Dictionary(grouping: imported, by: \.priority).mapValues(\.count) == expected.priorities)
            #expect(try store.lists().map(\.name) == ["Inbox"] + expected.lists)
            #expect(imported.allSatisfy { !$0.title.contains("+") || $0.title.contains("+Home") })
            #expect(imported.contains { $0.title == "Ask 田中さん about 🍣" && $0.tags == ["phone"] && $0.start == "2026-12-01" && $0.notes.isEmpty })
            #expect(store.count == expected.todos + 1)
            try expectIntact(store)
        }
    }

    /// What a realistic file should import as.
    struct Expected {
        var todos = 0, done = 0, due = 0
        var priorities: [Int: Int] = [:]
        var lists: [String] = []
    }

    /// A todo.txt as people keep them: priorities, dates, done items, several projects and contexts,
    /// due dates, extensions, CJK and emoji, blank lines, CR LF line ends.
    static func realisticFile(lines count: Int) -> (String, Expected) {
        var random = SplitMix64(state: 7)
        let projects = ["Work", "Home", "Garden", "Tax_2026", "買い物", "Side-project"]
        let subjects = ["Call the plumber", "Renew passport 🛂", "Ask 田中さん about 🍣", "Fix the fence", "File the tax return",
                        "Buy oat milk", "Write the quarterly report", "Book flights ✈️", "Reply to Zoë's email", "Clean the gutters"]
        var expected = Expected()
        var lines: [String] = []
        for index in 0..<count {
            if index % 37 == 36 { lines.append(""); continue }
            var parts: [String] = []
            let done = index % 5 == 0
            var priority = 0
            if done {
                parts += ["x", "2026-11-\(String(format: "%02d", index % 28 + 1))"]
                if index % 3 == 0 { parts.append("2026-10-\(String(format: "%02d", index % 30 + 1))") }
                if index % 4 == 0 { priority = 3 }
            } else {
                let letter = index % 7
                if letter < 5 { parts.append("(\(Character(Unicode.Scalar(65 + UInt8(letter)))))"); priority = max(1, 3 - letter) }
                if index % 2 == 0 { parts.append("2026-09-\(String(format: "%02d", index % 30 + 1))") }
            }
            var list: String?
            if index == 500 {
                parts += ["Ask 田中さん about 🍣", "@phone", "t:2026-12-01"]  // an Inbox todo with a context and a threshold
            } else {
                parts.append(subjects[Int(random.next() % UInt64(subjects.count))] + " #\(index)")
                if index % 3 == 1 { parts.append("@phone") }
                if index % 4 != 3 {
                    if index % 11 == 0 { parts.append("+Home") }  // a second project stays in the title
                    list = projects[index % projects.count]
                    parts.append("+" + list!)
                }
                if index % 6 == 2 { parts.append("due:2026-12-\(String(format: "%02d", index % 31 + 1))"); expected.due += 1 }
            }
            if done && priority == 3 { parts.append("pri:A") }
            lines.append(parts.joined(separator: " "))
            expected.todos += 1
            if done { expected.done += 1 }
            expected.priorities[priority, default: 0] += 1
            if let list, list != "Inbox", !expected.lists.contains(list) { expected.lists.append(list) }
        }
        return (lines.joined(separator: "\r\n") + "\r\n", expected)
    }
}
