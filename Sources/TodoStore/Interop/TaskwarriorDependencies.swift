import FoundationEssentials

/// taskwarrior's `depends` as Tick's outline: a task that depends on others waits for them, so it
/// is their parent, and each task it depends on is its subtask (`task 1 depends:2,3` makes 2 and 3
/// subtasks of 1). A file is read twice: the first reading notes each added task's dependencies
/// (`note`), `resolve()` decides the parents, the second reading (`parent(of:)`, `isMapped`) gives them.
///
/// A task has one parent, in its own list (a subtask is always in its parent's list): a task that
/// several tasks depend on becomes a subtask of the first of them in the file; the others keep it in
/// their notes (`Depends on: UUID`), as they keep a dependency on a task of another project, on a
/// task that is not added (not in the file, deleted, an occurrence a recurring todo stands for)
/// and one that would close a loop of parents. Nothing is lost. taskwarrior's own `parent` is not a
/// subtask: it names the recurring task an occurrence belongs to (`TaskwarriorReader`).
public struct TaskwarriorDependencies: Sendable {
    /// Each added task's UUID as written, and the tasks it depends on (first reading), in file order.
    private var dependencies: [(uuid: String, dependsOn: [TaskwarriorUUID])] = []
    /// The added tasks, each with its list's number in `lists` (first reading).
    private var added: [TaskwarriorUUID: Int] = [:]
    /// The lists' names, numbered as they come.
    private var lists: [String: Int] = [:]
    /// Each subtask's parent's UUID as written (after `resolve()`).
    private var parents: [TaskwarriorUUID: String] = [:]
    /// Whether `resolve()` has run.
    public private(set) var isResolved = false

    /// None yet.
    public init() {}

    /// First reading: a task added as a todo to the list `listName`, with the UUIDs it depends on.
    mutating func note(uuid: String?, listName: String, dependsOn: [String]) {
        guard let uuid, let key = TaskwarriorUUID(uuid) else { return }
        let list = lists[listName] ?? lists.count
        lists[listName] = list
        added[key] = list
        let keys = dependsOn.compactMap(TaskwarriorUUID.init)
        if !keys.isEmpty { dependencies.append((uuid, keys)) }
    }

    /// Decides each subtask's parent: the first task in the file that depends on it, unless that
    /// would close a loop.
    public mutating func resolve() {
        guard !isResolved else { return }
        isResolved = true
        var parentKey: [TaskwarriorUUID: TaskwarriorUUID] = [:]
        for (uuid, dependsOn) in dependencies {
            guard let parent = TaskwarriorUUID(uuid) else { continue }
            for child in dependsOn where added[child] != nil && added[child] == added[parent] && parents[child] == nil && child != parent {
                // A loop: the parent is below the child already.
                var above: TaskwarriorUUID? = parent, steps = 0
                while let current = above, current != child, steps <= dependencies.count {
                    above = parentKey[current]
                    steps += 1
                }
                if above == child { continue }
                parentKey[child] = parent
                parents[child] = uuid
            }
        }
        dependencies = []
        added = [:]
        lists = [:]
    }

    /// Second reading: the UUID of the parent of the task `uuid`, or nil.
    func parent(of uuid: String?) -> String? {
        guard isResolved, let key = uuid.flatMap(TaskwarriorUUID.init) else { return nil }
        return parents[key]
    }

    /// Second reading: whether the task `uuid`'s dependency on `dependency` made it that task's parent.
    func isMapped(_ dependency: String, of uuid: String?) -> Bool {
        guard let uuid, let key = TaskwarriorUUID(dependency) else { return false }
        return parents[key] == uuid
    }
}
