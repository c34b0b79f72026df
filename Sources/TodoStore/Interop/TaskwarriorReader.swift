import FoundationEssentials

/// A taskwarrior export (`task export`: a JSON array of tasks, or one task object per line with
/// `rc.json.array=off`) read a piece at a time (`read(_:)` each piece, then `finish()`): each task
/// becomes a todo as soon as its object is complete (see `TaskwarriorTask` for the mapping), so a file
/// of any size costs one task's bytes, the UUIDs seen (16 bytes each, to refuse one given twice) and
/// the recurring series.
///
/// A recurring task is a template (status `recurring`) and occurrences (`parent` its UUID), one
/// pending at a time or more; Tick has one recurring todo instead. The template becomes that todo,
/// due when its earliest pending occurrence is (its own first due when none is pending), and the
/// pending occurrences are counted, not added. Templates and the earliest occurrence of each series
/// are held until `finish()`, which adds them. Done occurrences are done todos with a `Parent:` line.
/// Pending occurrences whose template is not in the file: the earliest becomes the recurring todo.
/// Deleted tasks are counted and skipped.
public struct TaskwarriorReader {
    private var stream = JSONValueStream(exportName: "taskwarrior export", elementName: "a task")
    private let times: TaskwarriorTime
    private let now: Date
    private var seen: Set<TaskwarriorUUID> = []
    /// Templates in file order, added by `finish()`.
    private var templates: [TaskwarriorTask] = []
    /// The earliest pending occurrence of each series, by its parent.
    private var earliestOccurrence: [TaskwarriorUUID: TaskwarriorTask] = [:]
    /// Parents in the order their first pending occurrence came.
    private var series: [TaskwarriorUUID] = []
    private var pendingOccurrences = 0
    /// Templates that are deleted: their occurrences are not a series any more.
    private var deletedTemplates: Set<TaskwarriorUUID> = []
    /// What was mapped, skipped or kept as notes so far (complete after `finish()`).
    public private(set) var tally = ImportTally()
    /// The projects seen, to count each once.
    private var projects: Set<String> = []
    /// `depends` as subtasks: noted while unresolved (a first reading), applied once resolved (the second).
    private var dependencies: TaskwarriorDependencies

    /// Bytes handed over so far.
    public var bytesRead: Int { stream.bytesRead }

    /// A reader whose local days and times are in `times`' zone; `now` stands in for a completion
    /// time a completed task lacks.
    /// `dependencies`: none (a first reading notes them), or those a first reading resolved, which
    /// this reading applies (see `TaskwarriorDependencies`).
    public init(times: TaskwarriorTime, now: Date = Date(), dependencies: TaskwarriorDependencies? = nil) {
        self.times = times
        self.now = now
        self.dependencies = dependencies ?? TaskwarriorDependencies()
    }

    /// The dependencies this reading noted, resolved: what a second reading of the same export applies.
    public func resolvedDependencies() -> TaskwarriorDependencies {
        var resolved = dependencies
        resolved.resolve()
        return resolved
    }

    /// Whether a JSON file that starts with `start` is a taskwarrior export: its first object has a
    /// `description` and a `status` and no `title` (Tick's JSON todos have a title). When the first
    /// object does not end within `start` (or is broken), the names are looked for in its text.
    public static func isExport(_ start: some Collection<UInt8>) -> Bool {
        var stream = JSONValueStream(exportName: "taskwarrior export", elementName: "a task")
        let names: Set<String>
        do {
            guard let first = try stream.read(start).first else { return mentions(start) }
            guard case .object(let members) = first.value else { return false }
            names = Set(members.map(\.key))
        } catch {
            return mentions(start)
        }
        return names.contains("description") && names.contains("status") && !names.contains("title")
    }

