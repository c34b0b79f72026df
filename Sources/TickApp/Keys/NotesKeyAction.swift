import TermTable

/// What a key does while a todo's notes are edited in its details. A character bound to nothing
/// here is typed.
public enum NotesKeyAction: String, KeyAction {
    case save, done
    case newLine, insertSpace, deleteBackward, deleteForward
    case moveLeft, moveRight, moveUp, moveDown, moveToLineStart, moveToLineEnd
    case deleteToLineStart, deleteToLineEnd

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .save: return "save the notes and stop editing (a refused save keeps them open)"
        case .done: return "save the notes and stop editing (again after a refused save: leave without them)"
        case .newLine: return "break the line"
        case .insertSpace: return "type a space"
        case .deleteBackward: return "delete the character before the cursor (joins lines at the start)"
        case .deleteForward: return "delete the character under the cursor (joins lines at the end)"
        case .moveLeft: return "cursor left"
        case .moveRight: return "cursor right"
        case .moveUp: return "cursor up a line"
        case .moveDown: return "cursor down a line"
        case .moveToLineStart: return "cursor to the start of the line"
        case .moveToLineEnd: return "cursor to the end of the line"
        case .deleteToLineStart: return "delete to the start of the line"
        case .deleteToLineEnd: return "delete to the end of the line"
        }
    }
}

extension ModeKeyMap where Action == NotesKeyAction {
    /// The notes editor's keys: Ctrl-S and Esc save, the rest edit.
    public static let standard = ModeKeyMap([
        (.control("s"), .save), (.escape, .done),
        (.enter, .newLine), (.tab, .insertSpace),
        (.backspace, .deleteBackward), (.control("h"), .deleteBackward), (.delete, .deleteForward),
        (.left, .moveLeft), (.right, .moveRight), (.up, .moveUp), (.down, .moveDown),
        (.home, .moveToLineStart), (.control("a"), .moveToLineStart),
        (.end, .moveToLineEnd), (.control("e"), .moveToLineEnd),
        (.control("u"), .deleteToLineStart), (.control("k"), .deleteToLineEnd),
    ])
}
