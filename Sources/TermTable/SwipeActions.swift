/// An action revealed by swiping a row, as `UIContextualAction`.
public final class ContextualAction {
    /// How the action looks and what it means.
    public enum Style: Sendable {
        /// A plain action.
        case normal
        /// An action that removes the row (shown in red).
        case destructive
    }

    /// Runs the action; call the completion with true to close the row afterwards, false to keep it open.
    public typealias Handler = (_ action: ContextualAction, _ indexPath: IndexPath, _ completion: @escaping (Bool) -> Void) -> Void

    /// Normal or destructive.
    public let style: Style
    /// The button's label.
    public var title: String
    /// The button's background; defaults to red for destructive actions, grey otherwise.
    public var backgroundColor: Color
    /// The letter that performs the action directly while revealed (shown underlined); the title's first letter by default.
    public var shortcut: Character?
    /// What the action does.
    public let handler: Handler

    /// Creates an action.
    public init(style: Style, title: String, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .red : .brightBlack
        shortcut = title.first(where: { $0.isLetter || $0.isNumber }).map { Character($0.lowercased()) }
    }
}

/// The actions revealed at one edge of a row, as `UISwipeActionsConfiguration`.
public struct SwipeActionsConfiguration {
    /// The buttons, the first one nearest the row's edge.
    public var actions: [ContextualAction]
    /// Whether swiping again in the same direction performs the first action.
    public var performsFirstActionWithFullSwipe = true

    /// Creates a configuration.
    public init(actions: [ContextualAction]) { self.actions = actions }
}

/// Which way a row is swiped: right reveals the leading actions, left the trailing ones.
public enum SwipeDirection: Sendable {
    /// Left reveals the trailing actions, right the leading ones.
    case left, right
}
