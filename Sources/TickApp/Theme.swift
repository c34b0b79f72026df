import TermTable

/// The styles Tick draws with, in one place so colors stay consistent.
public struct Theme: Sendable {
    /// An open todo's title.
    public var title = Style.plain
    /// A completed todo's title: dimmed.
    public var doneTitle = Style(attributes: .dim)
    /// The box of an open todo.
    public var box = Style.plain
    /// The check mark of a completed todo.
    public var check = Style(foreground: .green, attributes: .bold)
    /// The status line's message.
    public var message = Style.plain
    /// An error message in the status line.
    public var error = Style(foreground: .red, attributes: .bold)
    /// The counts and hints at the edges of the status line.
    public var hint = Style(attributes: .dim)
    /// The label of the input line ("Add:").
    public var promptLabel = Style(attributes: .bold)
    /// The empty-state message.
    public var emptyState = Style(attributes: .dim)

    /// Tick's default look.
    public static let standard = Theme()

    /// The same theme with every color removed (for `NO_COLOR` and monochrome terminals), keeping attributes.
    public var monochrome: Theme {
        func strip(_ style: Style) -> Style { Style(attributes: style.attributes) }
        var theme = self
        theme.title = strip(title)
        theme.doneTitle = strip(doneTitle)
        theme.box = strip(box)
        theme.check = strip(check)
        theme.message = strip(message)
        theme.error = strip(error)
        theme.hint = strip(hint)
        theme.promptLabel = strip(promptLabel)
        theme.emptyState = strip(emptyState)
        return theme
    }
}
