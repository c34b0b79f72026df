/// `tick completions SHELL`: prints a completion script for bash, zsh or fish.
struct CompletionsCommand: Subcommand {
    static let description = CommandDescription(
        name: "completions", summary: "Print a shell completion script (bash, zsh or fish).",
        arguments: [ArgumentDescription("SHELL", help: "bash, zsh or fish", completion: .choice(CompletionScript.Shell.allCases.map(\.rawValue)))],
        discussion: """
        The script completes commands, options, their fixed values and file names; it is generated from the \
        same descriptions as --help, so it always matches this Tick. To install it:
          bash:  tick completions bash > ~/.local/share/bash-completion/completions/tick
          zsh:   tick completions zsh > "${fpath[1]}/_tick"
                 (or for this shell only: source <(tick completions zsh))
          fish:  tick completions fish > ~/.config/fish/completions/tick.fish
        """,
        examples: ["source <(tick completions bash)"],
        usesStore: false)

    let shell: CompletionScript.Shell

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let name = arguments.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError(message: "unknown shell \"\(name)\" (bash, zsh or fish)")
        }
        self.shell = shell
    }

    func run(in context: CommandContext) throws -> Int32 {
        try context.emit(CompletionScript.script(for: shell))
        return 0
    }
}
