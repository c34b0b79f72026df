import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// todo.txt's `rec:` extension and JSON's `"rrule"`.
@Suite("Interop of recurring todos")
struct InteropRecurrenceTests {
    @Test("rec: values read as rules and write back the same", arguments: [
        ("rec:1w", "FREQ=WEEKLY", false), ("rec:+1m", "FREQ=MONTHLY", true), ("rec:2d", "FREQ=DAILY;INTERVAL=2", false),
        ("rec:y", "FREQ=YEARLY", false), ("rec:+10d", "FREQ=DAILY;INTERVAL=10", true),
    ])
    func todoTxtRec(word: String, rrule: String, fromCompletion: Bool) throws {
        let document = try TodoTxtFormat.decode(Data("Water plants \(word) due:2026-12-08\n".utf8), zone: .fromEnvironment)
        let todo = try #require(document.todos.first)
        #expect(todo.title == "Water plants" && todo.due == "2026-12-08")
        #expect(todo.recurrence == (try RecurrenceRule(rrule: rrule, countsFromCompletion: fromCompletion)))
        let store = try TodoStore(inMemoryWith: fixedClock)
        try store.importDocument(document)
        let item = try #require(try store.item(id: 1))
        let canonical = word == "rec:y" ? "rec:1y" : word
        #expect(TodoTxtFormat.line(for: item, listName: nil, zone: .fromEnvironment, dates: DatesGiven(creation: false, completion: false))
                == "Water plants due:2026-12-08 \(canonical)")
    }

    @Test("a rec: value that is no recurrence is refused with the line's number")
    func badRec() {
        let error = #expect(throws: InteropError.self) { try TodoTxtFormat.decode(Data("ok\nWater rec:1fortnight\n".utf8), zone: .fromEnvironment) }
        #expect(error?.line == 2)
        #expect(error?.problem.contains("write rec:1w") == true)
    }

    @Test("a rule todo.txt cannot say is left out of the line, not mangled")
    func unsayable() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let item = try store.add(title: "Gym", recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH")).value
        #expect(TodoTxtFormat.line(for: item, listName: nil, zone: .fromEnvironment, dates: DatesGiven(creation: false, completion: false)) == "Gym")
    }

    @Test("JSON carries the RRULE and whether it counts from completion, and reads them back; a bad rule names its line")
    func json() throws {
        let store = try TodoStore(inMemoryWith: fixedClock)
        let item = try store.add(title: "Rent", due: "2026-12-25", recurrence: try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=-1FR", countsFromCompletion: true)).value
        let object = JSONFormat.todoObject(item, listName: "Inbox")
        #expect(object.contains("\"rrule\": \"FREQ=MONTHLY;BYDAY=-1FR\", \"rrule_from_completion\": true"))
        let document = try JSONFormat.decode(Data("[\(object)]".utf8))
        #expect(document.todos.first?.recurrence == item.recurrence)
        #expect(!JSONFormat.todoObject(try store.add(title: "plain").value, listName: "Inbox").contains("rrule"))
        #expect(throws: InteropError.self) { try JSONFormat.decode(Data("[{\"title\": \"x\",\n \"rrule\": \"FREQ=HOURLY\"}]".utf8)) }
    }

    @Test("A JSON rule with a COUNT or INTERVAL beyond the bound is refused on its line, saying so")
    func jsonBounds() throws {
        let error = try #require(throws: InteropError.self) {
            try JSONFormat.decode(Data("[{\"title\": \"x\",\n \"rrule\": \"FREQ=DAILY;INTERVAL=70000\"}]".utf8))
        }
        #expect(error.line == 2)
        #expect(error.problem.contains("INTERVAL=70000 is more than Tick follows; INTERVAL goes up to 1000"), "\(error.problem)")
    }
}

