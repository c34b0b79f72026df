import TodoStore
/// The last thing Tick has to say, shown in the status line.
public struct StatusMessage: Equatable, Sendable {
    /// Whether the message reports a problem.
    public enum Kind: Sendable { case info, error }
    /// The words shown.
    public var text: String
    /// Info or error.
    public var kind: Kind

    /// A plain message.
    public static func info(_ text: String) -> StatusMessage { StatusMessage(text: text, kind: .info) }
    /// A message about something that went wrong.
    public static func error(_ text: String) -> StatusMessage { StatusMessage(text: text, kind: .error) }
}

/// A title shortened for a message, quoted: “Buy milk”.
func quoted(_ title: String, limit: Int = 32) -> String { TitleQuoting.quoted(title, limit: limit) }
