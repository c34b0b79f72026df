/// `tick help [COMMAND]`: the same text as `tick --help` or `tick COMMAND --help`.
struct HelpCommand: Subcommand {
    static let description = CommandDescription(
        name: "help", summary: "Show help for Tick or one of its commands.",
        arguments: [ArgumentDescription("COMMAND", help: "the command to explain", isOptional: true, completion: .commandName)],
        usesStore: false)

    let topic: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        topic = arguments.positionals.first
        if let topic, CommandLineTool.command(named: topic) == nil {
            throw UsageError(message: "unknown command \"\(topic)\"")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        if let topic, let command = CommandLineTool.command(named: topic) {
            try context.emit(command.description.help)
        } else {
            context.print(CommandLineTool.overview)
        }
        return 0
    }
}
