import Foundation
import Testing
import TodoStore
@testable import TodoSync

/// The three-way merge as a table: base (last synced), local, remote → merged todo and the changes that lost.
@Suite("Three-way merge")
struct TodoMergeTests {
    static let base = CalendarTodo(uid: "m", title: "Pay rent", notes: "", priority: 1, due: "2026-12-01",
                                   lastModified: ICS.utc(2026, 11, 1), tags: ["home"], listName: "Home")
    static let early = ICS.utc(2026, 11, 2), late = ICS.utc(2026, 11, 3)

    /// `base` changed by `edit`, last modified at `time`.
    static func edited(_ time: Date, _ edit: (inout CalendarTodo) -> Void) -> CalendarTodo {
        var todo = base
        edit(&todo)
        todo.lastModified = time
        return todo
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var base: CalendarTodo?
        var local: CalendarTodo?
        var remote: CalendarTodo?
        var merged: CalendarTodo?
        var conflicts: [TodoMerge.Conflict]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unchanged on both sides", base: base, local: base, remote: base, merged: base, conflicts: []),
        Case(name: "changed locally only: the local change",
             base: base, local: edited(early) { $0.title = "Pay the rent" }, remote: base,
             merged: edited(early) { $0.title = "Pay the rent" }, conflicts: []),
        Case(name: "changed remotely only: the remote change",
             base: base, local: base, remote: edited(early) { $0.priority = 3 },
             merged: edited(early) { $0.priority = 3 }, conflicts: []),
        Case(name: "different fields on each side: both changes",
             base: base, local: edited(late) { $0.title = "Pay the rent" }, remote: edited(early) { $0.due = "2026-12-03" },
             merged: edited(late) { $0.title = "Pay the rent"; $0.due = "2026-12-03" }, conflicts: []),
        Case(name: "same field, local later: local wins, the remote change lost",
             base: base, local: edited(late) { $0.title = "Local" }, remote: edited(early) { $0.title = "Remote" },
             merged: edited(late) { $0.title = "Local" }, conflicts: [.init(uid: "m", field: .title, lost: .remote, reason: .later, lostValue: "Remote")]),
        Case(name: "same field, remote later: remote wins, the local change lost",
             base: base, local: edited(early) { $0.completedAt = early }, remote: edited(late) { $0.completedAt = late; $0.isCancelled = true },
             merged: edited(late) { $0.completedAt = late; $0.isCancelled = true },
             conflicts: [.init(uid: "m", field: .status, lost: .local, reason: .later, lostValue: "done")]),
        Case(name: "done on both sides at different times, local later: done as the server says, no conflict",
             base: base, local: edited(late) { $0.completedAt = late }, remote: edited(early) { $0.completedAt = early },
             merged: edited(late) { $0.completedAt = early }, conflicts: []),
        Case(name: "done on both sides at different times, remote later: done as the server says, no conflict",
             base: base, local: edited(early) { $0.completedAt = early }, remote: edited(late) { $0.completedAt = late },
             merged: edited(late) { $0.completedAt = late }, conflicts: []),
        Case(name: "cancelled on both sides at different times: no conflict either",
             base: base, local: edited(late) { $0.completedAt = late; $0.isCancelled = true },
             remote: edited(early) { $0.completedAt = early; $0.isCancelled = true },
             merged: edited(late) { $0.completedAt = early; $0.isCancelled = true }, conflicts: []),
        Case(name: "same field, same time: the remote copy stands",
             base: base, local: edited(early) { $0.tags = ["a"] }, remote: edited(early) { $0.tags = ["b"] },
             merged: edited(early) { $0.tags = ["b"] }, conflicts: [.init(uid: "m", field: .tags, lost: .local, reason: .sameTime, lostValue: "#a")]),
        Case(name: "same field, local later by a fraction of a second only: a tie, the remote copy stands",
             base: base, local: edited(early.addingTimeInterval(0.9)) { $0.due = "2026-12-24" }, remote: edited(early) { $0.due = nil },
             merged: edited(early.addingTimeInterval(0.9)) { $0.due = nil },
             conflicts: [.init(uid: "m", field: .due, lost: .local, reason: .sameTime, lostValue: "2026-12-24")]),
        Case(name: "same field, neither time known: the remote copy stands",
             base: base, local: { var todo = edited(early) { $0.priority = 3 }; todo.lastModified = nil; return todo }(),
             remote: { var todo = edited(early) { $0.priority = 2 }; todo.lastModified = nil; return todo }(),
             merged: { var todo = edited(early) { $0.priority = 2 }; todo.lastModified = nil; return todo }(),
             conflicts: [.init(uid: "m", field: .priority, lost: .local, reason: .sameTime, lostValue: "high")]),
        Case(name: "same field changed the same way: no conflict",
             base: base, local: edited(early) { $0.isFlagged = true }, remote: edited(late) { $0.isFlagged = true },
             merged: edited(late) { $0.isFlagged = true }, conflicts: []),
        Case(name: "same field, local time unknown: the remote change, whose time is known, wins",
             base: base, local: { var todo = edited(early) { $0.notes = "L" }; todo.lastModified = nil; return todo }(),
             remote: edited(early) { $0.notes = "R" },
             merged: edited(early) { $0.notes = "R" }, conflicts: [.init(uid: "m", field: .notes, lost: .local, reason: .onlyTimeKnown, lostValue: "L")]),
        Case(name: "same field, remote time unknown: the local change, whose time is known, wins",
             base: base, local: edited(early) { $0.notes = "L" },
             remote: { var todo = edited(early) { $0.notes = "R" }; todo.lastModified = nil; return todo }(),
             merged: edited(early) { $0.notes = "L" }, conflicts: [.init(uid: "m", field: .notes, lost: .remote, reason: .onlyTimeKnown, lostValue: "R")]),
        Case(name: "several fields: each decided on its own",
             base: base, local: edited(late) { $0.title = "L"; $0.notes = "n" }, remote: edited(early) { $0.title = "R"; $0.listName = "Work" },
             merged: edited(late) { $0.title = "L"; $0.notes = "n"; $0.listName = "Work" },
             conflicts: [.init(uid: "m", field: .title, lost: .remote, reason: .later, lostValue: "R")]),
        Case(name: "deleted locally, edited remotely: the edit wins",
             base: base, local: nil, remote: edited(early) { $0.title = "Still needed" },
             merged: edited(early) { $0.title = "Still needed" }, conflicts: [.init(uid: "m", field: nil, lost: .local)]),
        Case(name: "edited locally, deleted remotely: the edit wins",
             base: base, local: edited(early) { $0.due = nil }, remote: nil,
             merged: edited(early) { $0.due = nil }, conflicts: [.init(uid: "m", field: nil, lost: .remote)]),
        Case(name: "deleted locally, unchanged remotely: deleted", base: base, local: nil, remote: base, merged: nil, conflicts: []),
        Case(name: "unchanged locally, deleted remotely: deleted", base: base, local: base, remote: nil, merged: nil, conflicts: []),
        Case(name: "deleted on both sides: deleted", base: base, local: nil, remote: nil, merged: nil, conflicts: []),
        Case(name: "added on one side only: added", base: nil, local: nil, remote: base, merged: base, conflicts: []),
        Case(name: "added on both sides under one UID: differing fields by the later change",
             base: nil, local: edited(early) { $0.title = "Mine" }, remote: edited(late) { $0.title = "Theirs" },
             merged: edited(late) { $0.title = "Theirs" }, conflicts: [.init(uid: "m", field: .title, lost: .local, reason: .later, lostValue: "Mine")]),
        Case(name: "no common version, same second (this device's own upload, its answer lost, then an edit here): the local change stands",
             base: nil, local: edited(early.addingTimeInterval(0.5)) { $0.title = "Pay the rent" }, remote: edited(early) { $0.title = "Pay rent" },
             merged: edited(early.addingTimeInterval(0.5)) { $0.title = "Pay the rent" },
             conflicts: [.init(uid: "m", field: .title, lost: .remote, reason: .sameTimeNeverSynced, lostValue: "Pay rent")]),
    ]

