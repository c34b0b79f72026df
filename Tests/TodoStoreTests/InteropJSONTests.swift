import Foundation
import Testing
@testable import TodoStore

@Suite("Interop: JSON")
struct InteropJSONTests {
    @Test("The parser reads every kind of JSON value exactly")
    func parsesValues() throws {
        let text = #"{"a": [1, -2.5e3, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 😀", "o": {}}"#
        let root = try JSONParser.parse(Data(text.utf8))
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "s", "o"])
        #expect(members[0].node.value == .array([JSONNode(.number("1"), line: 1), JSONNode(.number("-2.5e3"), line: 1),
                                                 JSONNode(.bool(true), line: 1), JSONNode(.bool(false), line: 1), JSONNode(.null, line: 1)]))
        #expect(members[1].node.value == .string("q\"\\/\u{8}\u{C}\n\r\té😀 😀"))
    }

    @Test("Malformed JSON is reported at its line", arguments: [
        ("{\n\"todos\": [\n{\"title\": \"a\"}\n{\"title\": \"b\"}\n]}", 4, "expected \",\" or \"]\""),
        ("{\"todos\": [\n\"unterminated\n]}", 2, "not closed before the end of the line"),
        ("[\n01]", 2, "malformed number"),
        ("{\"a\": 1,\n\"a\": 2}", 2, "appears twice"),
        ("[\"\\ud800\"]", 1, "surrogate pair"),
        ("[\"\\x\"]", 1, "unknown escape"),
        ("[1]\n\nx", 3, "unexpected text"),
        ("[\n\n", 3, "file ended"),
        (String(repeating: "[", count: 100), 1, "nested deeper"),
    ])
    func malformed(text: String, line: Int, problem: String) throws {
        do {
            _ = try JSONParser.parse(Data(text.utf8))
            Issue.record("parsed malformed JSON")
        } catch {
            #expect(error.line == line)
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
    }

    @Test("Invalid UTF-8 inside a string is refused")
    func invalidUTF8() {
        #expect(throws: InteropError(line: 1, problem: "a string is not valid UTF-8")) {
            try JSONParser.parse(Data([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]))
        }
    }

    @Test("A todo's fields are checked with the line of the field", arguments: [
        ("{\"todos\": [\n{\"title\": 5}]}", 2, "\"title\" must be a string, not a number"),
        ("{\"todos\": [\n{\"notes\": \"x\"}]}", 2, "a todo needs a \"title\""),
        ("{\"todos\": [\n{\"title\": \"   \"}]}", 2, "invalid title"),
        ("{\"todos\": [{\"title\": \"a\",\n\"priority\": 1.5}]}", 2, "\"priority\" must be a whole number"),
        ("{\"todos\": [{\"title\": \"a\",\n\"due\": \"2026-02-30\"}]}", 1, "invalid due date"),
        ("{\"todos\": [{\"title\": \"a\",\n\"created\": \"yesterday\"}]}", 2, "\"created\" must be a time"),
        ("{\"todos\": [{\"title\": \"a\", \"completed\": \"2026-01-01T00:00:00Z\",\n\"done\": false}]}", 2, "\"done\" is false"),
        ("{\"todos\": [{\"title\": \"a\",\n\"flagged\": \"yes\"}]}", 2, "\"flagged\" must be true or false"),
        ("{\"version\": 2, \"todos\": []}", 1, "newer Tick"),
        ("{\"format\": \"other\", \"todos\": []}", 1, "not \"tick\""),
        ("{\"lists\": [{\"name\": \"A\"},\n{\"name\": \"a\"}], \"todos\": []}", 1, "two lists are named"),
        ("{\"lists\": []}", 1, "no \"todos\" array"),
        ("\"just a string\"", 1, "expected an object or an array"),
    ])
    func fieldProblems(text: String, line: Int, problem: String) {
        do {
            _ = try JSONFormat.decode(Data(text.utf8))
            Issue.record("decoded an invalid document")
        } catch {
            #expect(error.line == line)
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
    }

    @Test("A bare array of todos (what tick ls --json prints) imports, with defaults for what is missing")
    func bareArray() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let document = try JSONFormat.decode(Data(#"[{"title": "a"}, {"title": "b", "list": "Work", "done": true}]"#.utf8), now: now)
        #expect(document.todos == [NewTodo(title: "a"), NewTodo(title: "b", listName: "Work", completedAt: now)])
        #expect(document.lists == [InteropList(name: "Inbox", isInbox: true)])
    }

    @Test("Times are written in UTC with milliseconds and read back exactly, offsets included", arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"), (1_700_000_000_123, "2023-11-14T22:13:20.123Z"),
        (-1, "1969-12-31T23:59:59.999Z"), (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ])
    func timestamps(milliseconds: Int64, text: String) throws {
        let date = Date(unixMilliseconds: milliseconds)
        #expect(Timestamp.iso(date) == text)
        #expect(Timestamp.parse(text)?.unixMilliseconds == milliseconds)
        #expect(Timestamp.parse("2023-11-15T00:13:20.123+02:00")?.unixMilliseconds == 1_700_000_000_123)
        #expect(Timestamp.parse("2023-11-14T22:13:20Z")?.unixMilliseconds == 1_700_000_000_000)
        #expect(Timestamp.parse("2023-11-14T22:13:20.1234567Z")?.unixMilliseconds == 1_700_000_000_123)
        #expect(Timestamp.parse("2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("2023-11-14T22:13:20") == nil)
    }

    @Test("Strings are escaped so any title makes valid JSON that reads back the same")
    func escaping() throws {
        let tricky = "a\"b\\c\n\r\t\u{0}\u{1F}\u{7F}\u{2028}\u{2029}👩‍👩‍👧 é"
        let quoted = JSONText.quoted(tricky)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x2028 })
        #expect(try JSONParser.parse(Data("[\(quoted)]".utf8)).value == .array([JSONNode(.string(tricky), line: 1)]))
        // Foundation's parser agrees.
        #expect(try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String] == [tricky])
    }
}

