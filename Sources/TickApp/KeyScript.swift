import TermTable

/// Keys written in a small vim-like notation: `aBuy milk<Enter>jx<C-d>q`.
///
/// Plain characters stand for themselves; tags name other keys (`<Enter>`, `<Esc>`, `<Space>`,
/// `<Tab>`, `<S-Tab>`, `<BS>`, `<Del>`, arrows, `<Home>`, `<End>`, `<PageUp>`, `<PageDown>`,
/// `<C-x>` for control keys, `<M-x>` for Alt, `<F1>`…`<F24>`, `<lt>` for a literal `<`).
/// Line breaks in a script file are ignored so long scripts can be wrapped; write `<Enter>` for Enter.
/// `<Paste>milk<Enter>dd</Paste>` is a bracketed paste of that text (see `parsePaste`).
///
/// Directives describe a scenario rather than a key (see `ScriptStep`): `<Wait 500ms>`,
/// `<Resize 60x20>`, `<Snap>`, `<Caption text>`, `<Today 2026-11-29>`, `<Remote TITLE>` and
/// `<Shell tick ls>`.
public enum KeyScript {
    /// A parse failure naming the tag and where it is.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// What was wrong, e.g. `unknown key <Foo>`.
        public var problem: String
        /// 1-based line of the problem.
        public var line: Int
        /// 1-based column (in characters) of the problem.
        public var column: Int

        /// `key script: problem at line L, column C`.
        public var description: String { "key script: \(problem) at line \(line), column \(column)" }
    }

    /// All keys of a script, or the first problem found (nothing runs unless the whole script parses).
    /// `<Resize WxH>` is a resize key; the other directives are left out.
    public static func parse(_ text: String) throws(ParseError) -> [Key] {
        var position = Position()
        return try parseSteps(text, from: &position).compactMap(\.key)
    }

    /// All steps of a script (keys and directives), or the first problem found.
    public static func parseSteps(_ text: String) throws(ParseError) -> [ScriptStep] {
        var position = Position()
        return try parseSteps(text, from: &position)
    }

    /// Where parsing is in a script read in pieces: 1-based line and column.
    public struct Position: Equatable, Sendable {
        /// The 1-based line.
        public var line = 1
        /// The 1-based column, in characters.
        public var column = 1
        /// The start of a script.
        public init() {}
        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The steps of one piece of a script, continuing the line and column count in `position`.
    public static func parseSteps(_ text: String, from position: inout Position) throws(ParseError) -> [ScriptStep] {
        var keys: [ScriptStep] = []
        var line = position.line, column = position.column
        defer { position = Position(line: line, column: column) }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r\n" || character == "\r" {
                line += 1
                column = 1
                index = text.index(after: index)
                continue
            }
            if character == "<" {
                guard let close = text[index...].firstIndex(of: ">"),
                      !text[text.index(after: index)..<close].contains(where: { $0 == "<" || $0.isNewline }) else {
                    throw ParseError(problem: unclosedTagProblem(text[text.index(after: index)...]), line: line, column: column)
                }
                let name = String(text[text.index(after: index)..<close])
                if name.lowercased() == pasteOpening {
                    let opening = Position(line: line, column: column)
                    column += name.count + 2
                    let paste = try parsePaste(text, from: text.index(after: close), line: &line, column: &column, opening: opening)
                    keys.append(.key(paste.key))
                    index = paste.next
                    continue
                }
                if let directive = try directive(name, line: line, column: column) {
                    keys.append(directive)
                } else {
                    guard let key = key(named: name) else {
                        throw ParseError(problem: "unknown key <\(visible(name))>", line: line, column: column)
                    }
                    keys.append(.key(key))
                }
                column += name.count + 2
                index = text.index(after: close)
                continue
            }
            keys.append(.key(plainKey(character)))
            column += 1
            index = text.index(after: index)
        }
        return keys
    }

    /// A typed character: control characters in the text count as their control keys.
    private static func plainKey(_ character: Character) -> Key {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value < 0x20 || scalar.value == 0x7F else {
            return .character(character)
        }
        switch scalar.value {
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(scalar.value + 0x60)!))
        default: return .character(character)
        }
    }

    /// Directive names, which an unclosed tag's message names.
    private static let directiveNames: Set<String> = ["snap", "wait", "resize", "caption", "remote", "shell", "today", "paste"]

    /// The message for a `<` with no `>` after it on its line (or another `<` first): naming the
    /// directive when the text after it starts with one (`<Shell tick ls`).
    static func unclosedTagProblem(_ rest: Substring) -> String {
        let name = rest.prefix { $0.isASCII && $0.isLetter }
        guard directiveNames.contains(name.lowercased()) else { return "unclosed tag \"<\" (write <lt> for a literal <)" }
        return "unclosed tag <\(name): a tag ends at the first > on its line, with no < before it (write <lt> for a literal <)"
    }

    /// The key a tag names (case-insensitive), or nil.
    public static func key(named name: String) -> Key? {
        let lowered = name.lowercased()
        if let key = namedKeys[lowered] { return key }
        let parts = lowered.split(separator: "-", maxSplits: 1).map(String.init)
        if parts.count == 2, parts[1].count == 1, let character = name.last {
            switch parts[0] {
            case "c":
                let letter = Character(character.lowercased())
                guard letter.isASCII, letter.isLetter || "@[\\]^_".contains(letter) else { return nil }
                return .control(letter)
            case "m", "a": return .alt(character)
            default: return nil
            }
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...24).contains(number) {
            return .function(number)
        }
        return nil
    }

    private static let namedKeys: [String: Key] = [
        "enter": .enter, "cr": .enter, "return": .enter,
        "esc": .escape, "escape": .escape,
        "space": .character(" "), "tab": .tab, "s-tab": .backTab,
        "bs": .backspace, "backspace": .backspace, "del": .delete, "delete": .delete, "insert": .insert,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end,
        "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
        "lt": .character("<"), "gt": .character(">"),
    ]

    /// A tag name made safe to print in an error message.
    static func visible(_ name: String) -> String {
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        return String(String.UnicodeScalarView(shown.unicodeScalars.map {
            $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "\u{FFFD}" : $0
        }))
    }
}
/// One step of a key script: a key, or a directive that describes the scenario around the keys.
public enum ScriptStep: Equatable, Sendable {
    /// A key press (`<Resize WxH>` is the resize key: the screen changes size).
    case key(Key)
    /// `<Wait 500ms>`: a pause when the script is played live (`--play`, the demo); printing skips it.
    case wait(milliseconds: Int)
    /// `<Snap>`: print the screen as it is now.
    case snap
    /// `<Caption text>`: says what the next steps show; a live player shows it under the screen.
    case caption(String)
    /// `<Today 2026-11-29>` or `<Today 2026-11-29 10:00>`: the day relative due dates count from and
    /// the time of day due times are late against (midnight when not given), so a script's screens never go stale.
    case today(Day, minutes: Int = 0)
    /// `<Remote Call the plumber>`: a todo another device added arrives through the sync, at the end
    /// of the Inbox, written as the sync writes what a server sends (a change `u` passes over).
    case remote(String)
    /// `<Shell tick ls --due today>`: the screen shows a shell prompt with that line and what the
    /// command prints, run in-process on the script's store, until the next step other than
    /// `<Wait>` or `<Snap>` (a glimpse of the command line; `ShellGlimpse`).
    case shell(ShellCommandLine)

