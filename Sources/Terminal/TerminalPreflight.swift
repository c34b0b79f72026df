import CNcursesw
import Glibc

/// The checks made before curses starts, so failures become a clear message instead of
/// ncurses printing its own and calling `exit(1)` (which `initscr` does).
public enum TerminalPreflight {
    /// Checks standard input/output, `TERM` and its terminfo entry, without touching the locale.
    public static func checkTerminal(allowsPipedInput: Bool = false) throws(TerminalError) {
        guard isatty(STDOUT_FILENO) == 1 else { throw .outputNotATerminal }
        if !allowsPipedInput {
            guard isatty(STDIN_FILENO) == 1 else { throw .inputNotATerminal }
        }
        guard let name = getenv("TERM").map({ String(cString: $0) }), !name.isEmpty else {
            throw .terminalTypeUnset
        }
        guard name != "dumb" else { throw .terminalTooLimited(name) }
        var status: Int32 = 0
        let result = setupterm(name, STDOUT_FILENO, &status)
        defer { cn_release_setupterm() }
        guard result == OK else {
            // setupterm's status: 0 means no entry for this name, -1 no database at all.
            throw status == -1 ? .terminfoMissing : .terminalTypeUnknown(name)
        }
        guard cn_tigetstr("cup") != nil else { throw .terminalTooLimited(name) }
    }

    /// Makes the process locale UTF-8 (the environment's, else C.UTF-8 for text handling) or throws.
    ///
    /// Without it ncurses draws CJK as blanks and `get_wch` swallows keys after a multibyte character.
    public static func ensureUTF8Locale() throws(TerminalError) {
        _ = setlocale(LC_ALL, "")
        if isUTF8(currentCodeset()) { return }
        let original = currentCodeset()
        if setlocale(LC_CTYPE, "C.UTF-8") != nil, isUTF8(currentCodeset()) { return }
        throw .localeNotUTF8(original)
    }

    /// Whether an interactive session could start: terminals on both ends and a usable `TERM`.
    public static func isInteractiveTerminalAvailable(allowsPipedInput: Bool = false) -> Bool {
        do {
            try checkTerminal(allowsPipedInput: allowsPipedInput)
            return true
        } catch {
            return false
        }
    }

    static func currentCodeset() -> String {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return "unknown" }
        return String(cString: codeset)
    }

    static func isUTF8(_ codeset: String) -> Bool {
        let normalized = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        return normalized == "utf8"
    }
}
