/// Shell completion scripts generated from the command descriptions, so they never fall behind.
public enum CompletionScript {
    /// The shells Tick writes completions for.
    public enum Shell: String, CaseIterable, Sendable {
        /// Each shell the scripts are written for.
        case bash, zsh, fish
    }

    /// The options of `tick` itself (the app and key scripts), which come before any command: the
    /// completions and the manual page's OPTIONS are generated from them (the zsh and fish
    /// descriptions stop before the first parenthesis).
    static let appOptions: [OptionDescription] = [
        OptionDescription("db", value: .file("PATH"),
                          help: "the store file (default: $TICK_DB, else $XDG_DATA_HOME/tick/tick.db, else ~/.local/share/tick/tick.db; "
                                + "a key script given neither --db nor $TICK_DB runs on a throwaway store)"),
        OptionDescription("config", value: .file("PATH"),
                          help: "the config file (default: $TICK_CONFIG, else $XDG_CONFIG_HOME/tick/config, else ~/.config/tick/config)"),
        OptionDescription("no-config", help: "ignore the config file"),
        OptionDescription("no-mouse", help: "leave the mouse to the terminal (no clicks, wheel or drags in Tick)"),
        OptionDescription("script", value: .file("FILE"), help: "play a key script (- for standard input) instead of opening the terminal"),
        OptionDescription("size", value: .text("WxH"), help: "screen size for key scripts (default 80x24)"),
        OptionDescription("stats", help: "print reuse and drawing statistics (cells created, frames drawn, bytes written) on exit"),
        OptionDescription("frames", help: "print every frame of a key script, each under a \"--- frame N ---\" line"),
        OptionDescription("play", help: "show a key script live in the terminal (when standard output is one), keys from the terminal"),
        OptionDescription("delay", value: .text("TIME"), help: "pause after each key with --play (default 150ms)"),
        OptionDescription("help", short: "h", help: "show the help"),
        OptionDescription("version", help: "show the version"),
        OptionDescription("default-db", help: "print the default store's path and exit"),
        OptionDescription("check-config", help: "check the config file: print every problem with its line (exit 1), or that it is OK"),
    ]

    /// The script for `shell`.
    public static func script(for shell: Shell) -> String {
        let commands = CommandLineTool.commands.map { $0.description }
        switch shell {
        case .bash: return bash(commands)
        case .zsh: return zsh(commands)
        case .fish: return fish(commands)
        }
    }

