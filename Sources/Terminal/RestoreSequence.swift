/// The escape sequences that put a terminal back as the shell expects it.
public enum RestoreSequence {
    /// Turns on xterm mouse reporting: clicks (1000), drags (1002), SGR coordinates (1006).
    public static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    /// Turns the same modes off, in reverse order.
    public static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    /// Turns on bracketed paste (2004): the terminal wraps pasted text in `ESC [200~` … `ESC [201~`,
    /// so a paste is text and never runs as keys.
    public static let bracketedPasteOn = "\u{1B}[?2004h"
    /// Turns bracketed paste off: a shell that does not expect the markers would show them.
    public static let bracketedPasteOff = "\u{1B}[?2004l"

    /// The modes Tick turns on for a session (and again after Ctrl-Z): bracketed paste, and mouse reporting when wanted.
    public static func modesOn(mouse: Bool) -> String {
        bracketedPasteOn + (mouse ? mouseOn : "")
    }

    /// The same modes off, in reverse order, as every exit path writes them.
    public static func modesOff(mouse: Bool) -> String {
        (mouse ? mouseOff : "") + bracketedPasteOff
    }

    /// The bytes written after a crash or a second termination signal: the session's modes off
    /// (mouse reporting when it was on, bracketed paste always), then terminfo's sgr0, cnorm, rmkx
    /// and rmcup (each may be missing), with `$<…>` padding removed since a signal handler cannot delay.
    public static func bytes(mouse: Bool, sgr0: String?, cnorm: String?, rmkx: String?, rmcup: String?) -> [UInt8] {
        var text = modesOff(mouse: mouse)
        for capability in [sgr0, cnorm, rmkx, rmcup] {
            if let capability { text += withoutPadding(capability) }
        }
        return Array(text.utf8)
    }

    /// A terminfo string without its `$<5>`-style delays.
    public static func withoutPadding(_ capability: String) -> String {
        let scalars = Array(capability.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "<",
               let close = scalars[(index + 2)...].firstIndex(of: ">") {
                index = close + 1
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }
}
