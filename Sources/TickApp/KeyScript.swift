import TermTable

/// Keys written in a small vim-like notation: `aBuy milk<Enter>jx<C-d>q`.
///
/// Plain characters stand for themselves; tags name other keys (`<Enter>`, `<Esc>`, `<Space>`,
/// `<Tab>`, `<S-Tab>`, `<BS>`, `<Del>`, arrows, `<Home>`, `<End>`, `<PageUp>`, `<PageDown>`,
/// `<C-x>` for control keys, `<M-x>` for Alt, `<F1>`…`<F12>`, `<lt>` for a literal `<`).
/// Line breaks in a script file are ignored so long scripts can be wrapped; write `<Enter>` for Enter.
public enum KeyScript {
    /// A parse failure naming the tag and where it is.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// What was wrong, e.g. `unknown key <Foo>`.
        public var problem: String
        /// 1-based line of the problem.
        public var line: Int
        /// 1-based column (in characters) of the problem.
        public var column: Int

        public var description: String { "key script: \(problem) at line \(line), column \(column)" }
    }

    /// All keys of a script, or the first problem found (nothing runs unless the whole script parses).
    public static func parse(_ text: String) throws(ParseError) -> [Key] {
        var position = Position()
        return try parse(text, from: &position)
    }

    /// Where parsing is in a script read in pieces: 1-based line and column.
    public struct Position: Equatable, Sendable {
        public var line = 1
        public var column = 1
        /// The start of a script.
        public init() {}
        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The keys of one piece of a script, continuing the line and column count in `position`.
    public static func parse(_ text: String, from position: inout Position) throws(ParseError) -> [Key] {
        var keys: [Key] = []
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
                    throw ParseError(problem: "unclosed tag \"<\" (write <lt> for a literal <)", line: line, column: column)
                }
                let name = String(text[text.index(after: index)..<close])
                guard let key = key(named: name) else {
                    throw ParseError(problem: "unknown key <\(visible(name))>", line: line, column: column)
                }
                keys.append(key)
                column += name.count + 2
                index = text.index(after: close)
                continue
            }
            keys.append(plainKey(character))
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
    private static func visible(_ name: String) -> String {
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        return String(String.UnicodeScalarView(shown.unicodeScalars.map {
            $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "\u{FFFD}" : $0
        }))
    }
}
