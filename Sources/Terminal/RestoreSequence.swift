/// The escape sequences that put a terminal back as the shell expects it.
public enum RestoreSequence {
    /// Turns on xterm mouse reporting: clicks (1000), drags (1002), SGR coordinates (1006).
    public static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    /// Turns the same modes off, in reverse order.
    public static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    /// The bytes written after a crash: mouse off, then terminfo's sgr0, cnorm, rmkx and rmcup
    /// (each may be missing), with `$<…>` padding removed since a signal handler cannot delay.
    public static func bytes(mouse: Bool, sgr0: String?, cnorm: String?, rmkx: String?, rmcup: String?) -> [UInt8] {
        var text = mouse ? mouseOff : ""
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
