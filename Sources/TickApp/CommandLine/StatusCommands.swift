import TodoStore

/// `tick start ID…`: marks todos started (iCalendar's STATUS:IN-PROCESS).
struct StartCommand: Subcommand {
    static let description = CommandDescription(
        name: "start", summary: "Mark todos started (in process).",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true, completion: .source(.ids))],
        discussion: "A started todo is open and shows [/] in Tick; it syncs as STATUS:IN-PROCESS. A done or cancelled "
            + "todo is opened again, started. All of them change together, or none when an id does not exist. "
            + "tick edit ID --status open takes the start back.",
        examples: ["tick start 12", "tick start 3 4"])

    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws(UsageError) { ids = try TodoIDs.parse(arguments.positionals) }

    func run(in context: CommandContext) throws -> Int32 {
        try StatusChange.set(.inProcess, ids: ids, in: context)
    }
}

/// `tick cancel ID…`: marks todos cancelled (iCalendar's STATUS:CANCELLED).
struct CancelCommand: Subcommand {
    static let description = CommandDescription(
        name: "cancel", summary: "Mark todos cancelled.",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true, completion: .source(.ids))],
        discussion: "A cancelled todo is finished without being done: it shows [-] in Tick, hides with the done todos "
            + "(H, tick ls without --all) and syncs as STATUS:CANCELLED. A recurring todo comes back on its next date, "
            + "as when it is done. tick undone ID opens it again.",
        examples: ["tick cancel 12"])

    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws(UsageError) { ids = try TodoIDs.parse(arguments.positionals) }

    func run(in context: CommandContext) throws -> Int32 {
        try StatusChange.set(.cancelled, ids: ids, in: context)
    }
}

/// Setting a status, shared by `start`, `cancel` and `edit --status`.
enum StatusChange {
    /// Puts the todos in `status` as one change and prints each ("Started 12: …", "Already
    /// cancelled 12: …") and the next occurrences it added.
    static func set(_ status: TodoStatus, ids: [Int64], in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        let before = try TodoIDs.require(ids, in: store)
        let was = Dictionary(before.map { ($0.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        let result = try store.setStatus(status, ids: ids).value
        for item in result.items {
            let verb = was[item.id] == status ? "Already \(word(status))" : verb(status)
            context.print("\(verb) \(item.id): \(Describe.todo(item))")
        }
        for next in result.nextOccurrences { context.print("Next \(next.id): \(Describe.todo(next))") }
        return 0
    }

    /// "Started", "Cancelled", "Done", "Open again".
    static func verb(_ status: TodoStatus) -> String {
        switch status {
        case .open: "Open again"
        case .inProcess: "Started"
        case .done: "Done"
        case .cancelled: "Cancelled"
        }
    }

    /// The status as a word of a sentence: "open", "started", "done", "cancelled".
    static func word(_ status: TodoStatus) -> String {
        switch status {
        case .open: "open"
        case .inProcess: "started"
        case .done: "done"
        case .cancelled: "cancelled"
        }
    }

    /// The status a `--status` value names; a usage error naming the words for anything else.
    static func status(named word: String) throws(UsageError) -> TodoStatus {
        guard let status = TodoStatus(word: word) else {
            throw UsageError(message: "--status is open, started (in-process), done or cancelled, not \(TodoTable.safe(word).text)")
        }
        return status
    }

    /// The percentage a `--percent` value names (0–100, `none` clears it).
    static func percent(named word: String) throws(UsageError) -> Int? {
        let digits = word.hasSuffix("%") ? String(word.dropLast()) : word
        if digits.lowercased() == "none" { return nil }
        guard let value = Int(digits), (0...100).contains(value) else {
            throw UsageError(message: "--percent is a whole number from 0 to 100 (or none), not \(TodoTable.safe(word).text)")
        }
        return value
    }
}