    @Test("merge field by field", arguments: cases)
    func merge(_ example: Case) {
        let result = TodoMerge.merge(base: example.base, local: example.local, remote: example.remote)
        #expect(result.todo == example.merged)
        #expect(result.conflicts == example.conflicts)
    }

    struct Wording: CustomTestStringConvertible, Sendable {
        var conflict: TodoMerge.Conflict
        var outcome: String
        var testDescription: String { outcome }
    }

    static let wordings: [Wording] = [
        Wording(conflict: .init(uid: "m", field: .title, lost: .remote, reason: .later, lostValue: "Buy oat milk"),
                outcome: "kept this device's (later) change, the server's «Buy oat milk» lost"),
        Wording(conflict: .init(uid: "m", field: .title, lost: .local, reason: .later, lostValue: "Buy milk"),
                outcome: "kept the server's (later) change, this device's «Buy milk» lost"),
        Wording(conflict: .init(uid: "m", field: .due, lost: .local, reason: .sameTime, lostValue: "2026-12-24"),
                outcome: "kept the server's change (same time: the server's wins a tie), this device's «2026-12-24» lost"),
        Wording(conflict: .init(uid: "m", field: .title, lost: .remote, reason: .sameTimeNeverSynced, lostValue: "Pay rent"),
                outcome: "kept this device's change (same time, and the server's copy was never synced here), the server's «Pay rent» lost"),
        Wording(conflict: .init(uid: "m", field: .notes, lost: .remote, reason: .onlyTimeKnown, lostValue: String(repeating: "n", count: 50)),
                outcome: "kept this device's change (the server's has no LAST-MODIFIED), the server's «\(String(repeating: "n", count: 39))…» lost"),
        Wording(conflict: .init(uid: "m", field: nil, lost: .local), outcome: "deleted here, edited on the server: kept the edit, the deletion lost"),
        Wording(conflict: .init(uid: "m", field: nil, lost: .remote), outcome: "deleted on the server, edited here: kept the edit, the deletion lost"),
    ]

