import TermTable

/// What a key does on the lists screen (`L`).
public enum ListsKeyAction: String, KeyAction {
    case back, moveDown, moveUp, go, add, rename, delete, moveListDown, moveListUp, help

    /// What the action does, as help says it.
    public var summary: String {
        switch self {
        case .back: return "back to the todos"
        case .moveDown: return "next list"
        case .moveUp: return "previous list"
        case .go: return "go to the list"
        case .add: return "add a list"
        case .rename: return "rename the list"
        case .delete: return "delete the list (asks what becomes of its todos)"
        case .moveListDown: return "move the list down"
        case .moveListUp: return "move the list up"
        case .help: return "show the keys"
        }
    }
}

extension ModeKeyMap where Action == ListsKeyAction {
    /// The lists screen's keys: the list's letters where they mean the same.
    public static let standard = ModeKeyMap([
        (.escape, .back), (.character("q"), .back), (.character("L"), .back),
        (.character("j"), .moveDown), (.down, .moveDown),
        (.character("k"), .moveUp), (.up, .moveUp),
        (.enter, .go),
        (.character("a"), .add), (.character("r"), .rename), (.character("d"), .delete),
        (.character("J"), .moveListDown), (.character("K"), .moveListUp),
        (.character("?"), .help), (.function(1), .help),
    ])
}
