import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Undo and redo checked against a model of the history: a stack of whole-store snapshots, one per
/// step still undoable, and a stack of the states redo will give back.
///
/// Unlike `UndoPropertyTests`, every single undo and redo is compared with the state the model
/// expects, and the sequences include steps that change one todo twice: a move or an import that
/// must renumber its list when positions are packed against the Int64 limits. Those are the steps
/// that catch an undo replaying a step's journal forwards, or writing a todo's two changes at once.
@Suite("Undo and redo against a model of every state")
struct HistoryModelTests {
    /// Every kind of step the sequences are made of.
    enum StepKind: CaseIterable {
        case add, addFlat, setDone, delete, editTitle, editNotes, setPriority, setDue, flag
        case move, moveFlat, importTodos, addList, renameList, deleteList, moveList, collapseList
        /// A journaled test-only step that packs a list's positions (see `crowd`).
        case crowd
        case undo, redo
    }

    @Test("every undo restores the state before its step and every redo the state after it; undoing all gives the first state exactly, redoing all the last",
          arguments: [11, 23, 37, 67] as [UInt64])
    func everyStateOfTheHistory(seed: UInt64) throws {
        try withTemporaryFolder { folder in
            // No fsync: what is checked is what undo writes, not when it reaches the disk.
            let clock = SteppingClock()
            let store = try TodoStore(path: folder + "/tick.db", clock: { clock.next() }, historyDepth: 100_000, durability: .noSync)
            var random = SplitMix64(state: seed)
            let comment: Comment = "seed \(seed)"
            try Self.fill(store)
            // Only the sequence's own steps are in the history, so "undo everything" ends where it began.
            try store.clearHistory()
            var history = ModelHistory(first: try StoreSnapshot(store))
            var kindsThatMadeSteps: Set<StepKind> = []

            /// Runs one change and files its step in the model; a refused change or a change to
            /// nothing must leave the store as it was.
            func change(_ kind: StepKind, _ here: Comment, _ body: () throws -> Void) throws {
                let before = store.undoableStepCount
                do {
                    try body()
                } catch is StoreError {
                    // Refused (a duplicate list name, the Inbox…): nothing changed, as checked below.
                }
                switch store.undoableStepCount - before {
                case 0: break  // A change to nothing adds no step and keeps the redo branch.
                case 1:
                    history.record(try StoreSnapshot(store))
                    kindsThatMadeSteps.insert(kind)
                default: Issue.record("\(here): one change made \(store.undoableStepCount - before) steps")
                }
                try requireState(store, history.current, "\(here)")
            }

            var kinds: [StepKind] = []
            for number in 0..<140 {
                // Every kind comes once per round, in a random order; and one step in five packs a
                // list, so that several steps per sequence meet packed positions.
                if kinds.isEmpty { kinds = StepKind.allCases.shuffled(using: &random) }
                let kind = Int.random(in: 0..<5, using: &random) == 0 ? .crowd : kinds.removeLast()
                let here: Comment = "\(comment), step \(number) (\(kind))"
                switch kind {
                case .undo:
                    let step = try store.undo().value
                    #expect((step != nil) == history.canUndo, here)
                    if step != nil { history.undo() }
                    try requireState(store, history.current, "\(here)")
                case .redo:
                    let step = try store.redo().value
                    #expect((step != nil) == history.canRedo, here)
                    if step != nil { history.redo() }
                    try requireState(store, history.current, "\(here)")
                case .crowd:
                    // Packed positions last until the next renumbering, so the step that meets them comes next.
                    let listID = try store.lists().randomElement(using: &random)!.id
                    let crowding = Crowding.allCases.randomElement(using: &random)!
                    try change(.crowd, here) { try Self.crowd(store, listID: listID, crowding) }
                    try change(.crowd, "\(here) then a change where \(crowding)") {
                        try Self.changeAtThePackedPlace(store, listID: listID, crowding, using: &random)
                    }
                default:
                    try change(kind, here) { try Self.perform(kind, on: store, using: &random) }
                }
                #expect(store.canRedo == history.canRedo, "\(here)")
            }
            try expectIntact(store, comment)

            // The sequence must have exercised what it is for, or it would pass vacuously.
            let everyChange = Set(StepKind.allCases).subtracting([.undo, .redo])
            #expect(kindsThatMadeSteps == everyChange, "\(comment): no step of \(everyChange.subtracting(kindsThatMadeSteps))")
            #expect(try Self.stepsChangingATodoTwice(store) >= 5, "\(comment): too few steps change a todo twice")
            #expect(history.undoable >= 60, "\(comment): only \(history.undoable) steps")

            let last = history.current
            let undoable = history.undoable
            for undone in 0..<undoable {
                #expect(try store.undo().value != nil, "\(comment): undo \(undone + 1) of \(undoable) found no step")
                history.undo()
                try requireState(store, history.current, "\(comment): undo \(undone + 1) of \(undoable)")
            }
            #expect(try store.undo().value == nil, "\(comment): more undo steps than the sequence made")
            try requireState(store, history.first, "\(comment): undoing everything did not give the first state")
            try expectIntact(store, comment)

            for redone in 0..<undoable {
                #expect(try store.redo().value != nil, "\(comment): redo \(redone + 1) of \(undoable) found no step")
                history.redo()
                try requireState(store, history.current, "\(comment): redo \(redone + 1) of \(undoable)")
            }
            try requireState(store, last, "\(comment): redoing everything did not give the last state")
            // Steps the sequence itself ended by undoing are still there to redo, and no more.
            #expect(store.canRedo == history.canRedo, "\(comment)")
            try expectIntact(store, comment)
        }
    }

