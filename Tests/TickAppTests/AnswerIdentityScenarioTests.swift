import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Who changes the store between a question (picker, editor, revealed swipe button…) and its answer.
enum Interleaving: String, CaseIterable, CustomTestStringConvertible {
    /// Another process: a second `TodoStore` on the file, then the app's external-change path.
    case anotherProcess
    /// The background sync: a remote step (`asRemote`) on its own connection, then the same path.
    case sync

    var testDescription: String { rawValue }

    /// Runs `change` on a second connection to the scenario's file, as this writer would, then lets
    /// the app see it as it does twice a second.
    func change(_ scenario: Scenario, _ change: (TodoStore) throws -> Void) throws {
        try changeUnseen(scenario, change)
        #expect(scenario.app.showExternalChanges())
    }

    /// Runs `change` on a second connection without letting the app look (the answer comes first).
    func changeUnseen(_ scenario: Scenario, _ change: (TodoStore) throws -> Void) throws {
        let other = try TodoStore(path: scenario.temporary.path, durability: .noSync)
        defer { other.close() }
        switch self {
        case .anotherProcess: try change(other)
        case .sync: try other.asRemote { try change(other) }
        }
    }
}

/// Issue 27, point 2: every question, picker, editor and revealed button that outlives a key holds
/// the todo (or list) it is about, never a row. Between opening and answering another process or the
/// sync changes the store; the answer acts on the same todo, or, when that todo is gone or changed in
/// what the answer depends on, changes nothing and says so.
@Suite("Answers act on the todo they were asked about")
struct AnswerIdentityScenarioTests {
    /// Inbox: Buy milk, Water plants (every week), Innocent bystander; Work: Ship it; Home: empty.
    private func scenario() throws -> Scenario {
        let scenario = try Scenario(["Buy milk", "Water plants", "Innocent bystander"], lists: ["Work": ["Ship it"], "Home": []],
                                    size: Size(width: 80, height: 14))
        try scenario.store.update(id: scenario.id(of: "Water plants"), recurrence: .some(try RecurrenceRule(rrule: "FREQ=WEEKLY")))
        scenario.list.reloadFromStore()
        return scenario
    }

    private func exists(_ title: String, in scenario: Scenario) throws -> Bool {
        (try? scenario.id(of: title)) != nil
    }

    private func message(_ scenario: Scenario) -> String { scenario.app.lastMessage?.text ?? "" }

    // MARK: The recurring todo's question

    @Test("t stops the series of the todo asked about after a todo above it was deleted elsewhere", arguments: Interleaving.allCases)
    func stopSeriesAfterRowsMoved(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("jd")
        #expect(scenario.screen.contains { $0.hasPrefix("“Water plants” repeats: s skip this one · t stop the series") })
        try interleaving.change(scenario) { try $0.delete(ids: [try scenario.id(of: "Buy milk")]) }
        try scenario.type("t")
        #expect(message(scenario).hasPrefix("Deleted “Water plants”"))
        #expect(try scenario.titles(inList: "Inbox") == ["Innocent bystander"])
    }

    @Test("s skips the occurrence asked about after a todo above it was deleted elsewhere", arguments: Interleaving.allCases)
    func skipAfterRowsMoved(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("jd")
        try interleaving.change(scenario) { try $0.delete(ids: [try scenario.id(of: "Buy milk")]) }
        try scenario.type("s")
        #expect(message(scenario).hasPrefix("Skipped — next on"))
        let inbox = try scenario.titles(inList: "Inbox")
        #expect(inbox.contains("Innocent bystander") && inbox.filter { $0 == "Water plants" }.count == 1, "\(inbox)")
        let water = try #require(try scenario.store.item(id: try scenario.id(of: "Water plants")))
        #expect(water.due != nil, "the next occurrence, dated")
    }

