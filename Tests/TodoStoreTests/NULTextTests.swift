import Foundation
import Testing
@testable import TodoStore

/// SQLite stores a NUL whole but its text functions stop there, so search would miss the rest:
/// every way in refuses text with a NUL, with the same message, and changes nothing.
@Suite("Text with a NUL character is refused on every way in")
struct NULTextTests {
    /// Where the NUL is (an enum rather than the text, so test names print no raw NUL).
    enum Place: CaseIterable, Sendable {
        case start, middle, end

        var text: String {
            switch self {
            case .start: return "\u{0}milk"
            case .middle: return "buy \u{0} milk"
            case .end: return "milk\u{0}"
            }
        }
    }

    /// Whether `error` is the NUL refusal of `kind` ("title", "notes", "list name").
    static func isNULRefusal(_ error: any Error, _ kind: String) -> Bool {
        let text = "\(error)"
        return text.contains("\(kind == "notes" ? "notes" : "a \(kind)") cannot contain a NUL character (U+0000")
            && !text.contains("\u{0}")
    }

    enum Way: String, CaseIterable, Sendable {
        case addTitle, addNotes, updateTitle, updateNotes, appendTitle, appendNotes, importTitle, importNotes, importList, addList, renameList
    }

    @Test("the store refuses a NUL in titles, notes and list names, whatever the way in, and changes nothing",
          arguments: Way.allCases, Place.allCases)
    func storeRefuses(way: Way, place: Place) throws {
        let text = place.text
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let kept = try store.add(title: "kept", notes: "old notes").value
            let work = try store.addList(named: "Work").value
            let kind: String
            do {
                switch way {
                case .addTitle: kind = "title"; _ = try store.add(title: text)
                case .addNotes: kind = "notes"; _ = try store.add(title: "fine", notes: text)
                case .updateTitle: kind = "title"; _ = try store.update(id: kept.id, title: text)
                case .updateNotes: kind = "notes"; _ = try store.update(id: kept.id, notes: text)
                case .appendTitle: kind = "title"; _ = try store.append(title: text, toListNamed: nil)
                case .appendNotes: kind = "notes"; _ = try store.append(title: "fine", toListNamed: nil, notes: text)
                case .importTitle: kind = "title"; _ = try store.importItems([NewTodo(title: "fine"), NewTodo(title: text)])
                case .importNotes: kind = "notes"; _ = try store.importItems([NewTodo(title: "fine"), NewTodo(title: "x", notes: text)])
                case .importList: kind = "list name"; _ = try store.importItems([NewTodo(title: "fine", listName: text)])
                case .addList: kind = "list name"; _ = try store.addList(named: text)
                case .renameList: kind = "list name"; _ = try store.renameList(id: work.id, to: text)
                }
                Issue.record("\(way) accepted a NUL")
                return
            } catch {
                #expect(Self.isNULRefusal(error, kind), "\(error)")
            }
            #expect(try allTitles(store) == ["kept"])
            #expect(try store.item(id: kept.id)?.notes == "old notes")
            #expect(try store.lists().map(\.name) == ["Inbox", "Work"])
        }
    }

    @Test("todo.txt and JSON imports name the line of a title, notes or list with a NUL", arguments: [
        ("todo.txt", "Buy milk\n(A) Call \u{0}mum\n", 2, "title"),
        ("todo.txt", "Buy milk\nCall mum +Wo\u{0}rk\n", 2, "list name"),
        ("json", "[{\"title\": \"ok\"},\n {\"title\": \"Call \\u0000mum\"}]", 2, "title"),
        ("json", "[{\"title\": \"ok\"},\n {\"title\": \"Call mum\",\n  \"notes\": \"a\\u0000b\"}]", 2, "notes"),
        ("json", "[{\"title\": \"ok\", \"list\": \"W\\u0000\"}]", 1, "list name"),
    ])
    func importsRefuse(format: String, text: String, line: Int, kind: String) {
        #expect {
            if format == "json" { _ = try JSONFormat.decode(Data(text.utf8)) } else { _ = try TodoTxtFormat.decode(Data(text.utf8), zone: .fromEnvironment) }
        } throws: { error in
            guard let error = error as? InteropError else { return false }
            return error.line == line && Self.isNULRefusal(error, kind)
        }
    }
}
