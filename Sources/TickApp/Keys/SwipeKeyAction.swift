import TermTable

/// What a key does while a row's swipe buttons are revealed (after `l` or `h`). The table only
/// offers these operations; which key asks for which is this map's business. A letter bound to
/// nothing here performs the button whose underlined letter it is.
public enum SwipeKeyAction: String, KeyAction {
    case focusLeft, focusRight, focusNext, focusPrevious, perform, close

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .focusLeft: return "highlight the button to the left"
        case .focusRight: return "highlight the button to the right"
        case .focusNext: return "highlight the next button"
        case .focusPrevious: return "highlight the previous button"
        case .perform: return "press the highlighted button (a button's underlined letter presses it)"
        case .close: return "close the buttons"
        }
    }
}

extension ModeKeyMap where Action == SwipeKeyAction {
    /// The keys of a swiped row: arrows and Tab move among the buttons, Enter presses, Esc closes.
    public static let standard = ModeKeyMap([
        (.left, .focusLeft), (.right, .focusRight),
        (.tab, .focusNext), (.backTab, .focusPrevious),
        (.enter, .perform), (.escape, .close),
    ])
}
