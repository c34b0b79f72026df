/// `tick help [COMMAND]`: the same text as `tick --help` or `tick COMMAND --help`; `tick help --man`: the manual page.
struct HelpCommand: Subcommand {
    static let description = CommandDescription(
        name: "help", summary: "Show help for Tick or one of its commands.",
        arguments: [ArgumentDescription("COMMAND", help: "the command to explain", isOptional: true, completion: .commandName)],
        options: [OptionDescription("man", help: "print the manual page tick(1) in roff, as make install installs it (man -l - shows it)")],
        examples: ["tick help add", "tick help --man | man -l -"],
        usesStore: false)

    let topic: String?
    let printsManualPage: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        topic = arguments.positionals.first
        printsManualPage = arguments.has("man")
        if let topic, CommandLineTool.command(named: topic) == nil {
            throw UsageError(message: "unknown command \"\(topic)\"")
        }
        if let topic, printsManualPage {
            throw UsageError(message: "--man prints the whole manual page, which has every command: leave out \"\(topic)\"")
        }
    }

    func run(in context: CommandContext) throws -> Int32 {
        if printsManualPage {
            try context.emit(ManualPage.text)
        } else if let topic, let command = CommandLineTool.command(named: topic) {
            try context.emit(command.description.help)
        } else {
            context.print(CommandLineTool.overview)
        }
        return 0
    }
}
