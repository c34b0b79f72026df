import TermTable

/// `<Paste>…</Paste>`: text pasted into the terminal (bracketed paste), one `Key.paste`.
///
/// Inside, characters are the pasted text; line breaks of the script file are ignored as elsewhere,
/// and tags stand for the characters a paste may hold: `<Enter>` a line break, `<Tab>`, `<Space>`,
/// `<lt>`, `<gt>`, `<Esc>`, `<BS>` and `<C-x>` control characters (so a scenario can paste the
/// hostile bytes Tick must drop). Other keys cannot be pasted and are an error.
extension KeyScript {
    /// The tag that opens a paste, compared ignoring case.
    static let pasteOpening = "paste"
    /// The tag that closes a paste, compared ignoring case.
    static let pasteClosing = "/paste"

    /// Parses a paste's text from `start` (just after `<Paste>`) to its `</Paste>`, continuing the line
    /// and column count; returns the paste and where the script goes on. `opening` is where `<Paste>` was.
    static func parsePaste(_ text: String, from start: String.Index, line: inout Int, column: inout Int,
                           opening: Position) throws(ParseError) -> (key: Key, next: String.Index) {
        var pasted = String.UnicodeScalarView()
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if character.isNewline {
                line += 1
                column = 1
                index = text.index(after: index)
                continue
            }
            guard character == "<" else {
                pasted.append(contentsOf: character.unicodeScalars)
                column += 1
                index = text.index(after: index)
                continue
            }
            guard let close = text[index...].firstIndex(of: ">"),
                  !text[text.index(after: index)..<close].contains(where: { $0 == "<" || $0.isNewline }) else {
                throw ParseError(problem: "unclosed tag \"<\" (write <lt> for a literal <)", line: line, column: column)
            }
            let name = String(text[text.index(after: index)..<close])
            index = text.index(after: close)
            if name.lowercased() == pasteClosing {
                column += name.count + 2
                return (.paste(String(pasted)), index)
            }
            guard let scalar = key(named: name).flatMap(pastedScalar) else {
                throw ParseError(problem: "<\(visible(name))> cannot be pasted: inside <Paste> write text, <Enter>, <Tab>, <lt>, <Esc> or <C-x>",
                                 line: line, column: column)
            }
            pasted.append(scalar)
            column += name.count + 2
        }
        throw ParseError(problem: "unclosed <Paste>: end the pasted text with </Paste>", line: opening.line, column: opening.column)
    }

    /// The character a key stands for inside a paste, or nil for keys that are no character.
    private static func pastedScalar(_ key: Key) -> Unicode.Scalar? {
        switch key {
        case .character(let character) where character.unicodeScalars.count == 1: return character.unicodeScalars.first
        case .enter: return "\n"
        case .tab: return "\t"
        case .escape: return "\u{1B}"
        case .backspace: return "\u{7F}"
        case .control(let letter):
            guard let value = letter.unicodeScalars.first?.value else { return nil }
            switch value {
            case 0x40: return "\u{0}"  // @
            case 0x61...0x7A: return Unicode.Scalar(value - 0x60)
            case 0x5B...0x5F: return Unicode.Scalar(value - 0x40)  // [ \ ] ^ _
            default: return nil
            }
        default: return nil
        }
    }
}
