/// A key press or terminal event, independent of where it came from (ncurses or a key script).
public enum Key: Hashable, Sendable {
    /// A printable character (any script: letters, CJK, emoji).
    case character(Character)
    /// A control key: `.control("d")` is Ctrl-D. Always a lowercase letter or one of `@[\]^_`.
    case control(Character)
    /// Alt (Meta) plus a character, sent by terminals as ESC followed by the character.
    case alt(Character)
    /// Named editing keys; `backTab` is Shift-Tab.
    case enter, escape, tab, backTab, backspace, delete, insert
    /// The arrow keys.
    case up, down, left, right
    /// The paging keys.
    case home, end, pageUp, pageDown
    /// A function key, F1 is `.function(1)`.
    case function(Int)
    /// A mouse event at a screen position.
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
    /// Text the user pasted (bracketed paste: everything between `ESC [200~` and `ESC [201~`), as the
    /// terminal sent it. It is text, never keys: a pasted `dd` must not act as two key presses.
    case paste(String)

    /// The plain character typed, if this key inserts text.
    public var insertedCharacter: Character? {
        if case .character(let c) = self { return c }
        return nil
    }
}

/// A mouse event as reported by the terminal (xterm SGR mode).
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(MouseButton)
        /// A button went up.
        case release(MouseButton)
        /// Movement with a button held.
        case drag(MouseButton)
        /// The wheel turned one step.
        case wheelUp, wheelDown
    }

    /// The mouse buttons a terminal reports.
    public enum MouseButton: Int, Hashable, Sendable {
        /// The raw values are the button numbers of the xterm protocol.
        case left = 0, middle = 1, right = 2
    }

    /// What happened.
    public var kind: Kind
    /// The column, 0-based.
    public var x: Int
    /// The row, 0-based.
    public var y: Int

    /// Creates a mouse event.
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

extension Key: CustomStringConvertible {
    /// The key in key-script notation (`a`, `<Enter>`, `<C-d>`), as help screens show it.
    public var description: String {
        switch self {
        case .character(" "): return "<Space>"
        case .character("<"): return "<lt>"
        case .character(let c): return String(c)
        case .control(let c): return "<C-\(c)>"
        case .alt(let c): return "<M-\(c)>"
        case .enter: return "<Enter>"
        case .escape: return "<Esc>"
        case .tab: return "<Tab>"
        case .backTab: return "<S-Tab>"
        case .backspace: return "<BS>"
        case .delete: return "<Del>"
        case .insert: return "<Insert>"
        case .up: return "<Up>"
        case .down: return "<Down>"
        case .left: return "<Left>"
        case .right: return "<Right>"
        case .home: return "<Home>"
        case .end: return "<End>"
        case .pageUp: return "<PageUp>"
        case .pageDown: return "<PageDown>"
        case .function(let n): return "<F\(n)>"
        case .mouse(let event): return "<Mouse \(event.kind) \(event.x),\(event.y)>"
        case .resize(let width, let height): return "<Resize \(width)x\(height)>"
        case .paste(let text): return "<Paste>" + Self.pasteNotation(text) + "</Paste>"
        }
    }
}

extension Key {
    /// Pasted text in key-script notation: `<` as `<lt>`, line breaks as `<Enter>`, Tab as `<Tab>`,
    /// Esc as `<Esc>` and other control characters as `<C-x>`, so the notation never holds a raw control.
    static func pasteNotation(_ text: String) -> String {
        var result = ""
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            let crlf = afterCarriageReturn && scalar == "\n"
            afterCarriageReturn = scalar == "\r"
            switch scalar.value {
            case _ where crlf: continue
            case 0x3C: result += "<lt>"
            case 0x0A, 0x0D: result += "<Enter>"
            case 0x09: result += "<Tab>"
            case 0x1B: result += "<Esc>"
            case 0x00: result += "<C-@>"
            case 0x01...0x1A: result += "<C-\(Character(Unicode.Scalar(scalar.value + 0x60)!))>"
            case 0x1C: result += "<C-\\>"
            case 0x1D: result += "<C-]>"
            case 0x1E: result += "<C-^>"
            case 0x1F: result += "<C-_>"
            case 0x7F...0x9F: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
