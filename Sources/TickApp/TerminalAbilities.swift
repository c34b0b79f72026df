/// What the app may write to the terminal besides its frames. The interactive session decides from
/// the config file and `$TERM`; key scripts and tests write nothing unless they say otherwise.
public struct TerminalAbilities: Equatable, Sendable {
    /// Whether `y` may set the terminal's clipboard with OSC 52, and if not, why.
    public enum Clipboard: Equatable, Sendable {
        /// The copy is sent as an OSC 52 sequence (the terminal may still ignore it: tmux needs
        /// `set -g set-clipboard on`, some terminals ask or refuse).
        case osc52
        /// No copy is sent; the reason ends "Not copied: …".
        case unavailable(String)
    }

    /// The clipboard.
    public var clipboard: Clipboard

    /// Abilities as given.
    public init(clipboard: Clipboard) {
        self.clipboard = clipboard
    }

    /// Key scripts and tests: nothing is written.
    public static let none = TerminalAbilities(clipboard: .unavailable("key scripts write nothing to a terminal"))

    /// A terminal of type `term` (`$TERM`), with the config file's `clipboard` setting.
    public static func terminal(named term: String?, clipboardAllowed: Bool) -> TerminalAbilities {
        guard clipboardAllowed else { return TerminalAbilities(clipboard: .unavailable("the config file says clipboard no")) }
        switch term ?? "" {
        case "", "dumb": return TerminalAbilities(clipboard: .unavailable("this terminal ($TERM \(term ?? "unset")) has no clipboard"))
        case "linux": return TerminalAbilities(clipboard: .unavailable("the Linux console has no clipboard"))
        default: return TerminalAbilities(clipboard: .osc52)
        }
    }
}