    @Test("a step that changes one todo twice is undone and redone exactly: a move or an import that renumbers its list",
          arguments: [Crowding.againstTheTop, .againstTheEnd, .nearTheEnd])
    func stepChangingATodoTwice(crowding: Crowding) throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            let work = try store.addList(named: "Work").value
            try store.importItems((0..<6).map { NewTodo(title: "todo \($0)", listName: "Work") })
            try Self.crowd(store, listID: work.id, crowding)
            let before = try StoreSnapshot(store)
            let ids = try Self.manualOrder(store, work.id)
            switch crowding {
            case .againstTheTop: try store.move(id: ids[3], toList: work.id, after: nil)
            case .againstTheEnd: try store.move(id: ids[2], toList: work.id, after: ids.last)
            case .nearTheEnd, .touching: try store.importItems((0..<5).map { NewTodo(title: "new \($0)", listName: "Work") })
            }
            #expect(try Self.stepsChangingATodoTwice(store) == 1)
            let after = try StoreSnapshot(store)
            try store.undo()
            try requireState(store, before, "undo")
            try store.redo()
            try requireState(store, after, "redo")
            try expectIntact(store)
        }
    }

    /// Three lists and thirty todos with every field set somewhere.
    static func fill(_ store: TodoStore) throws {
        let lists = ["Inbox", "Work", "Home", "Someday"]
        try store.importItems((0..<30).map { number in
            NewTodo(title: "todo \(number)", notes: number % 4 == 0 ? "notes \(number)" : "", listName: lists[number % lists.count],
                    priority: number % 3, due: number % 5 == 0 ? "2026-03-0\(number % 9 + 1)" : nil, isFlagged: number % 7 == 0,
                    createdAt: Date(unixMilliseconds: 1_000 + Int64(number)),
                    completedAt: number % 6 == 0 ? Date(unixMilliseconds: 9_000 + Int64(number)) : nil)
        })
    }

    /// One step of `kind` through the store's API, on random todos and lists.
    static func perform(_ kind: StepKind, on store: TodoStore, using random: inout SplitMix64) throws {
        let lists = try store.lists()
        let list = lists.randomElement(using: &random)!
        let ids = try manualOrder(store, list.id)
        let someID = ids.randomElement(using: &random)
        let some = Array(ids.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)))
        let word = ["milk", "bread", "牛奶", "tea", "eggs"].randomElement(using: &random)!
        switch kind {
        case .add:
            // At the top, after the last todo or in between: the places that renumber when positions are packed.
            try store.add(title: "\(word) \(Int.random(in: 0..<999, using: &random))", listID: list.id,
                          after: place(in: ids, using: &random), notes: Bool.random(using: &random) ? "note" : "",
                          priority: Int.random(in: 0...3, using: &random), due: Bool.random(using: &random) ? "2026-02-28" : nil)
        case .addFlat: try store.add(title: "flat \(word)", atFlatRow: Int.random(in: 0...store.count, using: &random))
        case .setDone: try store.setDone(Bool.random(using: &random), ids: some)
        case .delete: try store.delete(ids: some)
        case .editTitle: try store.update(id: someID ?? 0, title: "edited \(word)")
        case .editNotes: try store.update(id: someID ?? 0, notes: Bool.random(using: &random) ? "" : "notes \(word)")
        case .setPriority: try store.update(id: someID ?? 0, priority: Int.random(in: 0...3, using: &random))
        case .setDue: try store.update(id: someID ?? 0, due: .some(Bool.random(using: &random) ? nil : "2026-01-31"))
        case .flag: try store.update(id: someID ?? 0, isFlagged: Bool.random(using: &random))
        case .move:
            guard let someID else { return }
            // Half the moves stay in their list: moving to an end of a packed list renumbers the moving todo too.
            let target = Bool.random(using: &random) ? list : lists.randomElement(using: &random)!
            let others = try manualOrder(store, target.id).filter { $0 != someID }
            try store.move(id: someID, toList: target.id, after: place(in: others, using: &random))
        case .moveFlat:
            guard let someID else { return }
            try store.move(id: someID, toFlatRow: Int.random(in: 0..<store.count, using: &random))
        case .importTodos:
            let listName = Bool.random(using: &random) ? list.name : "new \(word)"
            try store.importItems((0..<Int.random(in: 1...12, using: &random)).map { number in
                NewTodo(title: "imported \(word) \(number)", notes: number % 2 == 0 ? "n" : "", listName: listName,
                        priority: number % 4, isFlagged: number % 3 == 0, createdAt: Date(unixMilliseconds: Int64(number)),
                        completedAt: number % 3 == 1 ? Date(unixMilliseconds: 5_000 + Int64(number)) : nil)
            })
        case .addList: try store.addList(named: "\(word) \(Int.random(in: 0..<6, using: &random))", at: Int.random(in: 0...lists.count, using: &random))
        case .renameList: try store.renameList(id: list.id, to: "\(word) \(Int.random(in: 0..<6, using: &random))")
        case .deleteList:
            let target = Bool.random(using: &random) ? lists.filter { $0.id != list.id }.randomElement(using: &random)?.id : nil
            try store.deleteList(id: list.id, movingTodosTo: target)
        case .moveList: try store.moveList(id: list.id, to: Int.random(in: 0..<lists.count, using: &random))
        case .collapseList: try store.setCollapsed(Bool.random(using: &random), listID: list.id)
        case .crowd, .undo, .redo: preconditionFailure("\(kind) is the model's to run")
        }
    }

    /// Nil (the top), the last id (the end), or a random id, each a third of the time.
    static func place(in ids: [Int64], using random: inout SplitMix64) -> Int64? {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return nil
        case 1: return ids.last
        default: return ids.randomElement(using: &random)
        }
    }

    /// Where `crowd` packs a list's positions, keeping its order.
    enum Crowding: CaseIterable {
        /// One apart from Int64.min up: an insert or move to the top must renumber the list.
        case againstTheTop
        /// One apart up to Int64.max: an insert, move or append at the end must renumber the list.
        case againstTheEnd
        /// The usual gap apart, ending a few gaps below Int64.max: an import into the list passes
        /// the limit part-way and renumbers the todos it has just written.
        case nearTheEnd
        /// One apart around zero: an insert in between must spread its neighbours.
        case touching
    }

    /// Packs the positions of list `listID` as one journaled step, as years of inserts could.
    static func crowd(_ store: TodoStore, listID: Int64, _ crowding: Crowding) throws {
        let count = try store.connection.scalarInt("SELECT count(*) FROM todos WHERE list_id = ?", [listID])
        let (base, spacing): (Int64, Int64) = switch crowding {
        case .againstTheTop: (Int64.min, 1)
        case .againstTheEnd: (Int64.max - count - 1, 1)
        case .nearTheEnd: (Int64.max - (count + 3) * TodoStore.positionGap, TodoStore.positionGap)
        case .touching: (-count / 2, 1)
        }
        _ = try store.journaled {
            try store.connection.run("""
                UPDATE todos SET position = ?1 + ?2 * ranked.rn
                FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM todos WHERE list_id = ?3) AS ranked
                WHERE todos.id = ranked.id
                """, [base, spacing, listID])
            return ((), StepSummary(description: "crowd list \(listID)"))
        }
    }

    /// A change at the place `crowding` packed in list `listID`, which must renumber (or spread)
    /// the list: a move to the packed end renumbers the moving todo as well, and an import into a
    /// list near the end renumbers the todos it has just written, so both change a todo twice.
    static func changeAtThePackedPlace(_ store: TodoStore, listID: Int64, _ crowding: Crowding,
                                       using random: inout SplitMix64) throws {
        let ids = try manualOrder(store, listID)
        let after: Int64? = switch crowding {
        case .againstTheTop: nil
        case .againstTheEnd, .nearTheEnd: ids.last
        case .touching: ids.randomElement(using: &random)
        }
        switch (crowding, Int.random(in: 0..<3, using: &random)) {
        case (.nearTheEnd, _), (_, 2):
            let listName = try #require(try store.list(id: listID)).name
            try store.importItems((0..<Int.random(in: 4...12, using: &random)).map { number in
                NewTodo(title: "packed \(number)", listName: listName, createdAt: Date(unixMilliseconds: Int64(number)))
            })
        case (_, 1):
            try store.add(title: "packed", listID: listID, after: after)
        default:
            guard let moving = ids.filter({ $0 != after }).randomElement(using: &random) else { return }
            try store.move(id: moving, toList: listID, after: after)
        }
    }

    /// Every todo of a list, open and done, in manual order.
    static func manualOrder(_ store: TodoStore, _ listID: Int64) throws -> [Int64] {
        try store.connection.query("SELECT id FROM todos WHERE list_id = ? ORDER BY position, id", [listID]) { $0.int64(at: 0) }
    }

    /// Steps in the journal that changed at least one todo more than once.
    static func stepsChangingATodoTwice(_ store: TodoStore) throws -> Int64 {
        try store.connection.scalarInt("""
            SELECT count(DISTINCT step) FROM (SELECT step FROM history_todos GROUP BY step, todo_id HAVING count(*) > 1)
            """)
    }
}

