/// How the open app tells of a reminder coming due besides the status line, which always says it
/// (the config file's `remind-alert` line; none by default).
///
/// - `bell`: the terminal's bell (BEL), which a terminal may flash or turn into an urgency hint;
/// - `title`: the window title becomes "Tick: Reminder: …" (OSC 2);
/// - `osc9`: a desktop notification through OSC 9 (iTerm2, WezTerm, Windows Terminal, kitty, foot…);
/// - `osc777`: a desktop notification through OSC 777 (urxvt, VTE terminals such as GNOME Terminal, foot).
///
/// A terminal that knows none of these ignores them. The text sent is the todo's title without
/// control characters (`OSC52.withoutControls`), so nothing from a title reaches the terminal as a control.
public struct ReminderAlerts: OptionSet, Equatable, Sendable {
    public let rawValue: Int
    /// An alert set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The terminal's bell.
    public static let bell = ReminderAlerts(rawValue: 1)
    /// The window title.
    public static let title = ReminderAlerts(rawValue: 2)
    /// An OSC 9 notification.
    public static let osc9 = ReminderAlerts(rawValue: 4)
    /// An OSC 777 notification.
    public static let osc777 = ReminderAlerts(rawValue: 8)

    /// The words of the config line and what each turns on (`off` turns everything off).
    static let words: [(String, ReminderAlerts)] = [("bell", .bell), ("title", .title), ("osc9", .osc9), ("osc777", .osc777)]

    /// The alerts `remind-alert` words name, or nil when a word is none of `off`, `bell`, `title`, `osc9`, `osc777`.
    static func parse(_ arguments: [String]) -> ReminderAlerts? {
        guard !arguments.isEmpty else { return nil }
        var alerts = ReminderAlerts()
        for word in arguments {
            if word.lowercased() == "off" || word.lowercased() == "no" { continue }
            guard let found = words.first(where: { $0.0 == word.lowercased() }) else { return nil }
            alerts.insert(found.1)
        }
        return alerts
    }

    /// xterm's "save the window title" (XTWINOPS 22): sent before Tick first sets the title, so
    /// `restoreTitle` gives the shell its own title back when Tick quits. Terminals without a title
    /// stack ignore both.
    static let saveTitle = "\u{1B}[22;2t"
    /// xterm's "restore the window title" (XTWINOPS 23), sent at quit when `saveTitle` was.
    static let restoreTitle = "\u{1B}[23;2t"

    /// The bytes for the terminal saying `text` (a sentence about the reminders) in these ways;
    /// `savingTitle` puts `saveTitle` before the first title Tick sets.
    func terminalOutput(saying text: String, savingTitle: Bool = false) -> [UInt8] {
        let safe = Array(OSC52.withoutControls(text).prefix(200))
        let shown = String(safe)
        var bytes: [UInt8] = []
        if contains(.bell) { bytes += [0x07] }
        if contains(.title) { bytes += Array(((savingTitle ? Self.saveTitle : "") + "\u{1B}]2;Tick: \(shown)\u{07}").utf8) }
        if contains(.osc9) { bytes += Array("\u{1B}]9;\(shown)\u{07}".utf8) }
        if contains(.osc777) { bytes += Array("\u{1B}]777;notify;Tick;\(shown)\u{07}".utf8) }
        return bytes
    }
}
