import TodoStore

/// `tick done ID…`: marks todos done, all in one change.
struct DoneCommand: Subcommand {
    static let description = CommandDescription(
        name: "done", summary: "Mark todos done.",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true)],
        discussion: "All of them change together, or none when an id does not exist. u in Tick undoes it.",
        examples: ["tick done 12", "tick done 3 4 5"])

    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws(UsageError) { ids = try TodoIDs.parse(arguments.positionals) }

    func run(in context: CommandContext) throws -> Int32 {
        try StateChange.mark(ids, done: true, in: context)
    }
}

/// `tick undone ID…`: marks todos open again.
struct UndoneCommand: Subcommand {
    static let description = CommandDescription(
        name: "undone", summary: "Mark done todos open again.",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls --all shows them", repeats: true)],
        discussion: "All of them change together, or none when an id does not exist.",
        examples: ["tick undone 12"])

    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws(UsageError) { ids = try TodoIDs.parse(arguments.positionals) }

    func run(in context: CommandContext) throws -> Int32 {
        try StateChange.mark(ids, done: false, in: context)
    }
}

/// `tick rm ID…`: deletes todos.
struct RemoveCommand: Subcommand {
    static let description = CommandDescription(
        name: "rm", summary: "Delete todos.",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true)],
        discussion: "All of them go together, or none when an id does not exist. u in Tick brings them back; ids are never reused.",
        examples: ["tick rm 7", "tick rm 7 8 9"])

    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws(UsageError) { ids = try TodoIDs.parse(arguments.positionals) }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        _ = try TodoIDs.require(ids, in: store)
        for item in try store.delete(ids: ids) { context.print("Deleted \(item.id): \(Describe.todo(item))") }
        return 0
    }
}

/// Marking done and not done, shared by `done` and `undone`.
enum StateChange {
    static func mark(_ ids: [Int64], done: Bool, in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        let before = try TodoIDs.require(ids, in: store)
        let wasDone = Dictionary(before.map { ($0.id, $0.isDone) }, uniquingKeysWith: { first, _ in first })
        for item in try store.setDone(done, ids: ids) {
            let verb = wasDone[item.id] == done ? (done ? "Already done" : "Already open") : (done ? "Done" : "Open again")
            context.print("\(verb) \(item.id): \(Describe.todo(item))")
        }
        return 0
    }
}
