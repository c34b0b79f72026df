import TermTable

/// What a key does while a row's swipe buttons are revealed (after `l` or `h`). The table only
/// offers these operations; which key asks for which is this map's business. A letter bound to
/// nothing here performs the button whose underlined letter it is.
public enum SwipeKeyAction: String, KeyAction {
    case selectLeft, selectRight, selectNext, selectPrevious, perform, close

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .selectLeft: return "select the button to the left"
        case .selectRight: return "select the button to the right"
        case .selectNext: return "select the next button"
        case .selectPrevious: return "select the previous button"
        case .perform: return "press the selected button (a button's underlined letter presses it)"
        case .close: return "close the buttons"
        }
    }
}

extension ModeKeyMap where Action == SwipeKeyAction {
    /// The keys of a swiped row: arrows and Tab move among the buttons, Enter presses, Esc closes.
    public static let standard = ModeKeyMap([
        (.left, .selectLeft), (.right, .selectRight),
        (.tab, .selectNext), (.backTab, .selectPrevious),
        (.enter, .perform), (.escape, .close),
    ])
}
