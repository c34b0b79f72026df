import TermTable

/// What a key does in an input line (adding, editing, search, list names, the picker's filter).
/// A character bound to nothing here is typed.
public enum InputKeyAction: String, KeyAction {
    case submit, cancel
    case moveLeft, moveRight, moveToStart, moveToEnd, moveWordLeft, moveWordRight
    case deleteBackward, deleteForward, deleteToSpace, deleteWordBackward, deleteWordForward
    case deleteToStart, deleteToEnd, insertSpace

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .submit: return "accept the line"
        case .cancel: return "cancel"
        case .moveLeft: return "cursor one character left"
        case .moveRight: return "cursor one character right"
        case .moveToStart: return "cursor to the start"
        case .moveToEnd: return "cursor to the end"
        case .moveWordLeft: return "cursor one word left"
        case .moveWordRight: return "cursor one word right"
        case .deleteBackward: return "delete the character before the cursor"
        case .deleteForward: return "delete the character under the cursor"
        case .deleteToSpace: return "delete back to the previous space"
        case .deleteWordBackward: return "delete back to the start of the word (stops at punctuation)"
        case .deleteWordForward: return "delete to the end of the word"
        case .deleteToStart: return "delete to the start"
        case .deleteToEnd: return "delete to the end"
        case .insertSpace: return "type a space"
        }
    }
}

extension ModeKeyMap where Action == InputKeyAction {
    /// The keys shell users expect (readline's).
    public static let standard = ModeKeyMap([
        (.enter, .submit),
        (.escape, .cancel), (.control("c"), .cancel), (.control("g"), .cancel),
        (.left, .moveLeft), (.control("b"), .moveLeft),
        (.right, .moveRight), (.control("f"), .moveRight),
        (.home, .moveToStart), (.control("a"), .moveToStart),
        (.end, .moveToEnd), (.control("e"), .moveToEnd),
        (.alt("b"), .moveWordLeft), (.alt("B"), .moveWordLeft),
        (.alt("f"), .moveWordRight), (.alt("F"), .moveWordRight),
        (.backspace, .deleteBackward), (.control("h"), .deleteBackward),
        (.delete, .deleteForward), (.control("d"), .deleteForward),
        (.control("w"), .deleteToSpace),
        (.alt("\u{7F}"), .deleteWordBackward), (.alt("\u{8}"), .deleteWordBackward),
        (.alt("d"), .deleteWordForward),
        (.control("u"), .deleteToStart), (.control("k"), .deleteToEnd),
        (.tab, .insertSpace),
    ])
}
