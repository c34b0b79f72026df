import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// The issue's long test: two devices synced through one server, each making a seeded random
/// sequence of changes of every kind with syncs in between, end with both stores and the server
/// agreeing on every todo, field, list, list name and order.
///
/// It runs against Radicale (300 steps) and Xandikos (100 steps by default: Xandikos commits every
/// change to git, so each request costs it several times Radicale's, and `make test` must stay short).
/// `SYNC_RANDOM_SEED` and `SYNC_RANDOM_STEPS` replay or lengthen a run (the steps then for both
/// servers); a failure names both.
@Suite("Long two-device random sync against Radicale and Xandikos", .serialized)
struct SyncRandomTests {
    typealias Device = SyncEngineTests.Device

    /// What two devices and the server must agree on, as lines: each list (sorted by name) with its
    /// todos in their manual order and the fields a VTODO carries.
    static func state(of device: Device) throws -> [String] {
        let lists = try device.store.lists()
        let todos = try device.store.flatOrder()
        return lists.sorted { $0.name < $1.name }.flatMap { list in
            ["list \(list.name)"] + todos.filter { $0.listID == list.id }.map { describe(CalendarTodo($0, listName: list.name)) }
        }
    }

    /// The same lines for the server: each collection by display name, its items by X-APPLE-SORT-ORDER.
    static func state(of server: TestServer) throws -> [String] {
        let client = try server.client()
        var lists: [(name: String, todos: [CalendarTodo])] = []
        for calendar in try client.discoverCalendars(at: server.homeURL) where calendar.supportsTodos {
            let items = try client.multiget(try client.listItems(in: calendar.url).map(\.href), in: calendar.url)
            let todos = try items.flatMap { try VTodoRewriter(zone: .fromEnvironment).read($0.calendarData) }
            lists.append((calendar.displayName ?? calendar.url.path, todos.sorted { ($0.sortOrder ?? .max, $0.uid) < ($1.sortOrder ?? .max, $1.uid) }))
        }
        return lists.sorted { $0.name < $1.name }.flatMap { ["list \($0.name)"] + $0.todos.map(describe) }
    }

    static func describe(_ todo: CalendarTodo) -> String {
        [todo.uid, todo.title, todo.notes, todo.isDone ? "done" : "open", String(todo.priority), todo.due ?? "-",
         todo.isFlagged ? "flagged" : "-", todo.tags.joined(separator: ","), todo.rrule ?? "-"].joined(separator: "|")
    }

    /// The steps a run takes against `kind` unless `SYNC_RANDOM_STEPS` says.
    static func defaultSteps(_ kind: CalDAVServerKind) -> Int {
        kind == .radicale ? 300 : 100
    }

    @Test("adds, edits, toggles, moves, reorders, deletes, recurring completions and list renames on two devices, a few hundred seeded steps with syncs between, end with both stores and the server agreeing",
          arguments: CalDAVServerKind.allCases)
    func longRandomSequence(on kind: CalDAVServerKind) throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["SYNC_RANDOM_SEED"].flatMap { UInt64($0) } ?? 20
        let steps = environment["SYNC_RANDOM_STEPS"].flatMap { Int($0) } ?? Self.defaultSteps(kind)
        let replay = Comment(rawValue: "replay against \(kind) with SYNC_RANDOM_SEED=\(seed) SYNC_RANDOM_STEPS=\(steps)")
        do {
            try SyncEngineTests.withDevices(on: kind) { server, first, second in
                _ = try first.list("Work")
                _ = try first.list("Home")
                try first.sync()
                try second.sync()
                var random = SplitMix64(seed: seed)
                var syncs = 0
                for step in 0..<steps {
                    let device = random.next() % 2 == 0 ? first : second
                    if random.next() % 10 == 0 {
                        try device.sync()
                        syncs += 1
                        continue
                    }
                    try Self.change(device, step: step, using: &random)
                }
                // Enough rounds for the last changes of each to reach the other and come back settled.
                for device in [first, second, first, second] { try device.sync() }
                let expected = try Self.state(of: first)
                #expect(try Self.state(of: second) == expected, replay)
                #expect(try Self.state(of: server) == expected, replay)
                #expect(try first.store.pendingSyncChanges() == [] && second.store.pendingSyncChanges() == [], replay)
                // The default sequence does exercise what it claims to: syncs in between, recurring todos done.
                if steps >= 100 {
                    #expect(syncs > steps / 20, replay)
                    #expect(try first.store.flatOrder().contains { $0.isDone && $0.title.hasPrefix("every week") }, replay)
                }
            }
        } catch {
            Issue.record(error, replay)
        }
    }

    /// One random change on `device`.
    static func change(_ device: Device, step: Int, using random: inout SplitMix64) throws {
        let store = device.store
        let todos = try store.flatOrder()
        let lists = try store.lists()
        let todo = todos.isEmpty ? nil : todos[Int(random.next() % UInt64(todos.count))]
        let list = lists[Int(random.next() % UInt64(lists.count))]
        switch (random.next() % 12, todo) {
        case (0, _), (_, nil):
            _ = try store.add(title: "todo \(step)", listID: list.id)
        case (1, _):
            _ = try store.add(title: "every week \(step)", listID: list.id, due: "2026-12-0\(1 + step % 9)",
                              recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY"))
        case (2, let todo?):
            _ = try store.update(id: todo.id, title: "\(todo.title) edited \(step)")
        case (3, let todo?):
            _ = try store.update(id: todo.id, notes: "note \(step)", priority: Int(random.next() % 4),
                                 due: random.next() % 2 == 0 ? "2027-01-\(10 + step % 18)" : .some(nil),
                                 isFlagged: random.next() % 2 == 0, tags: random.next() % 2 == 0 ? ["tag\(step % 5)"] : [])
        case (4, let todo?), (5, let todo?):
            // Toggles; a recurring todo marked done continues its series.
            _ = try store.setDone(!todo.isDone, ids: [todo.id])
        case (6, let todo?):
            _ = try store.move(ids: [todo.id], toList: list.id)
        case (7, let todo?), (8, let todo?):
            // A reorder within the todo's list: to the top, or after another of its todos.
            let others = todos.filter { $0.listID == todo.listID && $0.id != todo.id }
            let after = others.isEmpty || random.next() % 3 == 0 ? nil : others[Int(random.next() % UInt64(others.count))].id
            try store.move(id: todo.id, toList: todo.listID, after: after)
        case (9, let todo?):
            _ = try store.delete(ids: [todo.id])
        case (10, _) where list.id != TodoStore.inboxListID:
            _ = try store.renameList(id: list.id, to: "List \(step)")
        default:
            _ = try store.add(title: "todo \(step)", listID: list.id)
        }
    }
}
