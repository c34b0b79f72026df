/// One line of the child's log: a change it is about to make, or one the store confirmed.
///
/// The child writes `begin` before a transaction and `done` after the commit returned, each line
/// flushed at once, so the parent knows exactly which changes were reported as done.
enum LogLine: Equatable {
    case begin(Change)
    case done(Change, id: Int64)

    /// A change the child makes.
    enum Change: Equatable {
        case add(title: String)
        case toggle(id: Int64)
        case delete(id: Int64)
        case rename(id: Int64, title: String)
    }

    var text: String {
        switch self {
        case .begin(let change): return "begin " + Self.describe(change)
        case .done(let change, let id): return "done \(id) " + Self.describe(change)
        }
    }

    private static func describe(_ change: Change) -> String {
        switch change {
        case .add(let title): return "add \(title)"
        case .toggle(let id): return "toggle \(id)"
        case .delete(let id): return "delete \(id)"
        case .rename(let id, let title): return "rename \(id) \(title)"
        }
    }

    /// Parses a line written by `text`; nil for a torn last line.
    init?(_ line: Substring) {
        let words = line.split(separator: " ")
        guard let kind = words.first else { return nil }
        switch kind {
        case "begin":
            guard let change = Self.change(words.dropFirst()) else { return nil }
            self = .begin(change)
        case "done":
            guard words.count > 2, let id = Int64(words[1]), let change = Self.change(words.dropFirst(2)) else { return nil }
            self = .done(change, id: id)
        default:
            return nil
        }
    }

    private static func change(_ words: ArraySlice<Substring>) -> Change? {
        let words = Array(words)
        guard let verb = words.first else { return nil }
        switch verb {
        case "add": return words.count == 2 ? .add(title: String(words[1])) : nil
        case "toggle": return words.count == 2 ? Int64(words[1]).map { .toggle(id: $0) } : nil
        case "delete": return words.count == 2 ? Int64(words[1]).map { .delete(id: $0) } : nil
        case "rename": return words.count == 3 ? Int64(words[1]).map { .rename(id: $0, title: String(words[2])) } : nil
        default: return nil
        }
    }
}

/// What the store must hold: every todo by id, with its title and done state.
struct Model: Equatable {
    var todos: [Int64: (title: String, done: Bool)] = [:]

    static func == (lhs: Model, rhs: Model) -> Bool {
        lhs.todos.count == rhs.todos.count && lhs.todos.allSatisfy { id, value in
            rhs.todos[id].map { $0.title == value.title && $0.done == value.done } ?? false
        }
    }

    /// Applies a confirmed change.
    mutating func apply(_ change: LogLine.Change, id: Int64) {
        switch change {
        case .add(let title): todos[id] = (title, false)
        case .toggle(let id): todos[id]?.done.toggle()
        case .delete(let id): todos[id] = nil
        case .rename(let id, let title): todos[id]?.title = title
        }
    }
}
