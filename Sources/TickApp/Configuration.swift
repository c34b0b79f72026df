import FoundationEssentials
import Glibc
import TermTable
import TodoStore

/// Settings read from the config file (`$XDG_CONFIG_HOME/tick/config`, else `~/.config/tick/config`).
///
/// One setting per line, `#` starts a comment, every line is optional:
///
///     bind [<mode>] <key> <action>  bind <C-n> moveDown, bind notes <C-s> save   (keys in key-script notation)
///     unbind [<mode>] <key>         unbind d, unbind lists d   (no mode: the list)
///     theme dark|light|high-contrast|16-color   the look (T cycles it while Tick runs)
///     color <element> <color> [on <color>] [bold] [dim] [underline] [reverse] [italic]
///     mouse yes|no
///     clipboard yes|no            whether y copies a title to the terminal's clipboard (OSC 52)
///     remind-alert off|bell|title|osc9|osc777…   how a reminder coming due is told besides the status line
///     list <name>                 the list Tick starts on and `tick add` uses
///     hide-completed yes|no
///     hide-waiting yes|no         todos waiting for their start day (^fri) start hidden (R toggles it)
///     wrap yes|no                 long titles wrap onto up to 3 lines (W toggles it)
///     sort manual|due|priority|created
///     history <n>                 how many changes undo can go back (default 100)
///     sync <setting> <value>      CalDAV sync (see `SyncSettings`)
///
/// A bad line is reported with the file, line and problem, and the other lines still apply. All
/// problems are kept: help lists them and `tick --check-config` prints them.
public struct Configuration: Equatable {
    /// Every mode's key map after `bind` and `unbind` lines.
    public var keyMaps = KeyMaps()
    /// The list's key map (what `bind` and `unbind` without a mode change).
    public var keyMap: KeyMap {
        get { keyMaps.list }
        set { keyMaps.list = newValue }
    }
    /// The named look (`theme light`); `color` lines change it element by element.
    public var themeName: ThemeName = .dark
    /// Style changes from `color` lines, by element name.
    public var colors: [String: Style] = [:]
    /// Whether to ask the terminal for mouse events (`mouse no` turns it off).
    public var mouse = true
    /// Whether `y` may set the terminal's clipboard with OSC 52 (`clipboard no` turns it off).
    public var clipboard = true
    /// How a reminder coming due is told besides the status line (`remind-alert bell osc9`); none by default.
    public var reminderAlerts = ReminderAlerts()
    /// The list Tick starts on and `tick add` uses (`list Work`); nil is the Inbox.
    public var defaultList: String?
    /// Whether completed todos start hidden (`hide-completed yes`).
    public var hidesCompleted = false
    /// Whether todos still waiting for their start day start hidden (`hide-waiting yes`).
    public var hidesWaiting = false
    /// Whether long titles start wrapped (`wrap yes`).
    public var wrapsTitles = false
    /// The sort Tick starts with (`sort due`).
    public var sort: TodoSort = .manual
    /// How many changes undo can go back (`history 200`).
    public var historyDepth = 100
    /// The CalDAV sync settings (`sync url …`, `sync user …`).
    public var sync = SyncSettings()
    /// Saved views (`view NAME QUERY`), in the file's order; a later line of the same name replaces an earlier one.
    public var views: [SavedView] = []
    /// Problems found, one line each: `path:line: problem`.
    public var problems: [String] = []
    /// Why the config file was not used at all (others could change it, it is not a regular file),
    /// nil when it was read; then the defaults apply and this is also among `problems`.
    public var refusal: String?

    /// The default settings.
    public init() {}

