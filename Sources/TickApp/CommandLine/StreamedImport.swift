import FoundationEssentials
import TodoStore

/// `tick import` of a todo.txt, JSON or taskwarrior file, read twice a piece at a time so that memory stays flat
/// whatever the file's size. The first reading checks every todo and counts them: a problem stops the
/// import with `FILE:LINE: problem` before the store is even opened. The second hands the todos to the
/// store in batches, all in one transaction (`TodoStore.importDocument(lists:total:options:todos:)`),
/// so an error anywhere, or Ctrl-C, leaves nothing half imported.
struct StreamedImport {
    /// Todos handed to the store at a time.
    static let batchSize = 4_096

    /// The formats read this way (an iCalendar file is read whole).
    enum Format {
        case todoTxt
        case json
        case taskwarrior
    }

    let input: RereadableInput
    let format: Format
    /// The file as messages name it.
    let name: String
    /// The day relative due days count from (`CivilCalendar` day number).
    let today: Int
    /// `--list`: the one list every todo goes to, or nil for the lists the file names.
    let listName: String?
    let allowsDuplicates: Bool
    let isQuiet: Bool
    /// What stands in for a missing completion time: one moment, so both readings give the same todos.
    let now = Date()
    /// How many due days were written relative to today (todo.txt `due:tom`).
    private(set) var relativeDueDayCount = 0
    /// What the file held besides todos and their fields: lines skipped, fields kept as notes.
    private(set) var tally = ImportTally()
    /// todo.txt's subtask links (`id:`, `p:`) as the first reading found them, which the second applies.
    private(set) var todoTxtLinks: TodoTxtLinks?
    /// JSON's subtasks' parents (`"parent"`) as the first reading found them, which the second applies.
    private(set) var jsonLinks: JSONParentLinks?
    /// taskwarrior's `depends` as the first reading found them, which the second applies.
    private(set) var taskwarriorDependencies: TaskwarriorDependencies?

    /// The lists and the number of todos the first reading found.
    private struct Checked {
        var lists: [InteropList]
        var count: Int
        var inboxName: String { lists.first(where: \.isInbox)?.name ?? "Inbox" }
    }

    /// Reads, checks and imports; `firstPieces` are the bytes already read from the input's start.
    mutating func run(firstPieces: [[UInt8]], in context: CommandContext) throws -> ImportSummary {
        let reading = context.progress(ProgressBar(label: "Reading", unit: .bytes), quiet: isQuiet)
        let size = input.size
        let checked: Checked
        do {
            defer { reading.finish() }
            checked = try readAll(startingWith: firstPieces, inboxName: nil, in: context, progress: { bytes in
                reading.update(count: bytes, total: max(bytes, size ?? bytes))
            }, todo: { _ in })
        } catch let error as InteropError {
            throw CommandFailure("\(name):\(error.line): \(error.problem) (nothing was imported)")
        }
        if let failure = input.failure { throw CommandFailure("\(failure) (nothing was imported)") }
        guard input.rewind() else { throw CommandFailure("\(input.failure ?? "cannot read \(name) again") (nothing was imported)") }

        let store = try context.openStore()
        defer { store.close() }
        let importing = context.progress(ProgressBar(label: "Importing", unit: .todos), quiet: isQuiet)
        defer { importing.finish() }
        let options = ImportOptions(skipsDuplicates: !allowsDuplicates, leavesUnchangedTodosAlone: true) { written, total in
            if context.interrupts.isRequested() { throw CommandInterrupted() }
            importing.update(count: written, total: total)
        }
        do {
            return try store.importDocument(lists: checked.lists, total: checked.count, options: options) { add in
                var batch: [NewTodo] = []
                batch.reserveCapacity(Self.batchSize)
                _ = try readAll(startingWith: [], inboxName: checked.inboxName, in: context, progress: { _ in }) { todo in
                    batch.append(todo)
                    if batch.count == Self.batchSize {
                        try add(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                try add(batch)
                if let failure = input.failure { throw CommandFailure("\(failure) (nothing was imported)") }
            }
        } catch let error as InteropError {
            // The first reading found no problem: the file changed in between.
            throw CommandFailure("\(name):\(error.line): \(error.problem) (the file changed during the import; nothing was imported)")
        }
    }

    /// One reading of the whole input from its start (`pieces` first, then the input's own), each
    /// todo handed to `todo`; `progress` hears the bytes read so far. Ctrl-C stops it.
    private mutating func readAll(startingWith pieces: [[UInt8]], inboxName: String?, in context: CommandContext,
                                  progress: @escaping (Int) -> Void, todo: (NewTodo) throws -> Void) throws -> Checked {
        var waiting = pieces[...]
        var bytes = 0
        let input = input
        let next = { () -> [UInt8]? in
            guard let piece = waiting.popFirst() ?? input.next() else { return nil }
            bytes += piece.count
            progress(bytes)
            return piece
        }
        var count = 0
        let listName = listName
        func each(_ item: NewTodo) throws {
            count += 1
            if count % 1_024 == 0, context.interrupts.isRequested() { throw CommandInterrupted() }
            var item = item
            if let listName { item.listName = listName }
            try todo(item)
        }
        func lists(_ lists: [InteropList]) -> [InteropList] {
            listName.map { InteropList.lists(puttingEverythingIn: $0, from: lists) } ?? lists
        }
        switch format {
        case .todoTxt:
            var reader = TodoTxtReader(zone: context.localTime, now: now, today: today, links: todoTxtLinks)
            while let piece = next() {
                if context.interrupts.isRequested() { throw CommandInterrupted() }
                for item in try reader.read(piece) { try each(item) }
            }
            for item in try reader.finish() { try each(item) }
            relativeDueDayCount = reader.relativeDueDayCount
            tally = reader.tally
            if todoTxtLinks == nil { todoTxtLinks = reader.resolvedLinks() }
            // "+Inbox" always means the Inbox, whatever the importing store calls it.
            return Checked(lists: lists([InteropList(name: "Inbox", isInbox: true)]), count: count)
        case .json:
            let document = try JSONFormat.read(from: next, now: now, inboxName: inboxName, links: jsonLinks, todo: each)
            if jsonLinks == nil { jsonLinks = document.links }
            return Checked(lists: lists(document.lists), count: count)
        case .taskwarrior:
            var reader = TaskwarriorReader(times: TaskwarriorTime(zone: context.localTime), now: now,
                                           dependencies: taskwarriorDependencies)
            while let piece = next() {
                if context.interrupts.isRequested() { throw CommandInterrupted() }
                for item in try reader.read(piece) { try each(item) }
            }
            for item in try reader.finish() { try each(item) }
            tally = reader.tally
            if taskwarriorDependencies == nil { taskwarriorDependencies = reader.resolvedDependencies() }
            // A task without a project goes to the Inbox; projects are lists, created when missing.
            return Checked(lists: lists([InteropList(name: "Inbox", isInbox: true)]), count: count)
        }
    }
}