/// Issue 30: JSON carries each todo's UID (a taskwarrior UUID, an iCalendar UID), so restoring a
/// backup keeps the link a later import of the other tool's file updates through.
@Suite("Interop: JSON UIDs")
struct InteropJSONUIDTests {
    @Test("JSON writes the UID and reads it back; importing an export into its own store changes nothing")
    func uidRoundTrip() throws {
        let store = try TodoStore(inMemoryWith: { Date(timeIntervalSince1970: 1_800_000_000) })
        var todo = NewTodo(title: "Write report", notes: "UDA estimate: 3")
        todo.uid = "959f02fb-e991-4ebd-bbe9-62909234c9bb"
        try store.importDocument(InteropDocument(todos: [todo, NewTodo(title: "No UID given")]))
        var written = ""
        try JSONFormat.export(store) { written += $0 }
        #expect(written.contains(#""uid": "959f02fb-e991-4ebd-bbe9-62909234c9bb""#))
        let document = try JSONFormat.decode(Data(written.utf8))
        // The todo given none has the one Tick chose.
        #expect(document.todos.map(\.uid) == ["959f02fb-e991-4ebd-bbe9-62909234c9bb", try store.item(id: 2)?.uid])
        let copy = try TodoStore(inMemoryWith: { Date(timeIntervalSince1970: 1_800_000_000) })
        try copy.importDocument(document)
        #expect(try copy.item(uid: "959f02fb-e991-4ebd-bbe9-62909234c9bb")?.title == "Write report")
        let again = try store.importDocument(document, options: ImportOptions(skipsDuplicates: true, leavesUnchangedTodosAlone: true))
        #expect(again.imported.isEmpty && again.unchangedCount == 2)
    }

    @Test("A UID Tick cannot keep, or one given twice, is refused at its line", arguments: [
        ("[{\"title\": \"a\",\n\"uid\": \"\"}]", 1, "a UID cannot be empty"),
        ("[{\"title\": \"a\", \"uid\": \"x\"},\n{\"title\": \"b\", \"uid\": \"x\"}]", 2, "the uid \"x\" is given to two todos"),
        ("[{\"title\": \"a\", \"uid\": 7}]", 1, "\"uid\" must be a string"),
    ])
    func badUID(text: String, line: Int, problem: String) {
        #expect {
            _ = try JSONFormat.decode(Data(text.utf8))
        } throws: { error in
            guard let error = error as? InteropError else { return false }
            return error.line == line && error.problem.contains(problem)
        }
    }
}