    private static func names(_ options: [OptionDescription]) -> [String] {
        options.flatMap { option in ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? []) }
    }

    /// What completes an argument, as a bash statement setting `COMPREPLY`.
    private static func bashCompgen(_ completion: Completion, commands: [CommandDescription]) -> String? {
        switch completion {
        case .none: return nil
        case .file: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .choice(let words): return "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        case .commandName: return "COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\"))"
        case .source(let source): return "_tick_words \(source.rawValue)"
        }
    }

    /// The bash function that offers what `tick __complete KIND` prints (the store given by a
    /// `--db` on the line, else the default one): the words that begin with what is typed, an id's
    /// title left out, each quoted for the shell (a list name may have spaces).
    private static let bashWordsFunction = """
        _tick_words() {
            local word i db=()
            for ((i = 1; i < COMP_CWORD - 1; i++)); do
                [[ "${COMP_WORDS[i]}" == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
            done
            COMPREPLY=()
            while IFS= read -r word; do
                word="${word%%$'\t'*}"
                [[ "$word" == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$word")")
            done < <(tick "${db[@]}" __complete "$1" "$cur" 2>/dev/null)
        }

        """

    private static func bashOptionCases(_ options: [OptionDescription]) -> String {
        options.filter(\.takesValue).map { option in
            let patterns = names([option]).joined(separator: "|")
            if let source = option.completes { return "            \(patterns)) _tick_words \(source.rawValue); return ;;\n" }
            switch option.value {
            case .file: return "            \(patterns)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            case .choice(_, let words): return "            \(patterns)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
            default: return "            \(patterns)) return ;;\n"
            }
        }.joined()
    }

    private static func bash(_ commands: [CommandDescription]) -> String {
        let valueOptions = names(appOptions.filter(\.takesValue)).joined(separator: "|")
        var text = """
        # bash completion for tick, generated by `tick completions bash`.
        \(bashWordsFunction)_tick() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" i
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    \(valueOptions)) ((i++)) ;;
                    -*) ;;
                    *) command="${COMP_WORDS[i]}"; break ;;
                esac
            done
            case "$command" in
                "")
                    case "$prev" in
        \(bashOptionCases(appOptions))        esac
                    if [[ "$cur" == -* ]]; then
                        COMPREPLY=($(compgen -W "\(names(appOptions).joined(separator: " "))" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur"))
                    fi ;;

        """
        for command in commands {
            let argument = command.arguments.compactMap { bashCompgen($0.completion, commands: commands) }.first
            text += """
                    \(command.name))
                        case "$prev" in
            \(bashOptionCases(command.allOptions))            esac
                        if [[ "$cur" == -* ]]; then
                            COMPREPLY=($(compgen -W "\(names(command.allOptions).joined(separator: " "))" -- "$cur"))
                        \(argument.map { "else\n                \($0)\n            " } ?? "")fi ;;

            """
        }
        return text + "    esac\n}\ncomplete -F _tick tick\n"
    }

    /// Text inside a zsh `[description]`, single-quoted.
    private static func zshText(_ text: String) -> String {
        let short = text.split(separator: "(").first.map(String.init)?.trimmedWhitespace ?? text
        return short.replacing("'", with: "'\\''").replacing("[", with: "\\[")
            .replacing("]", with: "\\]").replacing(":", with: "\\:")
    }

    private static func zshSpecs(_ options: [OptionDescription]) -> [String] {
        options.map { option in
            let action: String
            switch option.value {
            case .text(let name) where option.completes != nil: action = ":\(name.lowercased()):\(zshAction(.source(option.completes!)))"
            case .none: action = ""
            case .file(let name): action = ":\(name.lowercased()):_files"
            case .text(let name): action = ":\(name.lowercased()): "
            case .choice(let name, let words): action = ":\(name.lowercased()):(\(words.joined(separator: " ")))"
            }
            let names = option.short.map { "'(-\($0) --\(option.long))'{-\($0),--\(option.long)}" } ?? "'--\(option.long)"
            let opening = option.short == nil ? "" : "'"
            return "\(names)\(opening)[\(zshText(option.help))]\(action)'"
        }
    }

    /// The zsh action for words from `tick __complete`: ids with their titles as descriptions.
    private static func zshAction(_ completion: Completion) -> String {
        guard case .source(let source) = completion else { return " " }
        return source == .ids ? "_tick_ids" : "_tick_stored \(source.rawValue)"
    }

    /// The zsh functions that offer what `tick __complete` prints: `_tick_ids` with each todo's title
    /// as its description, `_tick_stored KIND` the words alone.
    private static let zshFunctions = """
        _tick_ids() {
            local -a found
            found=(${(f)"$(tick __complete ids "$PREFIX" 2>/dev/null)"})
            found=(${found/$'\t'/:})
            _describe -t ids 'todo' found
        }
        _tick_stored() {
            local -a found
            found=(${(f)"$(tick __complete "$1" "$PREFIX" 2>/dev/null)"})
            compadd -a found
        }

        """

    private static func zsh(_ commands: [CommandDescription]) -> String {
        var text = "#compdef tick\n# zsh completion for tick, generated by `tick completions zsh`.\n" + zshFunctions + "_tick() {\n"
        text += "    local curcontext=\"$curcontext\" state line\n    local -a commands\n    commands=(\n"
        // _describe splits at the first colon only, so the summaries keep theirs.
        text += commands.map { "        '\($0.name):\($0.summary.replacing("'", with: "'\\''"))'\n" }.joined() + "    )\n"
        text += "    _arguments -C \\\n" + zshSpecs(appOptions).map { "        \($0) \\\n" }.joined()
        text += "        '1: :->command' \\\n        '*:: :->args' && return\n"
        text += "    case $state in\n        command) _describe -t commands 'tick command' commands ;;\n        args)\n"
        text += "            case $line[1] in\n"
        for command in commands {
            var specs = zshSpecs(command.allOptions)
            for (index, argument) in command.arguments.enumerated() {
                let action: String
                switch argument.completion {
                case .none: action = " "
                case .file: action = "_files"
                case .choice(let words): action = "(\(words.joined(separator: " ")))"
                case .commandName: action = "(\(commands.map(\.name).joined(separator: " ")))"
                case .source: action = zshAction(argument.completion)
                }
                let position = argument.repeats ? "*" : String(index + 1)
                specs.append("'\(position)\(argument.isOptional ? ":" : ""):\(argument.name.lowercased()):\(action)'")
            }
            text += "                \(command.name)) _arguments \\\n" + specs.map { "                    \($0)" }.joined(separator: " \\\n") + " ;;\n"
        }
        text += "            esac ;;\n    esac\n}\n"
        return text + "if [ \"$funcstack[1]\" = \"_tick\" ]; then _tick \"$@\"; else compdef _tick tick; fi\n"
    }

    /// Text inside fish single quotes.
    private static func fishText(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    private static func fishOption(_ option: OptionDescription, condition: String) -> String {
        var line = "complete -c tick -n \(fishText(condition))"
        if let short = option.short { line += " -s \(short)" }
        line += " -l \(option.long)"
        switch option.value {
        case .text where option.completes != nil: line += " -x -a \(fishText(fishWords(option.completes!)))"
        case .none: break
        case .file: line += " -r -F"
        case .text: line += " -x"
        case .choice(_, let words): line += " -x -a \(fishText(words.joined(separator: " ")))"
        }
        return line + " -d \(fishText(option.help.split(separator: "(").first.map(String.init)?.trimmedWhitespace ?? option.help))\n"
    }

    /// A fish command substitution printing the words of `tick __complete` for the token typed (fish
    /// shows what follows a tab, an id's title, as the description).
    private static func fishWords(_ source: CompletionSource) -> String {
        "(tick __complete \(source.rawValue) (commandline -ct) 2>/dev/null)"
    }

    private static func fish(_ commands: [CommandDescription]) -> String {
        var text = "# fish completion for tick, generated by `tick completions fish`.\ncomplete -c tick -f\n"
        for option in appOptions { text += fishOption(option, condition: "__fish_use_subcommand") }
        for command in commands {
            text += "complete -c tick -n __fish_use_subcommand -a \(command.name) -d \(fishText(command.summary))\n"
            let condition = "__fish_seen_subcommand_from \(command.name)"
            for option in command.allOptions { text += fishOption(option, condition: condition) }
            for argument in command.arguments {
                switch argument.completion {
                case .none: break
                case .file: text += "complete -c tick -n \(fishText(condition)) -F\n"
                case .choice(let words): text += "complete -c tick -n \(fishText(condition)) -a \(fishText(words.joined(separator: " ")))\n"
                case .commandName:
                    text += "complete -c tick -n \(fishText(condition)) -a \(fishText(commands.map(\.name).joined(separator: " ")))\n"
                case .source(let source):
                    text += "complete -c tick -n \(fishText(condition)) -a \(fishText(fishWords(source)))\n"
                }
            }
        }
        return text
    }
}
