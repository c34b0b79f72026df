import FoundationEssentials

/// Subtasks in Tick's JSON: a todo's `"parent"` is the `"id"` of its parent in the same file (as
/// `tick export --format json` and `tick ls --json` write it), which an import maps to the todo made
/// from it, wherever it comes in the file (before or after its subtasks). A file is read twice:
/// the first reading (`note`) checks that every `"parent"` names one todo of the file and notes the
/// ids that are parents, with the UID of each parent that came after one of its subtasks; the
/// second (`apply`) gives each todo its parent's UID. Memory grows with the todos' ids (a set of
/// numbers), not with the todos.
///
/// Without `"parent"`, `"parent_uid"` names the parent by UID (an export writes it for a parent in
/// another list, whose relation is kept for the sync).
public struct JSONParentLinks: Sendable {
    /// The ids a `"parent"` names, with the line of the first that does.
    private var referenced: [Int64: Int] = [:]
    /// Every `"id"` of the file (first reading).
    private var declared: Set<Int64> = []
    /// Ids given to two todos (first reading).
    private var duplicated: Set<Int64> = []
    /// The UIDs of parents: those that came after a subtask (first reading), then each as it comes (second).
    private var uids: [Int64: String] = [:]
    /// Whether the first reading is over: `apply` then gives the parents.
    public private(set) var isResolved = false

    /// No links yet.
    public init() {}

    /// First reading: notes `todo` (its `"id"` and `"parent"` in `fields`).
    mutating func note(_ todo: NewTodo, fields: JSONObjectFields) throws(InteropError) {
        if let parent = try fields.integer("parent", in: Int64.min...Int64.max), referenced[parent] == nil {
            referenced[parent] = fields.line(of: "parent")
        }
        guard let id = try fields.integer("id", in: Int64.min...Int64.max) else { return }
        if !declared.insert(id).inserted { duplicated.insert(id) }
        // A parent after one of its subtasks: the second reading needs its UID before it comes.
        if referenced[id] != nil, uids[id] == nil { uids[id] = todo.uid ?? TodoStore.newUID() }
    }

    /// Ends the first reading: a `"parent"` that names no todo, or an id two todos have, is refused at its line.
    mutating func resolve() throws(InteropError) {
        for (parent, line) in referenced.sorted(by: { $0.value < $1.value }) {
            if !declared.contains(parent) {
                throw InteropError(line: line, problem: "\"parent\" is \(parent), but no todo of the file has \"id\": \(parent)")
            }
            if duplicated.contains(parent) {
                throw InteropError(line: line, problem: "\"parent\" is \(parent), but two todos of the file have \"id\": \(parent)")
            }
        }
        declared = []
        duplicated = []
        isResolved = true
    }

    /// Second reading: gives `todo` its parent's UID, and its own when it is a parent.
    mutating func apply(to todo: inout NewTodo, fields: JSONObjectFields) throws(InteropError) {
        if let id = try fields.integer("id", in: Int64.min...Int64.max), referenced[id] != nil {
            let uid = uids[id] ?? todo.uid ?? TodoStore.newUID()
            todo.uid = uid
            uids[id] = uid
        }
        if let parent = try fields.integer("parent", in: Int64.min...Int64.max) {
            todo.parentUID = uids[parent]
        } else {
            todo.parentUID = try fields.string("parent_uid")
        }
    }
}
