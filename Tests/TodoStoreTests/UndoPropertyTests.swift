import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// Random sequences of every kind of mutation, then as many undos as steps they made, must give
/// back the original rows exactly; as many redos must give back the final rows exactly.
@Suite("Undo and redo restore stores exactly")
struct UndoPropertyTests {
    @Test("undoing every step restores the original rows, redoing them restores the final ones",
          arguments: [101, 202, 303, 404] as [UInt64])
    func undoRedoRoundTrip(seed: UInt64) throws {
        try withTemporaryFolder { folder in
            let store = try openSteppingStore(folder + "/tick.db")
            var random = SplitMix64(state: seed)
            let comment: Comment = "seed \(seed)"
            try store.addList(named: "Work")
            let start = (0..<40).map { (number: Int) -> NewTodo in
                let completed: Date? = number % 5 == 0 ? Date(unixMilliseconds: 1_000 + Int64(number)) : nil
                return NewTodo(title: "start \(number)", listName: number % 2 == 0 ? "Inbox" : "Work", completedAt: completed)
            }
            try store.importItems(start)
            let original = try StoreSnapshot(store)
            let stepsBefore = store.undoableStepCount

            var made = 0
            for step in 0..<120 {
                let before = store.undoableStepCount
                do {
                    // Once per sequence, an import big enough to split rank blocks.
                    try Self.randomMutation(store, &random, big: step == 60)
                } catch is StoreError {
                    // A refused change (duplicate name, the Inbox…) must change nothing and add no step.
                    #expect(store.undoableStepCount == before, "\(comment): a refused change added a step")
                }
                made += store.undoableStepCount - before
            }
            #expect(store.undoableStepCount - stepsBefore == made, "\(comment)")
            #expect(made > 60, "\(comment): only \(made) steps")
            try expectIntact(store, comment)
            let final = try StoreSnapshot(store)

            for undone in 0..<made {
                #expect(try store.undo().value != nil, "\(comment): undo \(undone) found no step")
                if undone % 20 == 0 { try expectIntact(store, "\(comment) after \(undone + 1) undos") }
            }
            #expect(try StoreSnapshot(store) == original, "\(comment): undo did not restore the original rows")
            try expectIntact(store, comment)
            #expect(store.canRedo)

            for redone in 0..<made {
                #expect(try store.redo().value != nil, "\(comment): redo \(redone) found no step")
            }
            #expect(try store.redo().value == nil, "\(comment): more redo steps than were undone")
            #expect(try StoreSnapshot(store) == final, "\(comment): redo did not restore the final rows")
            try expectIntact(store, comment)
        }
    }

    /// One random mutation of any kind, through the public API.
    static func randomMutation(_ store: TodoStore, _ random: inout SplitMix64, big: Bool = false) throws {
        let lists = try store.lists()
        let list = lists.randomElement(using: &random)!
        let ids = try store.items(SectionQuery(listID: list.id), in: 0..<10_000).map(\.id)
        let someID = ids.randomElement(using: &random)
        let word = ["milk", "bread", "牛奶", "Work", "tea", "eggs"].randomElement(using: &random)!
        switch big ? 15 : Int.random(in: 0..<19, using: &random) {
        case 0, 1: try store.add(title: "\(word) \(Int.random(in: 0..<999, using: &random))", listID: list.id, after: someID,
                                 notes: Bool.random(using: &random) ? "note \(word)" : "", priority: Int.random(in: 0...3, using: &random),
                                 due: Bool.random(using: &random) ? "2025-02-28" : nil)
        case 2: try store.add(title: "top \(word)", listID: list.id)
        case 3, 4: try store.setDone(Bool.random(using: &random), ids: Array(ids.shuffled(using: &random).prefix(Int.random(in: 1...6, using: &random))))
        case 5: try store.delete(ids: Array(ids.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))))
        case 6, 7:
            guard let someID else { return }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: try store.update(id: someID, title: "edited \(word)")
            case 1: try store.update(id: someID, notes: "notes \(word)", priority: Int.random(in: 0...3, using: &random))
            case 2: try store.update(id: someID, due: .some(Bool.random(using: &random) ? nil : "2026-01-31"))
            default: try store.update(id: someID, isFlagged: Bool.random(using: &random))
            }
        case 8, 9:
            guard let someID else { return }
            let target = lists.randomElement(using: &random)!
            let others = try store.items(SectionQuery(listID: target.id), in: 0..<10_000).map(\.id).filter { $0 != someID }
            try store.move(id: someID, toList: target.id, after: Bool.random(using: &random) ? others.randomElement(using: &random) : nil)
        case 10: try store.addList(named: "\(word) \(Int.random(in: 0..<5, using: &random))", at: Int.random(in: 0...lists.count, using: &random))
        case 11: try store.renameList(id: list.id, to: "\(word) \(Int.random(in: 0..<5, using: &random))")
        case 12:
            let target = Bool.random(using: &random) ? lists.filter { $0.id != list.id }.randomElement(using: &random)?.id : nil
            try store.deleteList(id: list.id, movingTodosTo: target)
        case 13: try store.moveList(id: list.id, to: Int.random(in: 0..<lists.count, using: &random))
        case 14: try store.setCollapsed(Bool.random(using: &random), listID: list.id)
        case 15:
            let count = big ? 1_100 : Int.random(in: 1...8, using: &random)
            let listName = Bool.random(using: &random) ? list.name : "new \(word)"
            let items = (0..<count).map { (number: Int) -> NewTodo in
                let completed: Date? = number % 3 == 0 ? Date(unixMilliseconds: 5_000 + Int64(number)) : nil
                return NewTodo(title: "imported \(word) \(number)", listName: listName,
                               createdAt: Date(unixMilliseconds: Int64(number)), completedAt: completed)
            }
            try store.importItems(items)
        case 16: try store.add(title: "flat \(word)", atFlatRow: Int.random(in: 0...store.count, using: &random))
        case 17:
            guard let someID else { return }
            try store.move(id: someID, toFlatRow: Int.random(in: 0..<store.count, using: &random))
        default:
            // Undo and redo in the middle of a sequence: the redo branch is dropped by the next change.
            if Bool.random(using: &random) { try store.undo() } else { try store.redo() }
        }
    }
}
