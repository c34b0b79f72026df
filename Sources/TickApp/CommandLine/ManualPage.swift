import TermTable

/// The manual page `tick(1)`, in roff's man macros, generated from what `--help`, the completion
/// scripts and the help screen are generated from (the command descriptions, the app's options,
/// the key map), so the page cannot fall behind them. `tick help --man` prints it; `make install`
/// installs it.
public enum ManualPage {
    /// The whole page.
    public static var text: String {
        var page = ManualPageWriter()
        page.raw(".TH TICK 1 \"\" \"Tick \(TickVersion.current)\" \"User Commands\"")
        page.section("NAME")
        page.raw("tick \\- a todo list for the terminal")
        page.section("SYNOPSIS")
        page.literal(synopsis)
        page.section("DESCRIPTION")
        page.paragraphs(description)
        page.section("OPTIONS")
        for option in CompletionScript.appOptions { page.option(option) }
        page.section("COMMANDS")
        page.paragraphs("Commands work on the store from the shell; --db may come before or after the command. "
                        + "Each command's --help says the same as this section.")
        for command in CommandLineTool.commands { page.command(command.description) }
        page.section("KEYS")
        keys(into: &page)
        page.section("KEY SCRIPTS")
        page.paragraphs(ManualPageText.keyScripts)
        page.section("FILES")
        page.definitions(ManualPageText.files)
        page.section("ENVIRONMENT")
        page.definitions(ManualPageText.environment)
        page.section("EXIT STATUS")
        page.definitions(ManualPageText.exitStatus)
        page.section("SEE ALSO")
        page.paragraphs(ManualPageText.seeAlso)
        return page.text
    }

    /// The usage lines of `tick --help`, then one line per command.
    static var synopsis: [String] {
        let usage = LaunchOptions.usage.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .map { $0.trimmingPrefix("Usage:").trimmingPrefix(while: { $0 == " " }) }
            .map(String.init)
        return usage + CommandLineTool.commands.map { $0.description.usage }
    }

    /// The paragraph of `tick --help` that says what Tick is.
    static var description: String {
        let blocks = LaunchOptions.usage.components(separatedBy: "\n\n")
        let prose = blocks.dropFirst().first { !$0.hasPrefix("Options:") } ?? ""
        return prose.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }.joined(separator: " ")
    }

    /// One subsection per help-screen group, from the standard key map; then editing mode's keys and
    /// every other mode's.
    static func keys(into page: inout ManualPageWriter) {
        page.paragraphs("The keys of the list, as the help screen (?) shows them; a config file can bind others "
                        + "(see docs/configuration.md in Tick's source).")
        for group in Command.Group.allCases where group != .editing {
            let commands = Command.allCases.filter { $0.group == group && !KeyMap.standard.keys(for: $0).isEmpty }
            guard !commands.isEmpty else { continue }
            page.subsection(group.rawValue)
            for command in commands {
                page.definition(term: KeyMap.standard.keys(for: command).map(keyName).joined(separator: ", "), body: command.summary)
            }
        }
        page.subsection(Command.Group.editing.rawValue)
        for command in Command.allCases where !KeyMap.editing.keys(for: command).isEmpty {
            page.definition(term: KeyMap.editing.keys(for: command).map(keyName).joined(separator: ", "),
                            body: HelpOverlay.editingSummary(command))
        }
        // The other modes' maps, as help lists them after the list's.
        for (mode, entries) in KeyMaps().otherModesHelp() where !entries.isEmpty {
            page.subsection(mode.title)
            for entry in entries {
                var seen: Set<String> = []
                let names = entry.keys.map(keyName).filter { seen.insert($0).inserted }
                page.definition(term: names.joined(separator: ", "), body: entry.summary)
            }
        }
        page.subsection("The input line")
        page.paragraphs(ManualPageText.inputLine)
    }

    /// A key as the page names it: the help screen's names, with words for the arrows.
    static func keyName(_ key: Key) -> String {
        switch key {
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        default: return HelpOverlay.name(key)
        }
    }
}
