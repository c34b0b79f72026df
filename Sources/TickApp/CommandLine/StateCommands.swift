import TodoStore

/// `tick done ID…`: marks todos done, all in one change.
struct DoneCommand: Subcommand {
    static let description = CommandDescription(
        name: "done", summary: "Mark todos done.",
        arguments: [ArgumentDescription("ID", help: "ids as tick ls shows them", repeats: true, completion: .source(.ids))],
        options: [SubtaskChoice.option(too: "complete its open subtasks as well", stay: "leave them open")],
        discussion: "All of them change together, or none when an id does not exist. A recurring todo comes back: "
            + "its next occurrence is added in the same change (printed as Next). A parent with open subtasks "
            + "needs --subtasks too or --subtasks stay, as the app asks. u in Tick undoes it.",
        examples: ["tick done 12", "tick done 3 4 5", "tick done --subtasks too 7"])

    let ids: [Int64]
    let subtasks: SubtaskHandling?
    init(_ arguments: ParsedArguments) throws(UsageError) {
        ids = try TodoIDs.parse(arguments.positionals)
        subtasks = SubtaskChoice.handling(arguments)
    }

    func run(in context: CommandContext) throws -> Int32 {
        try StateChange.mark(ids, done: true, subtasks: subtasks, in: context)
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
        options: [OptionDescription("skip", help: "for a recurring todo, skip this occurrence: delete it and add the next"),
                  SubtaskChoice.option(too: "delete its subtasks as well", stay: "keep them, moved up a level")],
        discussion: "All of them go together, or none when an id does not exist. A recurring todo's series stops "
            + "unless --skip is given. A parent needs --subtasks too or --subtasks stay, as the app asks. "
            + "u in Tick brings them back; ids are never reused.",
        examples: ["tick rm 7", "tick rm 7 8 9", "tick rm --skip 7", "tick rm --subtasks stay 3"])

    let ids: [Int64]
    let skips: Bool
    let subtasks: SubtaskHandling?
    init(_ arguments: ParsedArguments) throws(UsageError) {
        ids = try TodoIDs.parse(arguments.positionals)
        skips = arguments.has("skip")
        subtasks = SubtaskChoice.handling(arguments)
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
        let subtasks = try subtasks ?? SubtaskChoice.required(deleting: items, in: store)
        for item in try store.delete(ids: ids, subtasks: subtasks).value { context.print("Deleted \(item.id): \(Describe.todo(item))") }
        return 0
    }
}

/// Marking done and not done, shared by `done` and `undone`.
enum StateChange {
    static func mark(_ ids: [Int64], done: Bool, subtasks: SubtaskHandling? = nil, in context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        defer { store.close() }
        let before = try TodoIDs.require(ids, in: store)
        let wasDone = Dictionary(before.map { ($0.id, $0.isDone) }, uniquingKeysWith: { first, _ in first })
        let subtasks = done ? try subtasks ?? SubtaskChoice.required(completing: before, in: store) : .onlyThese
        let result = try store.setDoneReportingNext(done, ids: ids, subtasks: subtasks).value
        for item in result.items {
            let verb = wasDone[item.id] == done ? (done ? "Already done" : "Already open") : (done ? "Done" : "Open again")
            context.print("\(verb) \(item.id): \(Describe.todo(item))")
        }
        for next in result.nextOccurrences { context.print("Next \(next.id): \(Describe.todo(next))") }
        return 0
    }
}

/// `--subtasks too|stay` on `tick done` and `tick rm`: the answer the app asks for when a parent is
/// completed or deleted. Without it, a parent whose subtasks the command would leave behind is
/// refused, changing nothing, rather than deciding for the user.
enum SubtaskChoice {
    /// The option, with what each word does for this command.
    static func option(too: String, stay: String) -> OptionDescription {
        OptionDescription("subtasks", value: .choice("WHAT", ["too", "stay"]), help: "for a parent: too = \(too), stay = \(stay)")
    }

    /// The handling the arguments ask for, nil when they do not say.
    static func handling(_ arguments: ParsedArguments) -> SubtaskHandling? {
        arguments.value("subtasks").map { $0 == "too" ? .subtasksToo : .onlyThese }
    }

    /// For `tick done` without `--subtasks`: only these, unless a named open todo has open subtasks
    /// not named too, which is refused.
    static func required(completing items: [TodoItem], in store: TodoStore) throws -> SubtaskHandling {
        let named = Set(items.map(\.id))
        for item in items where !item.isDone {
            let left = try store.subtreeIDs(of: item.id).dropFirst().filter { !named.contains($0) }
                .compactMap { try store.item(id: $0) }.filter { !$0.isDone }
            guard left.isEmpty else {
                throw UsageError(message: "\(item.id) (\(Describe.todo(item))) has \(count(left.count, "open subtask")): "
                    + "--subtasks too completes them as well, --subtasks stay leaves them open (nothing changed)")
            }
        }
        return .onlyThese
    }

    /// For `tick rm` without `--subtasks`: only these, unless a named todo has subtasks not named too,
    /// which is refused.
    static func required(deleting items: [TodoItem], in store: TodoStore) throws -> SubtaskHandling {
        let named = Set(items.map(\.id))
        for item in items {
            let left = try store.subtreeIDs(of: item.id).dropFirst().filter { !named.contains($0) }
            guard left.isEmpty else {
                throw UsageError(message: "\(item.id) (\(Describe.todo(item))) has \(count(left.count, "subtask")): "
                    + "--subtasks too deletes them as well, --subtasks stay keeps them a level up (nothing deleted)")
            }
        }
        return .onlyThese
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
