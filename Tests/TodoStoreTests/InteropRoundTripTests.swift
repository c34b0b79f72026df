import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Export then import into an empty store gives back the same list: every field, every list.
@Suite("Interop: export and import round trips")
struct InteropRoundTripTests {
    /// Titles and notes meant to break a careless codec.
    static let oddTexts = [
        "买牛奶 and 面包", "家族 👩‍👩‍👧‍👦 and 🏳️‍🌈 flags 🇯🇵", "e\u{301}cole and Z\u{35C}\u{330}a\u{361}l\u{353}g\u{34D}o",
        "control \u{1}\u{7}\u{1B}[31m red \u{7F} \u{9B}", "quotes \" ' “ ” and \\ backslash \\n not a newline",
        "tab\there", "line\u{2028}separator and \u{2029}", "bidi \u{202E}reversed\u{202C}", "  leading and trailing  ",
        "!!! not a priority", "@tomorrow not a date", "+NotAList due:2026-01-01 looks like todo.txt", "x 2026-01-01 (A) prefixes",
        "{\"json\": [1, 2]}", String(repeating: "long ", count: 400), "\u{FEFF}BOM at the start", "emoji ❤️ 👍🏽",
    ]

    /// A store with every feature: a renamed Inbox, empty and collapsed lists, every priority, due
    /// days, flags, notes, done todos, manual reordering, and ids with gaps from deletions.
    static func makeRichStore(_ path: String, texts: [String] = oddTexts) throws -> TodoStore {
        let store = try openSteppingStore(path)
        try store.renameList(id: TodoStore.inboxListID, to: "Home 🏠")
        let work = try store.addList(named: "Work \"quoted\" list").value
        let japanese = try store.addList(named: "日本語リスト").value
        _ = try store.addList(named: "Empty list")
        let folded = try store.addList(named: "Folded").value
        try store.setCollapsed(true, listID: folded.id)
        let lists = [TodoStore.inboxListID, work.id, japanese.id, folded.id]
        var random = SplitMix64(state: 42)
        var ids: [Int64] = []
        for (index, text) in (texts + texts.map { "copy: " + $0 }).enumerated() {
            let list = lists[index % lists.count]
            let item = try store.add(title: text, listID: list, after: ids.last.flatMap { (try? store.item(id: $0))?.listID == list ? $0 : nil },
                                     notes: index % 3 == 0 ? "notes line 1\nline 2 \"quoted\"\r\nline 3 \(texts[(index + 5) % texts.count])" : "",
                                     priority: index % 4, due: index % 5 == 0 ? nil : "2026-\(String(format: "%02d", index % 12 + 1))-\(String(format: "%02d", index % 28 + 1))").value
            ids.append(item.id)
        }
        for id in ids.shuffled(using: &random).prefix(12) { try store.setDone(true, ids: [id]) }
        for id in ids.shuffled(using: &random).prefix(8) { try store.update(id: id, isFlagged: true) }
        let rules = [try RecurrenceRule(rrule: "FREQ=WEEKLY"), try RecurrenceRule(rrule: "FREQ=DAILY;INTERVAL=2", countsFromCompletion: true),
                     try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=5")]
        for (id, rule) in zip(ids.shuffled(using: &random).prefix(6), rules + rules) { try store.setRecurrence(id: id, rule) }
        for id in ids.shuffled(using: &random).prefix(5) { try store.delete(ids: [id]) }
        // Reorder some, so the manual order is not the order of creation.
        let remaining = try store.exportDocument()
        #expect(remaining.todos.count == ids.count - 5)
        for id in ids.shuffled(using: &random).prefix(10) {
            guard let item = try store.item(id: id) else { continue }
            try store.move(id: id, toList: item.listID, after: nil)
        }
        return store
    }

    @Test("JSON export imported into an empty store gives back every list and every field of every todo, in order")
    func jsonRoundTrip() throws {
        try withTemporaryFolder { folder in
            let original = try Self.makeRichStore(folder + "/original.db")
            defer { original.close() }
            var text = ""
            let count = try JSONFormat.export(original) { text += $0 }
            #expect(count == original.count)
            let document = try JSONFormat.decode(Data(text.utf8))
            let copy = try TodoStore(path: folder + "/copy.db")
            defer { copy.close() }
            try copy.importDocument(document)

            #expect(try copy.exportDocument() == original.exportDocument())
            #expect(try copy.lists().map(\.name) == original.lists().map(\.name))
            #expect(try copy.lists().map(\.isCollapsed) == original.lists().map(\.isCollapsed))
            // What the app shows (open in manual order, done by completion) is the same too.
            for (mine, theirs) in zip(try copy.lists(), try original.lists()) {
                let shown = { (store: TodoStore, id: Int64) in try store.items(SectionQuery(listID: id), in: 0..<1000).map { NewTodo($0, listName: "") } }
                #expect(try shown(copy, mine.id) == shown(original, theirs.id), "list \(mine.name)")
            }
            // Exporting the copy gives the same file but for the ids, which a store never reuses.
            var again = ""
            try JSONFormat.export(copy) { again += $0 }
            let withoutIDs = { (json: String) in json.replacing(#/"id": \d+, /#, with: "") }
            #expect(withoutIDs(again) == withoutIDs(text))
            try expectIntact(copy)
        }
    }

    @Test("todo.txt export, import into an empty store and export again gives the same file")
    func todoTxtRoundTrip() throws {
        try withTemporaryFolder { folder in
            // todo.txt reads a title word like due:2026-01-01 as the due day; JSON is the format that keeps such titles.
            let original = try Self.makeRichStore(folder + "/original.db", texts: Self.oddTexts.map { $0.replacing("due:", with: "due ") })
            defer { original.close() }
            let zone = LocalTime(tz: "Pacific/Chatham")  // +12:45 / +13:45: day boundaries off the hour
            var text = ""
            try TodoTxtFormat.export(original, zone: zone) { text += $0 }
            #expect(text.split(separator: "\n").count == original.count)
            let copy = try TodoStore(path: folder + "/copy.db")
            defer { copy.close() }
            try copy.importDocument(try TodoTxtFormat.decode(Data(text.utf8), zone: zone))
            var again = ""
            try TodoTxtFormat.export(copy, zone: zone) { again += $0 }
            // A title word like @tomorrow is a todo.txt context: the first trip makes it a tag, written
            // after the title (issue 19); only those lines change, and from then on the file is stable.
            let changed = zip(again.split(separator: "\n"), text.split(separator: "\n")).filter { $0 != $1 }
            let withContext = text.split(separator: "\n").filter { $0.contains("@tomorrow not a date") }.count
            #expect(withContext > 0)
            #expect(changed.count == withContext && changed.allSatisfy { $0.0.contains("not a date @tomorrow") }, "\(changed)")
            let third = try TodoStore(path: folder + "/third.db")
            defer { third.close() }
            try third.importDocument(try TodoTxtFormat.decode(Data(again.utf8), zone: zone))
            var thrice = ""
            try TodoTxtFormat.export(third, zone: zone) { thrice += $0 }
            #expect(thrice == again)
            // The fields todo.txt holds survive: titles (line breaks aside), lists, priorities, due days, states.
            let before = try original.exportDocument().todos, after = try copy.exportDocument().todos
            #expect(after.map(\.due) == before.map(\.due))
            #expect(after.map(\.priority) == before.map(\.priority))
            #expect(after.map { $0.completedAt != nil } == before.map { $0.completedAt != nil })
            // An @word that can be a tag is a todo.txt context: it comes back as a tag (issue 19).
            func contextsLast(_ title: String) -> String {
                let words = title.split(separator: " ", omittingEmptySubsequences: false)
                let contexts = words.filter { TodoTags.tag(inWord: $0, sign: "@") != nil }
                return (words.filter { TodoTags.tag(inWord: $0, sign: "@") == nil } + contexts).joined(separator: " ")
            }
            #expect(after.map { ([$0.title] + $0.tags.map { "@" + $0 }).joined(separator: " ") } == before.map {
                contextsLast($0.title.replacing("\r\n", with: " ").replacing("\n", with: " ").replacing("\r", with: " "))
            })
        }
    }

    @Test("A document is imported all or nothing: a failure after its lists were prepared leaves the store as it was")
    func importIsAllOrNothing() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            try store.add(title: "Already here")
            let before = try StoreSnapshot(store)
            let document = InteropDocument(lists: [InteropList(name: "Inbox", isInbox: true), InteropList(name: "New list")],
                                           todos: [NewTodo(title: "One", listName: "New list"), NewTodo(title: "Two")])
            #expect(throws: StoreError.storeNotEmpty(count: 1)) { try store.importDocument(document, intoEmptyStoreOnly: true) }
            #expect(try StoreSnapshot(store) == before)
            try expectIntact(store)
            // The same document without the requirement goes in, the Inbox's todos into this store's Inbox.
            let imported = try store.importDocument(document)
            #expect(imported.map(\.title) == ["One", "Two"])
            #expect(try store.lists().map(\.name) == ["Inbox", "New list"])
            #expect(imported[1].listID == TodoStore.inboxListID)
        }
    }

    @Test("Into a store that is not fresh, the document's Inbox maps to this store's Inbox whatever its name")
    func inboxMapsByRole() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            try store.renameList(id: TodoStore.inboxListID, to: "Mine")
            try store.add(title: "Keep me")
            let document = InteropDocument(lists: [InteropList(name: "Theirs", isInbox: true, isCollapsed: true)],
                                           todos: [NewTodo(title: "Imported", listName: "theirs")])
            let imported = try store.importDocument(document)
            #expect(imported.first?.listID == TodoStore.inboxListID)
            #expect(try store.lists().map(\.name) == ["Mine"])
            #expect(try store.lists().first?.isCollapsed == false)
        }
    }

    @Test("Undo after an import takes back the todos, then the lists it created")
    func undoImport() throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            defer { store.close() }
            let document = InteropDocument(lists: [InteropList(name: "Inbox", isInbox: true), InteropList(name: "Empty")],
                                           todos: [NewTodo(title: "A"), NewTodo(title: "B", listName: "Other")])
            try store.importDocument(document)
            #expect(try store.lists().map(\.name) == ["Inbox", "Empty", "Other"])
            #expect(try store.undo().value?.description == "import 2 todos")
            #expect(store.count == 0)
            #expect(try store.undo().value?.description == "import lists")
            #expect(try store.lists().map(\.name) == ["Inbox"])
        }
    }
}
