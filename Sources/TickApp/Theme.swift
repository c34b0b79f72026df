import TermTable

/// The styles Tick draws with, in one place so colors stay consistent.
public struct Theme: Equatable, Sendable {
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
    /// The priority marks (`!!!`).
    public var priority = Style(foreground: .red, attributes: .bold)
    /// The flag marker.
    public var flag = Style(foreground: .yellow, attributes: .bold)
    /// The ✎ after the title of a todo with notes: quiet, a hint rather than news.
    public var notes = Style(attributes: .dim)
    /// A todo's tags (`#work`) after its title: dimmed, like the ✎, so titles stay what the eye reads.
    public var tag = Style(attributes: .dim)
    /// A due date still ahead.
    public var due = Style(foreground: .cyan)
    /// A due date that is today.
    public var dueToday = Style(foreground: .yellow, attributes: .bold)
    /// A due date that has passed.
    public var overdue = Style(foreground: .red, attributes: .bold)
    /// Search matches in titles.
    public var match = Style(foreground: .black, background: .yellow)
    /// Section headers.
    public var header = Style(attributes: .bold)
    /// The selected row: its attributes are added to the row, its background fills the cells
    /// without one (reverse video here; a grey bar in the 256-color theme).
    public var selection = Style(attributes: .reverse)

    /// Tick's default look: the 8 ANSI colors plus attributes, so it reads on any color terminal,
    /// and dim/bold/reverse carry the meaning when there is no color at all.
    public static let standard = Theme()

    /// A softer look for 256-color terminals: greys instead of dim text.
    public static let rich: Theme = {
        var theme = Theme()
        theme.doneTitle = Style(foreground: .indexed(244))
        theme.hint = Style(foreground: .indexed(242))
        theme.emptyState = Style(foreground: .indexed(244))
        theme.notes = Style(foreground: .indexed(244))
        theme.tag = Style(foreground: .indexed(244))
        theme.check = Style(foreground: .indexed(35), attributes: .bold)
        // A grey bar rather than reverse video: colored columns stay readable on it.
        theme.selection = Style(background: .indexed(237))
        return theme
    }()

    /// Names of the elements a config file can color.
    public static let elementNames = ["title", "done", "box", "check", "message", "error", "hint", "prompt", "empty",
                                      "priority", "flag", "notes", "tag", "due", "today", "overdue", "match", "header", "selection"]

    /// This theme with config-file colors applied by element name.
    public func applying(_ colors: [String: Style]) -> Theme {
        var theme = self
        for (name, style) in colors {
            switch name {
            case "title": theme.title = style
            case "done": theme.doneTitle = style
            case "box": theme.box = style
            case "check": theme.check = style
            case "message": theme.message = style
            case "error": theme.error = style
            case "hint": theme.hint = style
            case "prompt": theme.promptLabel = style
            case "empty": theme.emptyState = style
            case "priority": theme.priority = style
            case "flag": theme.flag = style
            case "notes": theme.notes = style
            case "tag": theme.tag = style
            case "due": theme.due = style
            case "today": theme.dueToday = style
            case "overdue": theme.overdue = style
            case "match": theme.match = style
            case "selection": theme.selection = style
            case "header": theme.header = style
            default: break
            }
        }
        return theme
    }

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
        theme.priority = strip(priority)
        theme.flag = strip(flag)
        theme.notes = strip(notes)
        theme.tag = strip(tag)
        theme.due = strip(due)
        theme.dueToday = strip(dueToday)
        // Without red, late must still differ from today (bold): underlined as well.
        theme.overdue = Style(attributes: overdue.attributes.union(.underline))
        theme.match = Style(attributes: [.underline, .bold])
        theme.header = strip(header)
        // Without color the selected row needs an attribute: reverse video unless the theme chose one.
        theme.selection = Style(attributes: selection.attributes.isEmpty ? .reverse : selection.attributes)
        return theme
    }
}
