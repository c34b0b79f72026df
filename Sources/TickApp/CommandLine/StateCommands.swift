import TodoStore

/// `tick done ID…`: marks todos done, all in one change.
struct DoneCommand: Subcommand {
    static let description = CommandDescription(
        name: "done", summary: "Mark todos done.",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true, completion: .source(.ids))],
        discussion: "All of them change together, or none when an id does not exist. A recurring todo comes back: "
            + "its next occurrence is added in the same change (printed as Next). u in Tick undoes it.",
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
        arguments: [ArgumentDescription("ID", help: "ids as tick ls --all shows them", repeats: true, completion: .source(.ids))],
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
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true, completion: .source(.ids))],
        options: [OptionDescription("skip", help: "for a recurring todo, skip this occurrence: delete it and add the next")],
        discussion: "All of them go together, or none when an id does not exist. A recurring todo's series stops "
            + "unless --skip is given. u in Tick brings them back; ids are never reused.",
        examples: ["tick rm 7", "tick rm 7 8 9", "tick rm --skip 7"])

    let ids: [Int64]
    let skips: Bool
    init(_ arguments: ParsedArguments) throws(UsageError) {
        ids = try TodoIDs.parse(arguments.positionals)
        skips = arguments.has("skip")
        if skips && ids.count > 1 { throw UsageError(message: "--skip takes one id") }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        let items = try TodoIDs.require(ids, in: store)
        if skips {
            guard items[0].recurrence != nil else {
                throw UsageError(message: "todo \(ids[0]) does not recur: nothing to skip (tick rm without --skip deletes it)")
            }
            let next = try store.skipOccurrence(id: ids[0]).value
            context.print("Skipped \(items[0].id): \(Describe.todo(items[0]))")
            if let next { context.print("Next \(next.id): \(Describe.todo(next))") } else { context.print("The series is over") }
            return 0
        }
        for item in try store.delete(ids: ids).value { context.print("Deleted \(item.id): \(Describe.todo(item))") }
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
        let result = try store.setDoneReportingNext(done, ids: ids).value
        for item in result.items {
            let verb = wasDone[item.id] == done ? (done ? "Already done" : "Already open") : (done ? "Done" : "Open again")
            context.print("\(verb) \(item.id): \(Describe.todo(item))")
        }
        for next in result.nextOccurrences { context.print("Next \(next.id): \(Describe.todo(next))") }
        return 0
    }
}