    @Test("An answer about a recurring todo deleted, completed or no longer repeating elsewhere changes nothing and says so",
          arguments: Interleaving.allCases, ["deleted", "done", "stopped"])
    func recurringGoneOrChanged(_ interleaving: Interleaving, _ what: String) throws {
        for answer in ["s", "t"] {
            let scenario = try scenario()
            try scenario.type("jd")
            try interleaving.change(scenario) { other in
                let id = try scenario.id(of: "Water plants")
                switch what {
                case "deleted": try other.delete(ids: [id])
                case "done": try other.setDone(true, ids: [id])
                default: try other.update(id: id, recurrence: .some(nil))
                }
            }
            let before = try StoreSnapshot(scenario.store)
            try scenario.type(answer)
            #expect(try StoreSnapshot(scenario.store) == before, "\(answer): nothing changed")
            let outcome = answer == "s" ? "nothing skipped" : "nothing deleted"
            let reason = ["deleted": "was deleted elsewhere meanwhile", "done": "was marked done elsewhere meanwhile",
                          "stopped": "stopped repeating elsewhere meanwhile"][what]!
            #expect(message(scenario) == "“Water plants” \(reason) · \(outcome)")
            #expect(scenario.app.lastMessage?.kind == .error)
        }
    }

    // MARK: Deleting the marked todos

    @Test("y deletes the todos marked when asked, after rows moved elsewhere; one gone or changed meanwhile deletes nothing",
          arguments: Interleaving.allCases, ["moved", "deleted", "edited"])
    func deleteMarked(_ interleaving: Interleaving, _ what: String) throws {
        let scenario = try scenario()
        try scenario.type("vj<Space><Space>d")  // Water plants and Innocent bystander
        #expect(scenario.screen.contains { $0.hasPrefix("Delete 2 todos? y yes") })
        try interleaving.change(scenario) { other in
            switch what {
            case "moved": try other.delete(ids: [try scenario.id(of: "Buy milk")])
            case "deleted": try other.delete(ids: [try scenario.id(of: "Innocent bystander")])
            default: try other.update(id: try scenario.id(of: "Innocent bystander"), title: "Guilty bystander")
            }
        }
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("y")
        switch what {
        case "moved":
            #expect(message(scenario).hasPrefix("Deleted 2 todos"))
            #expect(try scenario.titles(inList: "Inbox").isEmpty)
        case "deleted":
            #expect(try StoreSnapshot(scenario.store) == before)
            #expect(message(scenario) == "“Innocent bystander” was deleted elsewhere meanwhile · nothing deleted")
        default:
            #expect(try StoreSnapshot(scenario.store) == before)
            #expect(message(scenario) == "“Innocent bystander” was edited elsewhere meanwhile · nothing deleted")
        }
    }

    @Test("After another writer adds a todo at the top of a long list marked whole, d deletes exactly the marked todos",
          arguments: Interleaving.allCases)
    func longMarkedList(_ interleaving: Interleaving) throws {
        let scenario = try Scenario((1...700).map { "Todo \($0)" }, size: Size(width: 40, height: 10))
        try scenario.type("vV")
        #expect(scenario.list.markedIndexPaths.count == 700)
        try interleaving.change(scenario) { try $0.add(title: "Newcomer") }
        try scenario.type("dy")
        #expect(message(scenario).hasPrefix("Deleted 700 todos"))
        #expect(try scenario.titles(inList: "Inbox") == ["Newcomer"])
    }

    // MARK: Moving to another list

