import Foundation
import Testing
@testable import TodoStore

/// Issue 30: a taskwarrior export (`task export`, 2.6 and 3.x) read a task at a time into todos.
/// The real taskwarrior's exports are imported in `TaskwarriorImportTests` (TickAppTests); these
/// use exports written here, in the form taskwarrior 3 writes them.
@Suite("Interop: taskwarrior export")
struct TaskwarriorReaderTests {
    static let utc = TaskwarriorTime(zone: .utc)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Reads `text` whole; the todos and what was counted.
    static func read(_ text: String, times: TaskwarriorTime = utc) throws(InteropError) -> (todos: [NewTodo], tally: ImportTally) {
        var reader = TaskwarriorReader(times: times, now: now)
        var todos = try reader.read(Array(text.utf8))
        todos += try reader.finish()
        return (todos, reader.tally)
    }

    /// Reads `text` in pieces of `size` bytes.
    static func read(_ text: String, inPiecesOf size: Int) throws(InteropError) -> [NewTodo] {
        var reader = TaskwarriorReader(times: utc, now: now)
        var todos: [NewTodo] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            todos += try reader.read(bytes[start..<min(bytes.count, start + size)])
            start += size
        }
        return todos + (try reader.finish())
    }

    /// One task of every kind of attribute, as taskwarrior 3 exports it.
    static let everyAttribute = """
        [
        {"id":1,"description":"Write report","due":"20261205T143000Z","entry":"20261201T090000Z","modified":"20261202T083000Z",\
        "priority":"H","project":"Work.Reports","status":"pending","uuid":"959f02fb-e991-4ebd-bbe9-62909234c9bb",\
        "annotations":[{"entry":"20261202T083000Z","description":"Asked Bob for numbers"},{"entry":"20261203T000000Z","description":"He sent them"}],\
        "tags":["office","next.week"],"depends":["0a1b2c3d-0000-4000-8000-000000000001","0a1b2c3d-0000-4000-8000-000000000002"],\
        "wait":"20261203T000000Z","scheduled":"20261204T090000Z","start":"20261202T100000Z","until":"20270101T000000Z",\
        "estimate":3,"reviewer":"Ann","urgency":12.5}
        ]
        """

    @Test("Every attribute becomes its field or a notes line; derived ones (id, urgency) are dropped")
    func everyAttributeMaps() throws {
        let (todos, tally) = try Self.read(Self.everyAttribute)
        let todo = try #require(todos.first)
        #expect(todos.count == 1)
        #expect(todo.title == "Write report")
        #expect(todo.listName == "Work/Reports")
        #expect(todo.priority == 3)
        #expect(todo.due == "2026-12-05T14:30")
        #expect(todo.tags == ["office"])
        #expect(todo.uid == "959f02fb-e991-4ebd-bbe9-62909234c9bb")
        #expect(todo.createdAt == Timestamp.parse("2026-12-01T09:00:00Z"))
        #expect(todo.modifiedAt == Timestamp.parse("2026-12-02T08:30:00Z"))
        #expect(todo.completedAt == nil && todo.recurrence == nil)
        #expect(todo.notes == """
            2026-12-02 08:30 Asked Bob for numbers
            2026-12-03 He sent them

            Wait: 2026-12-03
            Started: 2026-12-02 10:00
            Until: 2027-01-01
            Tags: next.week
            Depends on: 0a1b2c3d-0000-4000-8000-000000000001, 0a1b2c3d-0000-4000-8000-000000000002
            UDA estimate: 3
            UDA reviewer: Ann
            """)
        #expect(todo.start == "2026-12-04T09:00")
        #expect(tally.summary == "; mapped: 1 project to a list, 1 UUID to a UID, 1 wait or scheduled date to a start date; "
                + "kept as notes: 2 annotations, 2 UDAs, 2 dependencies, 1 wait date, "
                + "1 start time, 1 until date, 1 tag Tick cannot hold")
    }

    @Test("Priorities H, M, L are high, medium, low; another is kept as a line", arguments: [
        ("H", 3, ""), ("M", 2, ""), ("L", 1, ""), ("", 0, ""), ("X", 0, "Priority: X"),
    ])
    func priorities(value: String, priority: Int, notes: String) throws {
        let (todos, _) = try Self.read(#"[{"description":"P","status":"pending","priority":"\#(value)"}]"#)
        #expect(todos.first?.priority == priority && todos.first?.notes == notes)
    }

    @Test("Statuses: pending and waiting are open, completed done at its end, deleted skipped and counted")
    func statuses() throws {
        let (todos, tally) = try Self.read("""
            [{"description":"Open","status":"pending"},
            {"description":"Waiting","status":"waiting","wait":"20261210T000000Z"},
            {"description":"Done","status":"completed","end":"20261201T120000Z"},
            {"description":"Gone","status":"deleted","end":"20261201T120000Z"},
            {"description":"Gone too","status":"deleted"}]
            """)
        #expect(todos.map(\.title) == ["Open", "Waiting", "Done"])
        #expect(todos.map { $0.completedAt != nil } == [false, false, true])
        #expect(todos[2].completedAt == Timestamp.parse("2026-12-01T12:00:00Z"))
        #expect(todos[1].notes == "" && todos[1].start == "2026-12-10")
        #expect(tally[.deleted] == 2)
        #expect(tally.summary == "; mapped: 1 wait or scheduled date to a start date; skipped 2 deleted tasks")
    }

    @Test("A due date is local: its time of day, or the day alone at local midnight", arguments: [
        ("20261202T000000Z", "UTC", "2026-12-02"),
        ("20261202T000000Z", "Pacific/Kiritimati", "2026-12-02T14:00"),
        ("20261202T000000Z", "Pacific/Honolulu", "2026-12-01T14:00"),
        ("20261202T100000Z", "Pacific/Kiritimati", "2026-12-03"),
        ("20261202T100000Z", "Pacific/Honolulu", "2026-12-02"),
        ("20261202T235959Z", "UTC", "2026-12-02T23:59"),
        // Summer time in Berlin: the same UTC hour is another local hour than in winter.
        ("20260701T220000Z", "Europe/Berlin", "2026-07-02"),
        ("20261201T220000Z", "Europe/Berlin", "2026-12-01T23:00"),
        ("20261202T000000Z", "JST-9", "2026-12-02T09:00"),
    ])
    func localDue(due: String, zone: String, expected: String) throws {
        let times = TaskwarriorTime(zone: LocalTime(tz: zone))
        let (todos, _) = try Self.read(#"[{"description":"D","status":"pending","due":"\#(due)"}]"#, times: times)
        #expect(todos.first?.due == expected)
    }

    @Test("recur values become RRULEs; periods Tick cannot repeat are nil", arguments: [
        ("daily", "FREQ=DAILY"), ("3d", "FREQ=DAILY;INTERVAL=3"), ("P2D", "FREQ=DAILY;INTERVAL=2"),
        ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekly", "FREQ=WEEKLY"), ("2wks", "FREQ=WEEKLY;INTERVAL=2"),
        ("biweekly", "FREQ=WEEKLY;INTERVAL=2"), ("fortnight", "FREQ=WEEKLY;INTERVAL=2"),
        ("monthly", "FREQ=MONTHLY"), ("1mo", "FREQ=MONTHLY"), ("2m", "FREQ=MONTHLY;INTERVAL=2"), ("P1M", "FREQ=MONTHLY"),
        ("bimonthly", "FREQ=MONTHLY;INTERVAL=2"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3"), ("2q", "FREQ=MONTHLY;INTERVAL=6"),
        ("semiannual", "FREQ=MONTHLY;INTERVAL=6"), ("yearly", "FREQ=YEARLY"), ("annual", "FREQ=YEARLY"), ("1y", "FREQ=YEARLY"),
        ("biannual", "FREQ=YEARLY;INTERVAL=2"), ("P1Y", "FREQ=YEARLY"),
        ("hourly", nil), ("2h", nil), ("PT1H", nil), ("30min", nil), ("5000d", nil), ("0d", nil), ("sennight", nil), ("", nil),
    ] as [(String, String?)])
    func recurrences(recur: String, rrule: String?) {
        #expect(TaskwarriorRecurrence.rule(for: recur, untilDay: nil, countsFromCompletion: false)?.rrule == rrule)
    }

    static let template = """
        {"description":"Pay rent","due":"20261201T000000Z","entry":"20261101T000000Z","mask":"+--","project":"Home",\
        "recur":"monthly","rtype":"periodic","status":"recurring","until":"20271231T000000Z","uuid":"d0153274-580e-456c-b18d-0abe05e7e8e5"}
        """

    static func occurrence(_ index: Int, status: String, due: String) -> String {
        """
        {"description":"Pay rent","due":"\(due)","imask":\(index),"parent":"d0153274-580e-456c-b18d-0abe05e7e8e5","project":"Home",\
        "recur":"monthly","rtype":"periodic","status":"\(status)","uuid":"9197fb18-c5d8-43a5-95fc-7864ad25a1b\(index)"\
        \(status == "completed" ? ",\"end\":\"20261202T080000Z\"" : "")}
        """
    }

    @Test("A recurring task is one recurring todo due at its earliest pending occurrence, wherever the template is in the file",
          arguments: [true, false])
    func recurringSeries(templateFirst: Bool) throws {
        let occurrences = [Self.occurrence(0, status: "completed", due: "20261201T000000Z"),
                           Self.occurrence(2, status: "pending", due: "20270201T000000Z"),
                           Self.occurrence(1, status: "pending", due: "20270101T000000Z")]
        let tasks = templateFirst ? [Self.template] + occurrences : occurrences + [Self.template]
        let (todos, tally) = try Self.read("[\n" + tasks.joined(separator: ",\n") + "\n]")
        #expect(todos.count == 2)
        let series = try #require(todos.first { $0.recurrence != nil })
        #expect(series.uid == "d0153274-580e-456c-b18d-0abe05e7e8e5")
        #expect(series.due == "2027-01-01")
        #expect(series.recurrence?.rrule == "FREQ=MONTHLY;UNTIL=20271231")
        #expect(series.listName == "Home" && series.completedAt == nil && series.notes.isEmpty)
        let done = try #require(todos.first { $0.completedAt != nil })
        #expect(done.notes == "Parent: d0153274-580e-456c-b18d-0abe05e7e8e5" && done.recurrence == nil)
        #expect(tally.summary == "; mapped: 1 project to a list, 1 recurring task to a recurring todo, 2 UUIDs to UIDs; "
                + "skipped 2 pending occurrences of recurring tasks; kept as notes: 1 parent")
    }

    @Test("Pending occurrences without their template: the earliest is the recurring todo; a chained one counts from completion")
    func occurrencesWithoutTemplate() throws {
        let chained = Self.occurrence(1, status: "pending", due: "20270101T000000Z").replacingOccurrences(of: "periodic", with: "chained")
        let (todos, tally) = try Self.read("[" + Self.occurrence(2, status: "pending", due: "20270201T000000Z") + ",\n" + chained + "]")
        #expect(todos.count == 1)
        #expect(todos.first?.due == "2027-01-01" && todos.first?.recurrence?.rrule == "FREQ=MONTHLY")
        #expect(todos.first?.recurrence?.countsFromCompletion == true)
        #expect(tally[.pendingOccurrence] == 1)
    }

    @Test("A recurrence Tick cannot repeat is kept as a line, with its end")
    func hourly() throws {
        let (todos, tally) = try Self.read(#"[{"description":"Stretch","status":"recurring","recur":"2h","until":"20270101T000000Z","uuid":"d0153274-580e-456c-b18d-0abe05e7e8e5"}]"#)
        #expect(todos.first?.recurrence == nil)
        #expect(todos.first?.notes == "Recurs: 2h\nUntil: 2027-01-01")
        #expect(tally.summary == "; mapped: 1 UUID to a UID; kept as notes: 1 until date, 1 recurrence Tick cannot repeat")
    }

    @Test("Reading the export in pieces of any size gives the same todos as reading it whole", arguments: [1, 2, 7, 64, 4096])
    func pieces(size: Int) throws {
        let text = "\u{FEFF}[\n" + [Self.template, Self.occurrence(1, status: "pending", due: "20270101T000000Z"),
                                  #"{"description":"Braces } ] { [ and \"quotes\" \\","status":"pending"}"#].joined(separator: ",\n")
            + "\n]\n"
        let whole = try Self.read(text).todos
        #expect(whole.count == 2)
        #expect(whole.contains { $0.title == #"Braces } ] { [ and "quotes" \"# })
        #expect(try Self.read(text, inPiecesOf: size) == whole)
    }

    @Test("One object per line (rc.json.array=off) reads as the array does")
    func jsonLines() throws {
        let array = try Self.read(Self.everyAttribute).todos
        let lines = String(Self.everyAttribute.dropFirst(2).dropLast(2)) + "\n" + #"{"description":"Second","status":"pending"}"# + "\n"
        let read = try Self.read(lines).todos
        #expect(read.count == 2 && read.first == array.first && read.last?.title == "Second")
    }

    @Test("A file Tick cannot read is refused at its line, naming the problem", arguments: [
        ("", 1, "the file is empty"),
        ("hello", 1, "expected [ or {"),
        ("[1]", 1, "expected a task (a JSON object)"),
        ("[\n{\"description\":\"A\",\"status\":\"pending\"}\n{\"description\":\"B\"}]", 3, "expected \",\" or \"]\" after a task"),
        ("[\n{\"description\":\"A\",\"status\":\"pending\"}\n", 3, "the file ended before the array was closed"),
        ("[\n{\"description\":\"A\",\n\"status\":\"pending\"", 2, "the file ended inside a task"),
        ("[]\n]", 2, "unexpected text after the end of the array"),
        ("[{\"status\":\"pending\"}]", 1, "a task needs a \"description\""),
        ("[{\"description\":\"A\"}]", 1, "a task needs a \"status\""),
        ("[{\"description\":\"A\",\n\"status\":\"done\"}]", 2, "\"status\" is \"done\""),
        ("[{\"description\":\"A\",\"status\":\"pending\",\n\"uuid\":\"x\"}]", 2, "\"uuid\" must be a UUID"),
        ("[{\"description\":\"A\",\"status\":\"pending\",\n\"due\":\"tomorrow\"}]", 2, "\"due\" must be a time like 20261202T083000Z"),
        ("[{\"description\":\"A\",\"status\":\"pending\",\n\"due\":\"20260230T000000Z\"}]", 2, "\"due\" must be a time"),
        ("[{\"description\":\"A\",\"status\":\"pending\",\"tags\":\n7}]", 2, "\"tags\" must be an array of strings"),
        ("[{\"description\":\"A\",\"status\":\"pending\",\"annotations\":[\n\"x\"]}]", 2, "an annotation must be an object"),
        ("[{\"description\":\" \",\"status\":\"pending\"}]", 1, "a title cannot be only spaces"),
        ("[{\"description\":\"A\\u0000B\",\"status\":\"pending\"}]", 1, "NUL"),
        ("[{\"description\":\"A\",\"status\":\"pending\",\"description\":\"B\"}]", 1, "appears twice"),
        ("[{\"description\":\"A\",\"status\":\"pending\",\"uuid\":\"959f02fb-e991-4ebd-bbe9-62909234c9bb\"},\n"
         + "{\"description\":\"B\",\"status\":\"completed\",\"uuid\":\"959F02FB-E991-4EBD-BBE9-62909234C9BB\"}]", 2,
         "is given to two tasks"),
        ("[" + String(repeating: "{\"a\":[", count: 40) + "]", 1, "nested deeper than 64 levels"),
    ] as [(String, Int, String)])
    func refused(text: String, line: Int, problem: String) {
        #expect {
            _ = try Self.read(text)
        } throws: { error in
            guard let error = error as? InteropError else { return false }
            return error.line == line && error.problem.contains(problem)
        }
    }

    @Test("Bytes that are not UTF-8 inside a task are refused at their line")
    func invalidUTF8() {
        let bytes = Array("[\n{\"description\":\"A".utf8) + [0xFF] + Array("\",\"status\":\"pending\"}]".utf8)
        var reader = TaskwarriorReader(times: Self.utc, now: Self.now)
        #expect(throws: InteropError(line: 2, problem: "a string is not valid UTF-8")) { _ = try reader.read(bytes) }
    }

    @Test("An object longer than the limit is refused at its first line, without holding more of it")
    func oversizedObject() {
        var stream = JSONValueStream(exportName: "taskwarrior export", elementName: "a task", maximumObjectBytes: 1 << 20)
        let big = "[\n{\"description\":\"" + String(repeating: "x", count: 2 << 20) + "\",\"status\":\"pending\"}]"
        #expect(throws: InteropError(line: 2, problem: "a task that starts here is longer than 1 MB")) { _ = try stream.read(Array(big.utf8)) }
    }

    @Test("A taskwarrior export is told from Tick's JSON by its first object", arguments: [
        (everyAttribute, true),
        (#"{"description":"A","status":"pending","uuid":"959f02fb-e991-4ebd-bbe9-62909234c9bb"}"#, true),
        (#"[{"description":"A","status":"pending",  "#, true),
        (#"{"format": "tick", "version": 1, "lists": [], "todos": []}"#, false),
        (#"[{"id": 1, "list": "Inbox", "title": "Buy milk", "notes": "", "done": false, "status": "x", "description": "y"}]"#, false),
        ("[]", false),
    ])
    func detection(text: String, isExport: Bool) {
        #expect(TaskwarriorReader.isExport(Array(text.utf8)) == isExport)
    }
}
