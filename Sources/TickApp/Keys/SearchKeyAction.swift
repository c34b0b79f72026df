import TermTable

/// What a key the input line leaves alone does while searching (`/`): it moves the highlight among
/// the matches, so Enter or Esc leaves the search on one of them.
public enum SearchKeyAction: String, KeyAction {
    case moveDown, moveUp, pageDown, pageUp

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .moveDown: return "next match, while typing the search"
        case .moveUp: return "previous match, while typing the search"
        case .pageDown: return "a page of matches down"
        case .pageUp: return "a page of matches up"
        }
    }
}

extension ModeKeyMap where Action == SearchKeyAction {
    /// The arrows and paging keys, which the input line has no use for.
    public static let standard = ModeKeyMap([
        (.down, .moveDown), (.up, .moveUp), (.pageDown, .pageDown), (.pageUp, .pageUp),
    ])
}
