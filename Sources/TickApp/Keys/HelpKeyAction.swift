import TermTable

/// What a key does while help (`?`) is shown.
public enum HelpKeyAction: String, KeyAction {
    case close, moveDown, moveUp, moveToTop, moveToBottom, pageDown, pageUp, halfPageDown, halfPageUp

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .close: return "close help"
        case .moveDown: return "next line"
        case .moveUp: return "previous line"
        case .moveToTop: return "first line"
        case .moveToBottom: return "last line"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .halfPageDown: return "half a page down"
        case .halfPageUp: return "half a page up"
        }
    }
}

extension ModeKeyMap where Action == HelpKeyAction {
    /// Help's keys: the list's for moving, and the keys that opened it close it.
    public static let standard = ModeKeyMap([
        (.character("?"), .close), (.escape, .close), (.character("q"), .close), (.function(1), .close),
        (.character("j"), .moveDown), (.down, .moveDown),
        (.character("k"), .moveUp), (.up, .moveUp),
        (.character("g"), .moveToTop), (.home, .moveToTop),
        (.character("G"), .moveToBottom), (.end, .moveToBottom),
        (.pageDown, .pageDown), (.character(" "), .pageDown), (.control("f"), .pageDown),
        (.pageUp, .pageUp), (.control("b"), .pageUp),
        (.control("d"), .halfPageDown), (.control("u"), .halfPageUp),
    ])
}
