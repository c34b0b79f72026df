import Foundation
import Testing
@testable import TodoStore
import TickTesting

/// A clock that moves one millisecond forward on every call, so creation and completion times
/// differ and the orders that use them are meaningful. Safe to call from any thread.
final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: Int64

    init(start: Int64 = 1_700_000_000_000) { now = start }

    /// The next instant.
    func next() -> Date {
        lock.lock()
        defer { lock.unlock() }
        now += 1
        return Date(unixMilliseconds: now)
    }
}

/// Opens a store whose clock steps forward, with a deep history by default.
func openSteppingStore(_ path: String, historyDepth: Int = 100_000) throws -> TodoStore {
    let clock = SteppingClock()
    return try TodoStore(path: path, clock: { clock.next() }, historyDepth: historyDepth)
}

/// Every stored row of todos and lists, as text, to compare whole stores exactly.
struct StoreSnapshot: Equatable, CustomStringConvertible {
    var todos: [String]
    var lists: [String]

    init(_ store: TodoStore) throws {
        let todoColumns = ["id"] + Schema.journaledTodoColumns
        let listColumns = ["id"] + Schema.journaledListColumns
        func rows(_ table: String, _ columns: [String]) throws -> [String] {
            let joined = columns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
            return try store.connection.query("SELECT \(joined) FROM \(table) ORDER BY id") { $0.string(at: 0) }
        }
        todos = try rows("todos", todoColumns)
        lists = try rows("lists", listColumns)
    }

    var description: String { "\(todos.count) todos, \(lists.count) lists" }
}

/// A plain in-memory model of what the store should show: each list's manual order as an array.
struct StoreModel {
    struct Todo: Equatable {
        var id: Int64
        var listID: Int64
        var title: String
        var notes: String
        var createdAt: Int64
        var completedAt: Int64?
        var priority: Int
        var due: String?
    }

    var listOrder: [Int64] = [TodoStore.inboxListID]
    var manual: [Int64: [Int64]] = [TodoStore.inboxListID: []]
    var todos: [Int64: Todo] = [:]

    /// Records a todo as the store returned it, placed after `after` (nil: first) in its list.
    mutating func insert(_ item: TodoItem, after: Int64?) {
        todos[item.id] = Todo(item)
        var ids = manual[item.listID, default: []]
        ids.insert(item.id, at: after.flatMap { ids.firstIndex(of: $0).map { $0 + 1 } } ?? 0)
        manual[item.listID] = ids
    }

    /// Records new field values of a todo (its list and place are kept).
    mutating func update(_ item: TodoItem) {
        todos[item.id] = Todo(item)
    }

    mutating func remove(_ id: Int64) {
        guard let todo = todos.removeValue(forKey: id) else { return }
        manual[todo.listID]?.removeAll { $0 == id }
    }

    mutating func move(_ id: Int64, to listID: Int64, after: Int64?) {
        guard var todo = todos[id] else { return }
        manual[todo.listID]?.removeAll { $0 == id }
        todo.listID = listID
        todos[id] = todo
        var ids = manual[listID, default: []]
        ids.insert(id, at: after.flatMap { ids.firstIndex(of: $0).map { $0 + 1 } } ?? 0)
        manual[listID] = ids
    }

    /// The ids `query` should show, in order.
    func section(_ query: SectionQuery) -> [Int64] {
        let ids = manual[query.listID] ?? []
        let place = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
        var open = ids.filter { todos[$0]!.completedAt == nil }
        switch query.sort {
        case .manual: break
        case .due: open.sort { (todos[$0]!.due ?? "~", place[$0]!) < (todos[$1]!.due ?? "~", place[$1]!) }
        case .priority: open.sort { (-todos[$0]!.priority, place[$0]!) < (-todos[$1]!.priority, place[$1]!) }
        case .created: open.sort { (todos[$0]!.createdAt, $0) < (todos[$1]!.createdAt, $1) }
        }
        var shown = open
        if query.includesCompleted {
            shown += ids.filter { todos[$0]!.completedAt != nil }
                .sorted { (todos[$0]!.completedAt!, $0) < (todos[$1]!.completedAt!, $1) }
        }
        if let search = query.search, !search.isEmpty {
            let needle = search.lowercased()
            shown = Array(shown.filter {
                todos[$0]!.title.lowercased().contains(needle) || todos[$0]!.notes.lowercased().contains(needle)
            }.prefix(SectionQuery.searchLimit))
        }
        return shown
    }
}

extension StoreModel.Todo {
    init(_ item: TodoItem) {
        self.init(id: item.id, listID: item.listID, title: item.title, notes: item.notes,
                  createdAt: item.createdAt.unixMilliseconds, completedAt: item.completedAt?.unixMilliseconds,
                  priority: item.priority, due: item.due)
    }
}

/// Checks that `store` shows exactly what `model` predicts for `query`: the count, every row in
/// one read, pages at random places, and the row of sampled todos (and nil for others).
func expectSection(_ store: TodoStore, _ model: StoreModel, _ query: SectionQuery, using random: inout SplitMix64,
                   _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let expected = model.section(query)
    #expect(try store.count(query) == expected.count, "\(comment) count \(query)", sourceLocation: sourceLocation)
    let all = try store.items(query, in: 0..<(expected.count + 5)).map(\.id)
    guard all == expected else {
        let first = (0..<min(all.count, expected.count)).first { all[$0] != expected[$0] } ?? min(all.count, expected.count)
        let message = "\(comment) rows differ from row \(first) of \(expected.count) (got \(all.count)) for \(query): "
            + "\(Array(all.dropFirst(first).prefix(5))) instead of \(Array(expected.dropFirst(first).prefix(5)))"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
    }
    for _ in 0..<4 where !expected.isEmpty {
        let start = Int.random(in: 0..<expected.count, using: &random)
        let end = min(expected.count, start + Int.random(in: 1...70, using: &random))
        #expect(try store.items(query, in: start..<end).map(\.id) == Array(expected[start..<end]),
                "\(comment) rows \(start)..<\(end) \(query)", sourceLocation: sourceLocation)
    }
    let rows = Dictionary(uniqueKeysWithValues: expected.enumerated().map { ($0.element, $0.offset) })
    let sample = model.todos.keys.shuffled(using: &random).prefix(60)
    for id in sample {
        #expect(try store.index(of: id, in: query) == rows[id], "\(comment) index of \(id) \(query)",
                sourceLocation: sourceLocation)
    }
}

/// Fails with the problems the store's deep check finds.
func expectIntact(_ store: TodoStore, _ comment: Comment = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
    let problems = try store.integrityProblems()
    #expect(problems.isEmpty, "\(comment) \(problems.prefix(5))", sourceLocation: sourceLocation)
}
