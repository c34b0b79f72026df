import Foundation
import Testing
@testable import TodoStore

/// Imports of any size: todo.txt and JSON read a piece at a time, each todo handed over as soon as it
/// is read, and the todos written batch by batch inside one step.
@Suite("Streamed import")
struct StreamedImportTests {
    static let utc = LocalTime.utc
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    /// `text` cut into pieces of 1 to 7 bytes, the same cuts every time.
    static func pieces(_ text: String) -> [[UInt8]] {
        var bytes = Array(text.utf8)[...], pieces: [[UInt8]] = [], size = 1
        while !bytes.isEmpty {
            pieces.append(Array(bytes.prefix(size)))
            bytes = bytes.dropFirst(size)
            size = size % 7 + 1
        }
        return pieces
    }

    @Test("todo.txt: each line's todo comes out with the piece that ends the line, and all of them as decode reads them")
    func todoTxtLineByLine() throws {
        let lines = (1...200).map { "(B) 2026-11-20 Todo number \($0) +List\($0 % 3) @home due:2026-12-0\($0 % 9 + 1)" }
        let text = "\u{FEFF}" + lines.joined(separator: "\r\n") + "\n\nx 2026-11-21 Last one"
        var reader = TodoTxtReader(zone: .utc, now: Self.now)
        var todos: [NewTodo] = [], newlinesSeen = 0
        for piece in Self.pieces(text) {
            todos += try reader.read(piece)
            newlinesSeen += piece.count { $0 == UInt8(ascii: "\n") }
            // Every complete line is out, blank ones give none: never a line held back.
            #expect(todos.count == min(newlinesSeen, 200))
        }
        todos += try reader.finish()
        #expect(todos == (try TodoTxtFormat.decode(Data(text.utf8), zone: Self.utc, now: Self.now)).todos)
        #expect(todos.count == 201 && todos[0].title == "Todo number 1" && todos[200].completedAt != nil)
    }