    /// The key, when this step is one.
    public var key: Key? {
        if case .key(let key) = self { return key }
        return nil
    }
}

extension KeyScript {
    /// Longest pause a script may ask for.
    static let longestWait = 600_000

    /// The step a directive tag names (`Wait 500ms`, `Resize 60x20`, `Snap`, `Caption …`, `Today …`,
    /// `Remote …`, `Shell …`),
    /// nil when the tag is not a directive, or an error when it is one with a bad argument.
    static func directive(_ tag: String, line: Int, column: Int) throws(ParseError) -> ScriptStep? {
        let parts = tag.split(separator: " ", maxSplits: 1)
        guard let head = parts.first?.lowercased() else { return nil }
        let argument = parts.count > 1 ? String(parts[1]).trimmingSpaces : ""
        func problem(_ text: String) -> ParseError { ParseError(problem: text, line: line, column: column) }
        switch head {
        case "snap":
            guard argument.isEmpty else { throw problem("<Snap> takes nothing (got <\(visible(tag))>)") }
            return .snap
        case "wait":
            guard let milliseconds = parseDuration(argument), milliseconds <= longestWait else {
                throw problem("<Wait> wants a duration up to 10 minutes, like <Wait 500ms> or <Wait 2s> (got <\(visible(tag))>)")
            }
            return .wait(milliseconds: milliseconds)
        case "resize":
            guard let size = LaunchOptions.parseSize(argument) else {
                throw problem("<Resize> wants WIDTHxHEIGHT between 1x1 and 1000x1000, like <Resize 60x20> (got <\(visible(tag))>)")
            }
            return .key(.resize(width: size.width, height: size.height))
        case "caption":
            guard !argument.isEmpty else { throw problem("<Caption> wants the text to show, like <Caption Adding a todo>") }
            return .caption(argument)
        case "remote":
            guard !argument.isEmpty else { throw problem("<Remote> wants the title of the todo that arrives, like <Remote Call the plumber>") }
            return .remote(argument)
        case "shell":
            do throws(ShellCommandLine.ParseProblem) {
                return .shell(try ShellCommandLine.parse(argument))
            } catch {
                throw problem(error.message)
            }
        case "today":
            let words = argument.split(separator: " ")
            guard (1...2).contains(words.count), let day = Day(iso: words[0]) else {
                throw problem("<Today> wants a date and maybe a time, like <Today 2026-11-29> or <Today 2026-11-29 10:00> (got <\(visible(tag))>)")
            }
            guard words.count == 2 else { return .today(day) }
            guard words[1].contains(":"), let minutes = TitleSyntax.parseTime(words[1]) else {
                throw problem("<Today> wants its time as HH:MM, like <Today 2026-11-29 10:00> (got <\(visible(tag))>)")
            }
            return .today(day, minutes: minutes)
        default:
            return nil
        }
    }

    /// `500ms`, `2s`, `1.5s`, or a bare number of milliseconds; nil otherwise.
    public static func parseDuration(_ text: String) -> Int? {
        let lowered = text.lowercased()
        let (number, scale): (Substring, Double) = lowered.hasSuffix("ms") ? (lowered.dropLast(2), 1)
            : lowered.hasSuffix("s") ? (lowered.dropLast(), 1000) : (Substring(lowered), 1)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number), value.isFinite, value >= 0, value * scale <= Double(Int32.max) else { return nil }
        return Int((value * scale).rounded())
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
