import TickApp
import TodoStore

/// The store a fuzz run starts from, written by connections of its own that are closed before the app
/// opens the file (as `tick add` in earlier processes would), and the changes "elsewhere" (another
/// process, the background sync) a run makes on a second connection while the app runs.
///
/// Every store but the empty ones has every kind of row column at least once: a priority, a flag, a
/// tag, a due day and a due time (late, today and ahead of the fuzz day), notes (✎), a recurrence (↻)
/// and a done todo, in two to four lists; its view may wrap titles (`W`), sort otherwise, hide done
/// todos or fold a list. One run in eight starts from an empty store, as `make fuzz` always did.
enum FuzzStore {
    /// Words titles are made of: every script, long ones for wrapping, markers that are only text here.
    static let words = ["Buy", "milk", "买", "牛奶", "👍🏽", "e\u{301}", "Call", "mom", "Pay", "the", "rent", "🇯🇵", "❤️",
                        "quarterly", "report", "for", "the", "board", "meeting", "on", "Thursday", "#notatag", "Water", "plants"]
    static let listNames = ["Work", "买东西", "👍🏽 Home", "Errands", "Someday"]

    /// Writes a seeded store at `path` (which must not hold one yet) and closes it.
    static func seed<R: RandomNumberGenerator>(path: String, today: Day, using random: inout R) throws {
        let store = try TodoStore(path: path, durability: .noSync)
        defer { store.close() }
        guard random.next() % 8 != 0 else { return }
        var lists = [TodoStore.inboxListID]
        for name in listNames.prefix(1 + Int(random.next() % 3)) { lists.append(try store.addList(named: name).value.id) }
        var ids: [Int64] = []
        for listID in lists {
            var previous: Int64?
            for _ in 0..<Int(random.next() % 9) {
                previous = try store.add(title: title(using: &random), listID: listID, after: previous).value.id
                ids.append(previous!)
            }
        }
        // At least a handful of todos, so that every column kind below has a todo of its own.
        while ids.count < 8 { ids.append(try store.add(title: title(using: &random), listID: lists[Int(random.next() % UInt64(lists.count))]).value.id) }
        // Each kind of column at least once, then more of them at random.
        for kind in 0..<kinds { try give(kind: kind, to: ids[Int(random.next() % UInt64(ids.count))], in: store, today: today, using: &random) }
        for _ in 0..<Int(random.next() % 8) {
            try give(kind: Int(random.next() % UInt64(kinds)), to: ids[Int(random.next() % UInt64(ids.count))], in: store, today: today, using: &random)
        }
        var view = ViewState()
        if random.next() % 2 == 0 { view.wrapsTitles = true }
        if random.next() % 4 == 0 { view.sort = TodoSort.allCases[Int(random.next() % UInt64(TodoSort.allCases.count))] }
        if random.next() % 6 == 0 { view.hidesCompleted = true }
        if random.next() % 4 == 0 { view.hidesWaiting = true }
        if view != ViewState() { try store.saveViewState(view) }
        if random.next() % 6 == 0 { try store.setCollapsed(true, listID: lists[Int(random.next() % UInt64(lists.count))]).value }
    }

    /// How many kinds of column `give` knows.
    static let kinds = 9

    /// Gives a todo a column of kind `kind`: a priority, a flag, a tag, a due day, a due time, notes, a
    /// recurrence, a start (waiting or not: two days ago to five days on), or done.
    static func give<R: RandomNumberGenerator>(kind: Int, to id: Int64, in store: TodoStore, today: Day, using random: inout R) throws {
        switch kind {
        case 0: try store.update(id: id, priority: 1 + Int(random.next() % 3))
        case 1: try store.update(id: id, isFlagged: true)
        case 2: try store.update(id: id, tags: [["work", "日本", "home-2"][Int(random.next() % 3)]])
        case 3: try store.update(id: id, due: .some(today.adding(days: Int(random.next() % 12) - 3).iso))
        case 4: try store.update(id: id, due: .some(today.adding(days: Int(random.next() % 3) - 1).iso + "T" + ["09:00", "10:00", "15:30"][Int(random.next() % 3)]))
        case 5: try store.update(id: id, notes: "Notes\nwith a second line")
        case 6: try store.update(id: id, due: .some(today.iso), recurrence: .some(try RecurrenceRule(rrule: "FREQ=WEEKLY")))
        case 8: try store.update(id: id, start: .some(today.adding(days: Int(random.next() % 8) - 2).iso))
        default: _ = try store.setDone(true, ids: [id])
        }
    }

    /// A title of one to nine words; one in four is long enough to wrap.
    static func title<R: RandomNumberGenerator>(using random: inout R) -> String {
        let count = random.next() % 4 == 0 ? 6 + Int(random.next() % 4) : 1 + Int(random.next() % 3)
        return (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
    }

    /// Makes one random change on `store` (another connection to the app's file), as another process
    /// would, or, inside `asRemote`, as the background sync would; returns it, for the log and for a
    /// replay. A refused change (a name taken, say) changes nothing and is returned all the same.
    static func changeElsewhere<R: RandomNumberGenerator>(on store: TodoStore, today: Day, using random: inout R) throws -> (FuzzChange, refusal: Error?) {
        let change = try drawChange(on: store, today: today, using: &random)
        do {
            try change.apply(on: store)
            return (change, nil)
        } catch {
            return (change, error)
        }
    }

    /// The store as a regression test would build it: its view, then each list (its id, name,
    /// whether folded) and each todo (its id, title and the columns it has), in order.
    static func describe(_ store: TodoStore) throws -> String {
        var lines = ["view: \(try store.viewState())"]
        for list in try store.lists() {
            lines.append("list #\(list.id) \(visible(list.name))\(list.isCollapsed ? " (folded)" : "")")
            let query = SectionQuery(listID: list.id)
            for todo in try store.items(query, in: 0..<store.count(query)) {
                var columns: [String] = []
                if todo.isDone { columns.append("done") }
                if todo.priority > 0 { columns.append("priority \(todo.priority)") }
                if todo.isFlagged { columns.append("flagged") }
                if !todo.tags.isEmpty { columns.append("tags \(todo.tags)") }
                if let due = todo.due { columns.append("due \(due)") }
                if let start = todo.start { columns.append("start \(start)") }
                if let rule = todo.recurrence { columns.append("rrule \(rule.rrule)") }
                if !todo.notes.isEmpty { columns.append("notes") }
                if let parent = todo.parentUID { columns.append("parent \(parent)") }
                lines.append("  #\(todo.id) \(visible(todo.title))" + (columns.isEmpty ? "" : " [" + columns.joined(separator: ", ") + "]"))
            }
        }
        return lines.joined(separator: "\n")
    }
}