    @Test("todo.txt: a problem names its line, counted across pieces")
    func todoTxtLineNumbers() throws {
        var reader = TodoTxtReader(zone: .utc, now: Self.now)
        let error = try #require(throws: InteropError.self) {
            for piece in Self.pieces("one\ntwo\n\nthree due:2026-02-30\nfour\n") { _ = try reader.read(piece) }
        }
        #expect(error.line == 4)
    }

    /// A JSON document with `count` todos, one per piece after the opening.
    static func jsonPieces(count: Int, membersAfterTodos: Bool = false) -> [String] {
        let todos = (1...count).map { "{\"title\": \"todo \($0)\", \"list\": \"L\($0 % 2)\"}" }
        let header = "\"format\": \"tick\", \"version\": 1, \"lists\": [{\"name\": \"Mine\", \"inbox\": true}, {\"name\": \"L1\"}]"
        let opening = membersAfterTodos ? "{\"todos\": [" : "{\(header), \"todos\": ["
        let closing = membersAfterTodos ? "], \(header)}" : "]}"
        return [opening] + todos.enumerated().map { $0.offset == 0 ? $0.element : ",\n" + $0.element } + [closing]
    }

    @Test("JSON: each todo is handed over before the input after it is read, whatever the order of the members",
          arguments: [false, true])
    func jsonOneAtATime(membersAfterTodos: Bool) throws {
        let pieces = Self.jsonPieces(count: 300, membersAfterTodos: membersAfterTodos)
        var requested = 0, handed: [(title: String, requestedBefore: Int)] = []
        let document = try JSONFormat.read(from: {
            guard requested < pieces.count else { return nil }
            requested += 1
            return Array(pieces[requested - 1].utf8)
        }, now: Self.now) { todo in handed.append((todo.title, requested)) }
        #expect(handed.count == 300 && document.todoCount == 300)
        for (index, todo) in handed.enumerated() {
            // Todo n is in piece n + 1 (after the opening); the parser may look one piece ahead for the comma.
            #expect(todo.title == "todo \(index + 1)" && todo.requestedBefore <= index + 3, "todo \(index + 1) after \(todo.requestedBefore) pieces")
        }
        #expect(document.lists.map(\.name) == ["Mine", "L1"] && document.inboxName == "Mine")
        let whole = try JSONFormat.decode(Data(pieces.joined().utf8), now: Self.now)
        #expect(whole.lists == document.lists)
    }

    @Test("JSON: the input is let go as the todos are read, so what is held stays about one todo, however many there are")
    func jsonHoldsLittle() throws {
        let pieces = Self.jsonPieces(count: 3_000)
        var requested = 0
        var parser = JSONParser(reading: {
            guard requested < pieces.count else { return nil }
            requested += 1
            return Array(pieces[requested - 1].utf8)
        })
        let walked = try parser.walk(streaming: "todos", keeping: ["lists"]) { _ in }
        #expect(walked.elementCount == 3_000)
        #expect(walked.largestHeldBytes < 1_024, "\(walked.largestHeldBytes) bytes held of \(pieces.joined().utf8.count)")
    }

    @Test("JSON read a piece at a time gives the todos decode gives, once it knows the document's Inbox")
    func jsonSameAsDecode() throws {
        let text = Self.jsonPieces(count: 50, membersAfterTodos: true).joined()
            .replacingOccurrences(of: "\"list\": \"L0\"", with: "\"notes\": \"no list\"")
        let chunks = Self.pieces(text)
        var index = 0
        var todos: [NewTodo] = []
        let first = try JSONFormat.read(from: { () -> [UInt8]? in
            defer { index += 1 }
            return index < chunks.count ? chunks[index] : nil
        }, now: Self.now) { _ in }
        index = 0
        _ = try JSONFormat.read(from: { () -> [UInt8]? in
            defer { index += 1 }
            return index < chunks.count ? chunks[index] : nil
        }, now: Self.now, inboxName: first.inboxName) { todos.append($0) }
        #expect(todos == (try JSONFormat.decode(Data(text.utf8), now: Self.now)).todos)
        #expect(todos.filter { $0.listName == "Mine" }.count == 25)
    }

    @Test("JSON: members Tick does not read are checked, not kept; a problem in one names its line", arguments: [
        ("{\"todos\": [], \"extra\": {\"a\": [1, 2, {\"b\": null}], \"c\": \"d\"}}", nil),
        ("{\"todos\": [],\n \"extra\": {\"a\": 1, \"a\": 2}}", 2),
        ("{\"extra\": [1,\n 2,,\n 3], \"todos\": []}", 2),
        ("{\"todos\": [{\"title\": \"x\"}],\n \"todos\": []}", 2),
        ("[{\"title\": \"x\"}\n {\"title\": \"y\"}]", 2),
        ("{\"todos\": [{\"title\": \"x\"}]}\n,", 2),
    ] as [(String, Int?)])
    func jsonOtherMembers(text: String, errorLine: Int?) throws {
        var done = false
        let read = {
            try JSONFormat.read(from: { () -> [UInt8]? in
                defer { done = true }
                return done ? nil : Array(text.utf8)
            }, now: Self.now) { _ in }
        }
        if let errorLine {
            let error = try #require(throws: InteropError.self) { _ = try read() }
            #expect(error.line == errorLine, "\(error)")
            #expect(throws: InteropError.self) { try JSONFormat.decode(Data(text.utf8)) }
        } else {
            #expect(try read().todoCount == 0)
        }
    }

    @Test("Batches handed over one after another are one step: every todo added in order, one undo takes them all back")
    func batchesAreOneStep() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        let summary = try store.importTodos(total: 9, options: ImportOptions()) { add in
            for batch in 0..<3 { try add((0..<3).map { NewTodo(title: "t\(batch * 3 + $0)", listName: batch == 1 ? "Work" : "Inbox") }) }
        }
        #expect(summary.addedCount == 9 && summary.imported.isEmpty && summary.addedListIDs.count == 2)
        let titles = try store.exportDocument().todos.map(\.title)
        #expect(titles == ["t0", "t1", "t2", "t6", "t7", "t8", "t3", "t4", "t5"])
        _ = try store.undo()
        #expect(try store.exportDocument().todos.isEmpty)
    }

    @Test("A failure in a later batch leaves nothing of the earlier ones, not even a list they made")
    func laterFailureRollsBack() throws {
        struct Stop: Error {}
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        try store.add(title: "kept")
        #expect(throws: Stop.self) {
            try store.importTodos(total: 6, options: ImportOptions()) { add in
                try add([NewTodo(title: "a", listName: "New"), NewTodo(title: "b")])
                try add([NewTodo(title: "c")])
                throw Stop()
            }
        }
        #expect(try store.exportDocument().todos.map(\.title) == ["kept"])
        #expect(try store.lists().map(\.name) == ["Inbox"])
    }

    @Test("Only todos stored before the import are duplicates, whichever batch the file repeats a todo in")
    func duplicatesAcrossBatches() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        try store.add(title: "A")
        let summary = try store.importTodos(total: 4, options: ImportOptions(skipsDuplicates: true)) { add in
            try add([NewTodo(title: "A"), NewTodo(title: "B")])
            try add([NewTodo(title: "B"), NewTodo(title: "A")])
        }
        #expect(summary.duplicateCount == 2 && summary.addedCount == 2)
        #expect(try store.exportDocument().todos.map(\.title).sorted() == ["A", "B", "B"])
    }

    @Test("A UID given to two todos is refused even when they come in different batches, and nothing is added")
    func uidAcrossBatches() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        var first = NewTodo(title: "a"), second = NewTodo(title: "b")
        first.uid = "same@x"
        second.uid = "same@x"
        let error = try #require(throws: StoreError.self) {
            try store.importTodos(total: 2, options: ImportOptions()) { add in
                try add([first])
                try add([second])
            }
        }
        #expect(error == .invalidUID("“same@x” is given to two todos"), "\(error)")
        #expect(try store.exportDocument().todos.isEmpty)
    }
}
