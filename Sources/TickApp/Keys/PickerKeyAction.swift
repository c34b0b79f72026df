import TermTable

/// What a key does in the list picker (`m`). Keys bound to nothing here edit the filter, as in
/// an input line.
public enum PickerKeyAction: String, KeyAction {
    case cancel, moveDown, moveUp, pageDown, pageUp, choose

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .cancel: return "cancel"
        case .moveDown: return "next choice"
        case .moveUp: return "previous choice"
        case .pageDown: return "a page of choices down"
        case .pageUp: return "a page of choices up"
        case .choose: return "choose (or create the typed list)"
        }
    }
}

extension ModeKeyMap where Action == PickerKeyAction {
    /// The picker's keys: none of them a letter, since letters filter.
    public static let standard = ModeKeyMap([
        (.escape, .cancel),
        (.down, .moveDown), (.control("n"), .moveDown), (.tab, .moveDown),
        (.up, .moveUp), (.control("p"), .moveUp), (.backTab, .moveUp),
        (.pageDown, .pageDown), (.pageUp, .pageUp),
        (.enter, .choose),
    ])
}
