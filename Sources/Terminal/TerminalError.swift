/// Why Tick cannot start (or keep) an interactive terminal session; each reads as one line for the user.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard output is a file or a pipe, so there is no screen to draw on.
    case outputNotATerminal
    /// Standard input is not a terminal and the caller did not ask for keys from a pipe.
    case inputNotATerminal
    /// `TERM` is unset or empty.
    case terminalTypeUnset
    /// `TERM` is `dumb` or names a terminal that cannot move the cursor.
    case terminalTooLimited(String)
    /// No terminfo entry exists for `TERM`.
    case terminalTypeUnknown(String)
    /// The terminfo database could not be found at all.
    case terminfoMissing
    /// Neither the environment's locale nor C.UTF-8 gives UTF-8 text.
    case localeNotUTF8(String)
    /// ncurses refused to start.
    case cursesFailed(String)

    /// The one-line message shown to the user.
    public var description: String {
        switch self {
        case .outputNotATerminal:
            return "Tick needs a terminal: standard output is not a terminal (use --script to run a key script)"
        case .inputNotATerminal:
            return "Tick needs a terminal: standard input is not a terminal (use --script to run a key script)"
        case .terminalTypeUnset:
            return "Tick needs a terminal: TERM is not set (try TERM=xterm-256color)"
        case .terminalTooLimited(let name):
            return "Tick needs a terminal that can move the cursor, and TERM=\(name) cannot (try TERM=xterm-256color)"
        case .terminalTypeUnknown(let name):
            return "Tick does not know the terminal type TERM=\(name): no terminfo entry (try TERM=xterm-256color)"
        case .terminfoMissing:
            return "Tick cannot find the terminfo database (install ncurses-base or set TERMINFO)"
        case .localeNotUTF8(let codeset):
            return "Tick needs a UTF-8 locale, but the locale uses \(codeset) and C.UTF-8 is not installed (set LANG=C.UTF-8)"
        case .cursesFailed(let detail):
            return "Tick could not start the terminal: \(detail)"
        }
    }
}