    @Test("a conflict says which side's change was kept, why, and the value that lost, shortened to 40 characters", arguments: wordings)
    func wording(_ example: Wording) {
        #expect(example.conflict.outcome == example.outcome)
    }

    @Test("a lost value reads as a person would say it", arguments: [
        (CalendarTodo.Field.priority, "low"), (.due, "no due date"), (.status, "cancelled"), (.tags, "#home #work"), (.flag, "flagged"), (.notes, "no notes"),
    ])
    func valueText(_ field: CalendarTodo.Field, _ text: String) {
        let todo = CalendarTodo(uid: "m", title: "t", priority: 1, completedAt: Self.early, isCancelled: true, tags: ["home", "work"], isFlagged: true)
        #expect(field.text(of: todo) == text)
    }

    @Test("a recorded conflict reads as one line: the todo, the field (none for a deletion), and the outcome")
    func recordedSentence() {
        let conflict = TodoMerge.Conflict(uid: "m", field: .title, lost: .remote, lostValue: "Buy oat milk")
        var recorded = TodoStore.SyncConflict(date: Self.early, uid: "m", title: "Buy milk", field: "title", lostValue: conflict.outcome)
        #expect(recorded.sentence == "«Buy milk»: title — kept this device's (later) change, the server's «Buy oat milk» lost")
        recorded.field = "deletion"
        recorded.lostValue = TodoMerge.Conflict(uid: "m", field: nil, lost: .remote).outcome
        #expect(recorded.sentence == "«Buy milk»: deleted on the server, edited here: kept the edit, the deletion lost")
    }
}