/// Stops the test at the first state that is not `expected`, naming the first row that differs:
/// once the store has left the model, every later comparison would fail too.
func requireState(_ store: TodoStore, _ expected: StoreSnapshot, _ comment: Comment,
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    let actual = try StoreSnapshot(store)
    try #require(actual == expected, "\(comment): \(actual.firstDifference(from: expected))", sourceLocation: sourceLocation)
}

extension StoreSnapshot {
    /// The first row that differs from `expected`'s, as "todos row 3 is … instead of …".
    func firstDifference(from expected: StoreSnapshot) -> String {
        for (table, got, wanted) in [("todos", todos, expected.todos), ("lists", lists, expected.lists)] where got != wanted {
            let row = zip(got, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, wanted.count)
            let shown = { (rows: [String]) in rows.indices.contains(row) ? rows[row] : "no row" }
            return "\(table) row \(row) is \(shown(got)) instead of \(shown(wanted))"
        }
        return "no difference"
    }
}

/// What the history should hold: the state after each undoable step (the first state at the
/// bottom) and the states that redo will give back, the next one last.
struct ModelHistory {
    private var states: [StoreSnapshot]
    private var redoable: [StoreSnapshot] = []

    init(first: StoreSnapshot) { states = [first] }

    var first: StoreSnapshot { states[0] }
    var current: StoreSnapshot { states[states.count - 1] }
    var undoable: Int { states.count - 1 }
    var canUndo: Bool { undoable > 0 }
    var canRedo: Bool { !redoable.isEmpty }

    /// A new step: it becomes the newest, and the redo branch is dropped.
    mutating func record(_ state: StoreSnapshot) {
        states.append(state)
        redoable.removeAll()
    }

    mutating func undo() { redoable.append(states.removeLast()) }

    mutating func redo() { states.append(redoable.removeLast()) }
}