    /// Where the config file is looked for.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let explicit = environment["TICK_CONFIG"], !explicit.isEmpty { return explicit }
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/tick/config" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/tick/config" }
        return nil
    }

    /// Reads a config file; a missing file is simply the defaults, an unreadable one a problem, and
    /// one that someone else could have written, or that is not a regular file, is refused whole
    /// (`ConfigurationFileSafety`; `refusal` says why). `/dev/null` means "no settings".
    public static func load(path: String) -> Configuration {
        guard FileManager.default.fileExists(atPath: path) else { return Configuration() }
        var configuration = Configuration()
        // O_NONBLOCK: opening a FIFO must not wait for a writer before it is refused.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            configuration.problems.append(printable("\(path): cannot be read"))
            return configuration
        }
        let stream = FileStream(descriptor: descriptor, closesOnDeinit: true)
        if ConfigurationFileSafety.isNullDevice(info) { return configuration }
        if let refusal = ConfigurationFileSafety.refusal(path: path, info: info) {
            configuration.refusal = printable(refusal)
            configuration.problems.append(printable("\(path): \(refusal)"))
            return configuration
        }
        do {
            return parse(String(decoding: try stream.readToEnd(), as: UTF8.self), path: path)
        } catch {
            // Read as empty, the file's settings would silently be the defaults.
            configuration.refusal = printable("cannot be read: \(error)")
            configuration.problems.append(printable("\(path): cannot be read: \(error)"))
            return configuration
        }
    }

    /// Parses config text; `path` names the file in problem reports.
    public static func parse(_ text: String, path: String) -> Configuration {
        var configuration = Configuration()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = SavedView.isViewLine(rawLine) ? SavedView.withoutComment(rawLine)
                : rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let setting = words.first else { continue }
            do {
                try configuration.apply(setting, Array(words.dropFirst()))
            } catch {
                configuration.problems.append(printable("\(path):\(index + 1): \(error.message)"))
            }
        }
        if let problem = configuration.sync.overallProblem { configuration.problems.append(printable("\(path): \(problem)")) }
        return configuration
    }

    /// A problem as it can be printed: the file's own words are quoted in it, and a control character
    /// among them (an escape sequence, say) would reach the terminal with `tick --check-config`.
    private static func printable(_ problem: String) -> String { TodoTable.safe(problem).text }

    struct Problem: Error {
        var message: String
    }

    private mutating func apply(_ setting: String, _ arguments: [String]) throws(Problem) {
        switch setting.lowercased() {
        case "bind":
            guard arguments.count == 2 || arguments.count == 3 else {
                throw Problem(message: "bind wants a key and a command, like: bind <C-n> moveDown")
            }
            let mode = arguments.count == 3 ? try Self.mode(arguments[0]) : .list
            let key = try Self.key(arguments[arguments.count - 2])
            let name = arguments[arguments.count - 1]
            guard keyMaps.bind(key, toActionNamed: name, in: mode) else {
                let names = KeyMaps.actionNames(in: mode).joined(separator: ", ")
                // Saving notes is the notes editor's, not the details': say where an action of that name is.
                let elsewhere = KeyMode.allCases.first { other in
                    other != mode && KeyMaps.actionNames(in: other).contains { $0.lowercased() == name.lowercased() }
                }
                let hint = elsewhere.map { "; \(name) is an action of mode \($0.rawValue): bind \($0.rawValue) \(arguments[arguments.count - 2]) \(name)" } ?? ""
                if mode == .list { throw Problem(message: "unknown command \"\(name)\" (commands: \(names))" + hint) }
                throw Problem(message: "unknown \(mode.rawValue) action \"\(name)\" (\(mode.rawValue) actions: \(names))" + hint)
            }
        case "unbind":
            guard arguments.count == 1 || arguments.count == 2 else {
                throw Problem(message: "unbind wants one key, like: unbind d")
            }
            let mode = arguments.count == 2 ? try Self.mode(arguments[0]) : .list
            keyMaps.unbind(try Self.key(arguments[arguments.count - 1]), in: mode)
        case "color":
            guard arguments.count >= 2 else { throw Problem(message: "color wants an element and a color, like: color done bright-black") }
            guard Theme.elementNames.contains(arguments[0].lowercased()) else {
                throw Problem(message: "unknown element \"\(arguments[0])\" (elements: \(Theme.elementNames.joined(separator: ", ")))")
            }
            colors[arguments[0].lowercased()] = try Self.style(Array(arguments.dropFirst()))
        case "mouse":
            guard arguments.count == 1, let value = Self.bool(arguments[0]) else { throw Problem(message: "mouse wants yes or no") }
            mouse = value
        case "clipboard":
            guard arguments.count == 1, let value = Self.bool(arguments[0]) else { throw Problem(message: "clipboard wants yes or no") }
            clipboard = value
        case "remind-alert":
            guard let alerts = ReminderAlerts.parse(arguments) else {
                throw Problem(message: "remind-alert wants off, or one or more of: bell, title, osc9, osc777")
            }
            reminderAlerts = alerts
        case "list":
            let name = arguments.joined(separator: " ")
            guard !name.isEmpty else { throw Problem(message: "list wants a list name, like: list Work") }
            defaultList = name
        case "theme":
            guard arguments.count == 1, let name = ThemeName(rawValue: arguments[0].lowercased()) else {
                throw Problem(message: "theme wants one of: \(ThemeName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            themeName = name
        case "hide-completed":
            guard arguments.count == 1, let value = Self.bool(arguments[0]) else { throw Problem(message: "hide-completed wants yes or no") }
            hidesCompleted = value
        case "hide-waiting":
            guard arguments.count == 1, let value = Self.bool(arguments[0]) else { throw Problem(message: "hide-waiting wants yes or no") }
            hidesWaiting = value
        case "wrap":
            guard arguments.count == 1, let value = Self.bool(arguments[0]) else { throw Problem(message: "wrap wants yes or no") }
            wrapsTitles = value
        case "sort":
            guard arguments.count == 1, let value = TodoSort(rawValue: arguments[0].lowercased()) else {
                throw Problem(message: "sort wants one of: \(TodoSort.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            sort = value
        case "history":
            guard arguments.count == 1, let value = Int(arguments[0]), (0...10_000).contains(value) else {
                throw Problem(message: "history wants a number of changes from 0 to 10000")
            }
            historyDepth = value
        case "sync":
            try sync.apply(arguments)
        case "view":
            let view = try SavedView(arguments)
            views.removeAll { $0.name.lowercased() == view.name.lowercased() }
            views.append(view)
        default:
            throw Problem(message: "unknown setting \"\(setting)\" (settings: bind, unbind, theme, color, mouse, list, hide-completed, hide-waiting, wrap, sort, history, sync, clipboard, view, remind-alert)")
        }
    }

    private static func mode(_ text: String) throws(Problem) -> KeyMode {
        guard let mode = KeyMode.allCases.first(where: { $0.rawValue == text.lowercased() }) else {
            throw Problem(message: "unknown mode \"\(text)\" (modes: \(KeyMode.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return mode
    }

    private static func key(_ text: String) throws(Problem) -> Key {
        let keys: [Key]
        do {
            keys = try KeyScript.parse(text)
        } catch {
            throw Problem(message: "\(error.problem) in key \"\(text)\"")
        }
        guard keys.count == 1 else { throw Problem(message: "\"\(text)\" is not a single key (write <Space>, <lt>, <C-x>…)") }
        // A paste is text and never keys, in every mode, so it is never bound.
        if case .paste = keys[0] { throw Problem(message: "\"\(text)\" is a paste, not a key: pasted text is never a key") }
        return keys[0]
    }

    private static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "on", "true", "1": return true
        case "no", "off", "false", "0": return false
        default: return nil
        }
    }

    private static func style(_ words: [String]) throws(Problem) -> Style {
        var style = Style()
        var index = 0
        style.foreground = try color(words[0])
        index = 1
        while index < words.count {
            let word = words[index].lowercased()
            switch word {
            case "on":
                guard index + 1 < words.count else { throw Problem(message: "\"on\" wants a background color") }
                style.background = try color(words[index + 1])
                index += 1
            case "bold": style.attributes.insert(.bold)
            case "dim": style.attributes.insert(.dim)
            case "underline": style.attributes.insert(.underline)
            case "reverse": style.attributes.insert(.reverse)
            case "italic": style.attributes.insert(.italic)
            default: throw Problem(message: "unknown attribute \"\(words[index])\" (bold, dim, underline, reverse, italic)")
            }
            index += 1
        }
        return style
    }

    private static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    private static func color(_ text: String) throws(Problem) -> Color {
        let name = text.lowercased()
        if name == "default" { return .default }
        if let index = colorNames.firstIndex(of: name) { return .indexed(UInt8(index)) }
        if name.hasPrefix("bright-"), let index = colorNames.firstIndex(of: String(name.dropFirst(7))) { return .indexed(UInt8(index + 8)) }
        if let number = Int(name), (0...255).contains(number) { return .indexed(UInt8(number)) }
        throw Problem(message: "unknown color \"\(text)\" (default, black…white, bright-black…bright-white, or 0-255)")
    }

    public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
        lhs.themeName == rhs.themeName && lhs.colors == rhs.colors && lhs.mouse == rhs.mouse && lhs.clipboard == rhs.clipboard && lhs.reminderAlerts == rhs.reminderAlerts && lhs.problems == rhs.problems && lhs.defaultList == rhs.defaultList
            && lhs.hidesCompleted == rhs.hidesCompleted && lhs.hidesWaiting == rhs.hidesWaiting && lhs.wrapsTitles == rhs.wrapsTitles && lhs.sort == rhs.sort && lhs.historyDepth == rhs.historyDepth
            && lhs.sync == rhs.sync
            && lhs.keyMaps.signature == rhs.keyMaps.signature
    }
}