    @Test("The list picker moves the todo it opened on; gone, moved or a deleted target list moves nothing",
          arguments: Interleaving.allCases, ["rows moved", "deleted", "moved", "list deleted"])
    func listPicker(_ interleaving: Interleaving, _ what: String) throws {
        let scenario = try scenario()
        try scenario.type("jjm")  // Innocent bystander
        try interleaving.change(scenario) { other in
            switch what {
            case "rows moved": try other.delete(ids: [try scenario.id(of: "Buy milk")])
            case "deleted": try other.delete(ids: [try scenario.id(of: "Innocent bystander")])
            case "moved": try other.move(id: try scenario.id(of: "Innocent bystander"), toList: try #require(try other.list(named: "Home")).id, after: nil)
            default: try other.deleteList(id: try #require(try other.list(named: "Work")).id, movingTodosTo: TodoStore.inboxListID)
            }
        }
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("Work<Enter>")
        switch what {
        case "rows moved":
            #expect(try scenario.titles(inList: "Work") == ["Innocent bystander", "Ship it"])
            #expect(try scenario.titles(inList: "Inbox") == ["Water plants"])
        case "deleted":
            #expect(try StoreSnapshot(scenario.store) == before)
            #expect(message(scenario) == "“Innocent bystander” was deleted elsewhere meanwhile · not moved")
        case "moved":
            #expect(try StoreSnapshot(scenario.store) == before)
            #expect(message(scenario) == "“Innocent bystander” was moved to Home elsewhere meanwhile · not moved")
        default:
            #expect(try StoreSnapshot(scenario.store) == before)
            #expect(message(scenario) == "The list Work was deleted elsewhere meanwhile · not moved")
        }
    }

    @Test("The picker for the marked todos moves the todos marked when it opened; one gone meanwhile moves nothing",
          arguments: Interleaving.allCases, ["rows moved", "deleted"])
    func markedPicker(_ interleaving: Interleaving, _ what: String) throws {
        let scenario = try scenario()
        try scenario.type("vj<Space><Space>m")  // Water plants, Innocent bystander
        try interleaving.change(scenario) { other in
            try other.delete(ids: [try scenario.id(of: what == "deleted" ? "Water plants" : "Buy milk")])
        }
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("Home<Enter>")
        if what == "deleted" {
            #expect(try StoreSnapshot(scenario.store) == before)
            #expect(message(scenario) == "“Water plants” was deleted elsewhere meanwhile · nothing moved")
        } else {
            #expect(try scenario.titles(inList: "Home") == ["Water plants", "Innocent bystander"])
            #expect(try scenario.titles(inList: "Inbox").isEmpty)
        }
    }

    // MARK: The title editor

    @Test("e saves to the todo it opened on after rows moved; edited elsewhere, the line stays open and Enter again saves over",
          arguments: Interleaving.allCases)
    func titleEditor(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("jje<C-u>Innocent no more")
        try interleaving.change(scenario) { try $0.delete(ids: [try scenario.id(of: "Buy milk")]) }
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["Water plants", "Innocent no more"])

        try scenario.type("e<C-u>Mine")
        try interleaving.change(scenario) { try $0.update(id: try scenario.id(of: "Innocent no more"), title: "Theirs") }
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["Water plants", "Theirs"], "nothing saved")
        #expect(message(scenario) == "“Innocent no more” was edited elsewhere meanwhile · not saved · Enter saves yours over it · Esc keeps it")
        #expect(scenario.app.isPrompting, "what was typed is still there")
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox") == ["Water plants", "Mine"])
        #expect(!scenario.app.isPrompting)
    }

    @Test("e on a todo deleted elsewhere before Enter saves nothing, closes the line and says so", arguments: Interleaving.allCases)
    func titleEditorGone(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("jje<C-u>Mine")
        try interleaving.change(scenario) { try $0.delete(ids: [try scenario.id(of: "Innocent bystander")]) }
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("<Enter>")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(message(scenario) == "“Innocent bystander” was deleted elsewhere meanwhile · not saved")
        #expect(!scenario.app.isPrompting)
    }

    // MARK: Notes in the details

    @Test("Notes changed elsewhere while edited in place are not saved over: Ctrl-S saves yours, Esc again keeps theirs",
          arguments: Interleaving.allCases, ["<C-s>", "<Esc>"])
    func notesInPlace(_ interleaving: Interleaving, _ second: String) throws {
        let scenario = try scenario()
        try scenario.type("jj<Enter>nmine")
        try interleaving.change(scenario) { try $0.update(id: try scenario.id(of: "Innocent bystander"), notes: "theirs") }
        try scenario.type("<Esc>")
        let id = try scenario.id(of: "Innocent bystander")
        #expect(try scenario.store.item(id: id)?.notes == "theirs")
        #expect(message(scenario) == "“Innocent bystander” had its notes changed elsewhere meanwhile · notes not saved · Ctrl-s saves yours over them · Esc again keeps theirs")
        try scenario.type(second)
        #expect(try scenario.store.item(id: id)?.notes == (second == "<Esc>" ? "theirs" : "mine"))
    }

