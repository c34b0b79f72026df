/// The seam through which the app starts other programs: the editor for notes (`E` in the details)
/// and the link opener (`o`). The interactive session gives the real ones (the editor run with curses
/// suspended); key scripts and tests get `keyScript`, which starts nothing, and scenario tests put in
/// a fake that records the command and edits the file.
public struct ExternalPrograms {
    /// The variables that choose the programs: `VISUAL`, `EDITOR`, `BROWSER`, `TMPDIR`, and what the
    /// programs are given.
    public var environment: [String: String]
    /// Runs an editor (program, arguments, the notes file last) with the terminal and waits for it.
    public var runEditor: ([String]) -> ProgramLauncher.Outcome
    /// Starts a link opener (program, arguments, the link) detached, and returns at once.
    public var startOpener: ([String]) -> ProgramLauncher.Outcome
    /// Why no program is ever started (a key script), or nil when they are.
    public var refusal: String?

    /// Programs as given.
    public init(environment: [String: String], runEditor: @escaping ([String]) -> ProgramLauncher.Outcome,
                startOpener: @escaping ([String]) -> ProgramLauncher.Outcome, refusal: String? = nil) {
        self.environment = environment
        self.runEditor = runEditor
        self.startOpener = startOpener
        self.refusal = refusal
    }

    /// What key scripts and tests get unless they say otherwise: `E` and `o` say what they would run and
    /// start nothing, so a script played from a file never opens an editor or a browser.
    public static var keyScript: ExternalPrograms {
        ExternalPrograms(
            environment: [:], runEditor: { _ in .couldNotStart("key scripts start no programs") },
            startOpener: { _ in .couldNotStart("key scripts start no programs") }, refusal: "key scripts start no programs")
    }

    /// The real programs: `runEditor` wraps the wait (the session suspends curses around it). They
    /// are not given `TICK_SYNC_PASSWORD`.
    public static func system(environment: [String: String],
                              aroundEditor: @escaping (() -> ProgramLauncher.Outcome) -> ProgramLauncher.Outcome) -> ExternalPrograms {
        let environment = ProcessSecrecy.withoutPassword(environment)
        return ExternalPrograms(environment: environment, runEditor: { command in
            aroundEditor { ProgramLauncher.runAndWait(command, environment: environment) }
        }, startOpener: { command in
            ProgramLauncher.startDetached(command, environment: environment)
        })
    }

    /// The editor's command line: `$VISUAL`, else `$EDITOR` (as git chooses); nil when neither is set.
    var editorLine: (variable: String, line: String)? {
        for variable in ["VISUAL", "EDITOR"] {
            if let line = environment[variable], !line.allSatisfy(\.isWhitespace) { return (variable, line) }
        }
        return nil
    }

    /// The command that opens `link`: `$BROWSER`'s words with `%s` replaced by the link (or the link
    /// added at the end), else `xdg-open LINK`.
    func openerCommand(for link: String) throws(CommandWords.Problem) -> [String] {
        guard let browser = environment["BROWSER"], !browser.allSatisfy(\.isWhitespace) else { return ["xdg-open", link] }
        let words = try CommandWords.split(browser)
        return words.contains("%s") ? words.map { $0 == "%s" ? link : $0 } : words + [link]
    }

    /// Where the notes file goes: `$TMPDIR`, else `/tmp`.
    var temporaryDirectory: String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}
