import Foundation
import Testing
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
             merged: edited(late) { $0.title = "Local" }, conflicts: [.init(uid: "m", field: .title, lost: .remote)]),
        Case(name: "same field, remote later: remote wins, the local change lost",
             base: base, local: edited(early) { $0.completedAt = early }, remote: edited(late) { $0.completedAt = late },
             merged: edited(late) { $0.completedAt = late }, conflicts: [.init(uid: "m", field: .status, lost: .local)]),
        Case(name: "same field, same time: the remote copy stands",
             base: base, local: edited(early) { $0.tags = ["a"] }, remote: edited(early) { $0.tags = ["b"] },
             merged: edited(early) { $0.tags = ["b"] }, conflicts: [.init(uid: "m", field: .tags, lost: .local)]),
        Case(name: "same field changed the same way: no conflict",
             base: base, local: edited(early) { $0.isFlagged = true }, remote: edited(late) { $0.isFlagged = true },
             merged: edited(late) { $0.isFlagged = true }, conflicts: []),
        Case(name: "same field, local time unknown: the remote change, whose time is known, wins",
             base: base, local: { var todo = edited(early) { $0.notes = "L" }; todo.lastModified = nil; return todo }(),
             remote: edited(early) { $0.notes = "R" },
             merged: edited(early) { $0.notes = "R" }, conflicts: [.init(uid: "m", field: .notes, lost: .local)]),
        Case(name: "same field, remote time unknown: the local change, whose time is known, wins",
             base: base, local: edited(early) { $0.notes = "L" },
             remote: { var todo = edited(early) { $0.notes = "R" }; todo.lastModified = nil; return todo }(),
             merged: edited(early) { $0.notes = "L" }, conflicts: [.init(uid: "m", field: .notes, lost: .remote)]),
        Case(name: "several fields: each decided on its own",
             base: base, local: edited(late) { $0.title = "L"; $0.notes = "n" }, remote: edited(early) { $0.title = "R"; $0.listName = "Work" },
             merged: edited(late) { $0.title = "L"; $0.notes = "n"; $0.listName = "Work" },
             conflicts: [.init(uid: "m", field: .title, lost: .remote)]),
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
             merged: edited(late) { $0.title = "Theirs" }, conflicts: [.init(uid: "m", field: .title, lost: .local)]),
    ]

    @Test("merge field by field", arguments: cases)
    func merge(_ example: Case) {
        let result = TodoMerge.merge(base: example.base, local: example.local, remote: example.remote)
        #expect(result.todo == example.merged)
        #expect(result.conflicts == example.conflicts)
    }
}