    @Test("Notes of a todo deleted elsewhere while edited in place are not saved anywhere", arguments: Interleaving.allCases)
    func notesGone(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("jj<Enter>nmine")
        try interleaving.change(scenario) { try $0.delete(ids: [try scenario.id(of: "Innocent bystander")]) }
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("<Esc>")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(message(scenario) == "“Innocent bystander” was deleted elsewhere meanwhile · notes not saved")
        try scenario.type("<Esc>x")  // Esc again leaves the notes without them; x in the details
        #expect(message(scenario) == "“Innocent bystander” was deleted elsewhere meanwhile · nothing changed")
        #expect(try StoreSnapshot(scenario.store) == before)
    }

    // MARK: Revealed swipe buttons

    @Test("A revealed button acts on its todo after rows moved; after its todo changed what the button says, it changes nothing",
          arguments: Interleaving.allCases, ["rows moved", "changed"])
    func swipeButtons(_ interleaving: Interleaving, _ what: String) throws {
        for (reveal, press) in [("h", "f"), ("l", "<Enter>"), ("h", "<Enter>")] {
            let scenario = try scenario()
            try scenario.type("jj" + reveal)  // Innocent bystander: Flag, Done, Delete
            #expect(scenario.table.indexPathForSwipedRow != nil)
            let id = try scenario.id(of: "Innocent bystander")
            try interleaving.change(scenario) { other in
                if what == "rows moved" {
                    try other.delete(ids: [try scenario.id(of: "Buy milk")])
                } else if press == "f" {
                    try other.update(id: id, isFlagged: true)
                } else if reveal == "l" {
                    try other.setDone(true, ids: [id])
                } else {
                    try other.update(id: id, title: "Edited bystander")
                }
            }
            #expect(scenario.table.indexPathForSwipedRow == scenario.list.indexPath(ofTodo: id, inList: TodoStore.inboxListID),
                    "the buttons stay on their todo")
            let before = try StoreSnapshot(scenario.store)
            try scenario.type(press)
            let item = try scenario.store.item(id: id)
            if what == "rows moved" {
                switch (reveal, press) {
                case ("h", "f"): #expect(item?.isFlagged == true)
                case ("l", _): #expect(item?.isDone == true)
                default: #expect(item == nil)
                }
                #expect(try scenario.store.item(id: try scenario.id(of: "Water plants"))?.isFlagged == false)
                #expect(try scenario.store.item(id: try scenario.id(of: "Water plants"))?.isDone == false)
            } else {
                #expect(try StoreSnapshot(scenario.store) == before, "\(reveal)\(press)")
                let reason = press == "f" ? "was flagged elsewhere meanwhile · nothing changed"
                    : reveal == "l" ? "was marked done elsewhere meanwhile · nothing changed" : "was edited elsewhere meanwhile · nothing deleted"
                #expect(message(scenario).hasSuffix(reason), "\(reveal)\(press): \(message(scenario))")
            }
        }
    }

    @Test("A mouse drag reveals the buttons of the todo it started on after rows moved under it", arguments: Interleaving.allCases)
    func mouseDrag(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        let line = try #require(scenario.line(containing: "Innocent bystander"))
        scenario.app.handle(.mouse(MouseEvent(kind: .press(.left), x: 10, y: line)))
        try interleaving.change(scenario) { try $0.delete(ids: [try scenario.id(of: "Buy milk")]) }
        scenario.app.handle(.mouse(MouseEvent(kind: .drag(.left), x: 4, y: line)))
        let id = try scenario.id(of: "Innocent bystander")
        #expect(scenario.table.indexPathForSwipedRow == scenario.list.indexPath(ofTodo: id, inList: TodoStore.inboxListID))
    }

    // MARK: The lists screen

    @Test("The lists screen keeps its selection on the same list when another writer adds one above it; d asks about that list",
          arguments: Interleaving.allCases)
    func listsScreenSelection(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("Lj")  // Work
        try interleaving.change(scenario) { other in
            let added = try other.addList(named: "Aardvark").value
            try other.moveList(id: added.id, to: 0)
        }
        try scenario.type("d")
        #expect(scenario.screen.contains { $0.hasPrefix("Delete list Work with 1 todo?") }, "\(scenario.screen)")
        try scenario.type("d")
        #expect(try scenario.store.list(named: "Work") == nil)
        #expect(try scenario.store.list(named: "Aardvark") != nil)
    }

    @Test("Deleting a list that another writer deleted, renamed or filled meanwhile deletes nothing",
          arguments: Interleaving.allCases, ["deleted", "renamed", "filled"])
    func listDeletion(_ interleaving: Interleaving, _ what: String) throws {
        let scenario = try scenario()
        try scenario.type("Ljd")  // Work, with 1 todo
        try interleaving.change(scenario) { other in
            let work = try #require(try other.list(named: "Work"))
            switch what {
            case "deleted": try other.deleteList(id: work.id, movingTodosTo: TodoStore.inboxListID)
            case "renamed": try other.renameList(id: work.id, to: "Jobs")
            default: try other.add(title: "Another", listID: work.id)
            }
        }
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("d")
        #expect(try StoreSnapshot(scenario.store) == before)
        let said = ["deleted": "The list Work was deleted elsewhere meanwhile · nothing deleted",
                    "renamed": "The list Work was renamed to Jobs elsewhere meanwhile · nothing deleted",
                    "filled": "Work holds 2 todos now, not 1, after a change elsewhere · nothing deleted"][what]!
        #expect(message(scenario) == said)
    }

    @Test("Renaming a list renamed elsewhere meanwhile renames nothing until Enter again", arguments: Interleaving.allCases)
    func listRename(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("Ljr<C-u>Office")
        try interleaving.change(scenario) { try $0.renameList(id: try #require(try $0.list(named: "Work")).id, to: "Jobs") }
        try scenario.type("<Enter>")
        #expect(try scenario.store.list(named: "Jobs") != nil)
        #expect(message(scenario) == "The list Work was renamed to Jobs elsewhere meanwhile · not renamed · Enter renames it anyway")
        try scenario.type("<Enter>")
        #expect(try scenario.store.list(named: "Office") != nil)
        #expect(try scenario.store.list(named: "Jobs") == nil)
    }

    // MARK: The input line that adds

    @Test("The input line adds to the list it names, even when the selected todo moved to another list meanwhile",
          arguments: Interleaving.allCases)
    func adderHoldsItsList(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("<Tab>aNew task")
        #expect(scenario.screen.contains("Add to Work: New task"))
        try interleaving.change(scenario) { try $0.move(id: try scenario.id(of: "Ship it"), toList: TodoStore.inboxListID, after: nil) }
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Work") == ["New task"])
    }

    @Test("The input line for a list deleted meanwhile adds nothing and offers the next list", arguments: Interleaving.allCases)
    func adderListGone(_ interleaving: Interleaving) throws {
        let scenario = try scenario()
        try scenario.type("<Tab>aNew task")
        try interleaving.change(scenario) { try $0.deleteList(id: try #require(try $0.list(named: "Work")).id, movingTodosTo: TodoStore.inboxListID) }
        let before = try StoreSnapshot(scenario.store)
        try scenario.type("<Enter>")
        #expect(try StoreSnapshot(scenario.store) == before)
        #expect(message(scenario).hasPrefix("The list Work was deleted elsewhere meanwhile · not added · Enter adds to Inbox"), "\(message(scenario))")
        #expect(scenario.screen.contains("Add to Inbox: New task"))
        try scenario.type("<Enter>")
        #expect(try scenario.titles(inList: "Inbox").contains("New task"))
    }
}