    /// Whether `text` names the members `"description"` and `"status"` and not `"title"`.
    private static func mentions(_ text: some Collection<UInt8>) -> Bool {
        let bytes = Array(text)
        func contains(_ word: String) -> Bool {
            let pattern = Array(word.utf8)
            guard bytes.count >= pattern.count else { return false }
            return (0...(bytes.count - pattern.count)).contains { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
        }
        return contains("\"description\"") && contains("\"status\"") && !contains("\"title\"")
    }

    /// The todos of the tasks that `piece` completes, in order; throws at the first task that cannot be read.
    public mutating func read<Piece: Collection<UInt8>>(_ piece: Piece) throws(InteropError) -> [NewTodo] {
        var todos: [NewTodo] = []
        for node in try stream.read(piece) {
            if let todo = try take(TaskwarriorTask(node, times: times, now: now, dependencies: dependencies)) { todos.append(todo) }
        }
        return todos
    }

    /// Checks the end of the file and returns the recurring todos held back.
    public mutating func finish() throws(InteropError) -> [NewTodo] {
        try stream.finish()
        var todos: [NewTodo] = []
        var folded = pendingOccurrences
        var templateUUIDs: Set<TaskwarriorUUID> = []
        for var template in templates {
            if let uuid = template.uuid.flatMap(TaskwarriorUUID.init) {
                templateUUIDs.insert(uuid)
                if let occurrence = earliestOccurrence[uuid] { template.todo.due = occurrence.todo.due }
            }
            tally.add(template.kept)
            count(template)
            todos.append(template.todo)
        }
        for parent in series where !templateUUIDs.contains(parent) {
            // The template is not in the file (or was deleted): the earliest occurrence stands for the series.
            guard var occurrence = earliestOccurrence[parent] else { continue }
            if !deletedTemplates.contains(parent) { occurrence.todo.recurrence = occurrence.seriesRule }
            folded -= 1
            tally.add(occurrence.kept)
            count(occurrence)
            todos.append(occurrence.todo)
        }
        tally.add(.pendingOccurrence, folded)
        templates = []
        earliestOccurrence = [:]
        return todos
    }

    /// The todo a task adds now, or nil when it is skipped or held until the end.
    private mutating func take(_ task: TaskwarriorTask) throws(InteropError) -> NewTodo? {
        if let text = task.uuid, let uuid = TaskwarriorUUID(text), !seen.insert(uuid).inserted {
            throw InteropError(line: task.line, problem: "the UUID \(text) is given to two tasks")
        }
        switch task.status {
        case .deleted:
            if let uuid = task.uuid.flatMap(TaskwarriorUUID.init) { deletedTemplates.insert(uuid) }
            tally.add(.deleted)
            return nil
        case .recurring where task.uuid != nil:
            templates.append(task)
            return nil
        case .pending, .waiting:
            guard let parent = task.parent.flatMap(TaskwarriorUUID.init), !deletedTemplates.contains(parent) else { break }
            pendingOccurrences += 1
            if let earliest = earliestOccurrence[parent] {
                // Without a due it is the last; otherwise due dates sort as text.
                if let due = task.todo.due, earliest.todo.due.map({ due < $0 }) ?? true { earliestOccurrence[parent] = task }
            } else {
                earliestOccurrence[parent] = task
                series.append(parent)
            }
            return nil
        case .completed, .recurring:
            break
        }
        tally.add(task.kept)
        count(task)
        return task.todo
    }

    /// Counts what a todo that is added has mapped: its UUID, its project, its recurrence; notes its
    /// dependencies (a first reading).
    private mutating func count(_ task: TaskwarriorTask) {
        let todo = task.todo
        if !dependencies.isResolved { dependencies.note(uuid: task.uuid, listName: todo.listName, dependsOn: task.dependsOn) }
        if todo.uid != nil { tally.add(.uuid) }
        // A task without a project goes to the Inbox, named so by `TaskwarriorTask`.
        if todo.listName != NewTodo(title: "").listName, projects.insert(todo.listName).inserted { tally.add(.project) }
        if todo.recurrence != nil { tally.add(.recurringSeries) }
    }
}
