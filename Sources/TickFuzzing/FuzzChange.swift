import TickApp
import TodoStore

/// One change "elsewhere" (another process, or the background sync) a fuzz run makes on its second
/// connection, as a value: drawn once against the store as it is (`FuzzStore.drawChange`), then
/// applied, and applied again as recorded when a shrunk script is replayed. It names todos and lists
/// by id, so a replay that dropped what it names gets a refusal, which changes nothing.
public struct FuzzChange: Equatable, Sendable, CustomStringConvertible {
    /// What the change does, as the `TodoStore` call that makes it.
    public enum Edit: Equatable, Sendable {
        case add(title: String, listID: Int64, after: Int64?)
        case delete(id: Int64)
        case setDone(id: Int64, done: Bool)
        case flag(id: Int64, flagged: Bool)
        case retitle(id: Int64, title: String)
        case prioritise(id: Int64, priority: Int)
        case date(id: Int64, due: String)
        case move(id: Int64, listID: Int64, after: Int64?)
        case note(id: Int64, notes: String)
        case addList(name: String)
        case deleteList(id: Int64, movingTodosTo: Int64?)
        /// Drawn, but nothing to do (the Inbox cannot be deleted).
        case nothing
    }

    /// The store call.
    public var edit: Edit
    /// Made as the sync makes its steps (`store.asRemote`), or as another process.
    public var isRemote: Bool

    /// A change made as the sync (`isRemote`) or as another process would make it.
    public init(_ edit: Edit, isRemote: Bool) {
        self.edit = edit
        self.isRemote = isRemote
    }

    /// Who makes it and the call, in Swift a regression test can use on its second connection:
    /// `sync: deleteList(id: 3, movingTodosTo: 1)`.
    public var description: String {
        let who = isRemote ? "sync" : "another process"
        func quoted(_ text: String) -> String { visible(text) }
        func optional(_ id: Int64?) -> String { id.map(String.init) ?? "nil" }
        let call: String
        switch edit {
        case .add(let title, let listID, let after): call = "add(title: \(quoted(title)), listID: \(listID), after: \(optional(after)))"
        case .delete(let id): call = "delete(ids: [\(id)])"
        case .setDone(let id, let done): call = "setDone(\(done), ids: [\(id)])"
        case .flag(let id, let flagged): call = "update(id: \(id), isFlagged: \(flagged))"
        case .retitle(let id, let title): call = "update(id: \(id), title: \(quoted(title)))"
        case .prioritise(let id, let priority): call = "update(id: \(id), priority: \(priority))"
        case .date(let id, let due): call = "update(id: \(id), due: \(quoted(due)))"
        case .move(let id, let listID, let after): call = "move(id: \(id), toList: \(listID), after: \(optional(after)))"
        case .note(let id, let notes): call = "update(id: \(id), notes: \(quoted(notes)))"
        case .addList(let name): call = "addList(named: \(quoted(name)))"
        case .deleteList(let id, let target): call = "deleteList(id: \(id), movingTodosTo: \(optional(target)))"
        case .nothing: call = "nothing"
        }
        return "\(who): \(call)"
    }

    /// Makes the change on `store` (inside `asRemote` when it is the sync's). Throws the store's
    /// refusal (a todo or list gone, a name taken), after which nothing changed.
    public func apply(on store: TodoStore) throws {
        func make() throws {
            switch edit {
            case .add(let title, let listID, let after): _ = try store.add(title: title, listID: listID, after: after)
            case .delete(let id): _ = try store.delete(ids: [id])
            case .setDone(let id, let done): _ = try store.setDone(done, ids: [id])
            case .flag(let id, let flagged): _ = try store.update(id: id, isFlagged: flagged)
            case .retitle(let id, let title): _ = try store.update(id: id, title: title)
            case .prioritise(let id, let priority): _ = try store.update(id: id, priority: priority)
            case .date(let id, let due): _ = try store.update(id: id, due: .some(due))
            case .move(let id, let listID, let after): _ = try store.move(id: id, toList: listID, after: after)
            case .note(let id, let notes): _ = try store.update(id: id, notes: notes)
            case .addList(let name): _ = try store.addList(named: name)
            case .deleteList(let id, let target): _ = try store.deleteList(id: id, movingTodosTo: target)
            case .nothing: break
            }
        }
        if isRemote { try store.asRemote { try make() } } else { try make() }
    }
}

extension FuzzStore {
    /// Draws one random change for `store` as it is now (another connection to the app's file), as
    /// another process would make it, or, half the time, as the background sync would.
    static func drawChange<R: RandomNumberGenerator>(on store: TodoStore, today: Day, using random: inout R) throws -> FuzzChange {
        let remote = random.next() % 2 == 0
        let lists = try store.lists()
        let todos = try lists.flatMap { list in try store.items(SectionQuery(listID: list.id), in: 0..<store.count(SectionQuery(listID: list.id))) }
        let list = lists[Int(random.next() % UInt64(lists.count))]
        guard !todos.isEmpty, random.next() % 8 != 0 else {
            return FuzzChange(.add(title: title(using: &random), listID: list.id, after: nil), isRemote: remote)
        }
        let todo = todos[Int(random.next() % UInt64(todos.count))]
        let edit: FuzzChange.Edit
        switch random.next() % 11 {
        case 0: edit = .delete(id: todo.id)
        case 1: edit = .setDone(id: todo.id, done: !todo.isDone)
        case 2: edit = .flag(id: todo.id, flagged: !todo.isFlagged)
        case 3: edit = .retitle(id: todo.id, title: title(using: &random))
        case 4: edit = .prioritise(id: todo.id, priority: Int(random.next() % 4))
        case 5: edit = .date(id: todo.id, due: today.adding(days: Int(random.next() % 9) - 2).iso)
        case 6:
            let other = todos[Int(random.next() % UInt64(todos.count))]
            edit = .move(id: todo.id, listID: list.id, after: other.listID == list.id && other.id != todo.id ? other.id : nil)
        case 7: edit = .note(id: todo.id, notes: todo.notes.isEmpty ? "from elsewhere" : "")
        case 8: edit = .addList(name: "Elsewhere \(random.next() % 1000)")
        case 9:
            guard list.id != TodoStore.inboxListID else { edit = .nothing; break }
            edit = .deleteList(id: list.id, movingTodosTo: random.next() % 2 == 0 ? TodoStore.inboxListID : nil)
        default: edit = .add(title: title(using: &random), listID: todo.listID, after: todo.id)
        }
        return FuzzChange(edit, isRemote: remote)
    }
}
