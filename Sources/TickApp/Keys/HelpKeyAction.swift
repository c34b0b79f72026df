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

extension TableView {
    /// Moves the selection as a key of help's key map asks (help and the recent messages, `M`, read
    /// their keys from it); false for `close`, true otherwise (nil: a key bound to nothing, kept).
    func perform(_ action: HelpKeyAction?) -> Bool {
        let page = max(1, frame.height - 1), halfPage = max(1, frame.height / 2)
        switch action {
        case .close: return false
        case .moveDown: moveSelection(by: 1)
        case .moveUp: moveSelection(by: -1)
        case .moveToTop: moveSelectionToFirstRow()
        case .moveToBottom: moveSelectionToLastRow()
        case .pageDown: moveSelection(byLines: page)
        case .pageUp: moveSelection(byLines: -page)
        case .halfPageDown: moveSelection(byLines: halfPage)
        case .halfPageUp: moveSelection(byLines: -halfPage)
        case nil: break
        }
        return true
    }
}
