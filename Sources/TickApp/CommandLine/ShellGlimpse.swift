import FoundationEssentials
import TermTable
import TodoStore

/// A glimpse of the command line in a key script (`<Shell tick ls --due today>`): a shell prompt
/// with the line, what the command printed and the next prompt, drawn over the app's whole screen
/// as a terminal would show them (long lines wrapped, the top scrolled away when they do not fit).
///
/// The command runs in-process, never in a shell or another process: `CommandLineTool.run` on the
/// app's own store (lent to the command's `CommandContext`, which leaves it open), with the app's
/// day, time of day and saved views, and an empty environment, so a script shows the same output
/// every time it plays. Standard output and error are kept in the order written, and reach the
/// canvas only as glyphs: a control character from a title is a visible placeholder.
public struct ShellGlimpse: Equatable, Sendable {
    /// The prompt before the line.
    public static let prompt = "$ "
    /// The line shown after the prompt.
    public let line: ShellCommandLine
    /// What the command printed, standard output and error together, lines made safe to show.
    public let output: String
    /// The command's exit status (a failure shows its message, as a terminal would).
    public let status: Int32

    /// Runs `line` on `app`'s store as `tick` would, keeping what it prints.
    public init(running line: ShellCommandLine, in app: TickApp) {
        self.line = line
        var printed = ""
        let context = CommandContext(environment: [:], today: app.list.today(), localTime: app.list.localTime, outputIsTerminal: false,
                                     write: { printed += $0 }, writeError: { printed += $0 },
                                     standardInput: { RereadableInput(bytes: Data(), name: "standard input") })
        context.timeOfDay = app.list.timeOfDay()
        context.lentStore = app.list.store
        context.configuration.views = app.savedViews
        if let command = CommandLineTool.command(named: line.commandName) {
            status = CommandLineTool.run(command, arguments: line.arguments, context: context)
        } else {
            // `ShellCommandLine.parse` let only known commands through; a shell would say this.
            printed = "tick: unknown command \"\(line.commandName)\"\n"
            status = 2
        }
        output = TodoTable.safeLines(printed)
    }

    /// The glimpse of a line typed so far: the prompt and the first `typedCharacters` of the line,
    /// without output (a live player types the line before it runs).
    private func rows(typedCharacters: Int?) -> [[StyledGlyph]] {
        let typed = typedCharacters.map { String(line.text.prefix($0)) } ?? line.text
        let command = [StyledGlyph](GlyphSequence(Self.prompt).map { StyledGlyph($0, style: Self.promptStyle) })
            + GlyphSequence(typed).map { StyledGlyph($0, style: Self.commandStyle) }
        guard typedCharacters == nil else { return [command] }
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let printed = lines.map { text in GlyphSequence(text).map { StyledGlyph($0, style: .plain) } }
        let nextPrompt = GlyphSequence(Self.prompt).map { StyledGlyph($0, style: Self.promptStyle) }
        return [command] + printed + [nextPrompt]
    }

    /// The style of the prompt.
    static let promptStyle = Style(attributes: .bold)
    /// The style of the typed line.
    static let commandStyle = Style.plain

    /// Draws the glimpse over the whole of `canvas` (cleared first) and returns where the cursor is:
    /// after the line while `typedCharacters` of it are typed, else after the next prompt.
    @discardableResult
    public func draw(into canvas: inout Canvas, typedCharacters: Int? = nil) -> Point? {
        canvas.clear()
        guard canvas.width > 0, canvas.height > 0 else { return nil }
        // As a terminal does: a line longer than the width goes on below, a glyph that does not fit
        // at the end of a row starts the next one.
        var screenRows: [[StyledGlyph]] = []
        for row in rows(typedCharacters: typedCharacters) {
            var current: [StyledGlyph] = []
            var used = 0
            for glyph in row {
                if used + glyph.glyph.width > canvas.width, !current.isEmpty {
                    screenRows.append(current)
                    current = []
                    used = 0
                }
                current.append(glyph)
                used += glyph.glyph.width
            }
            screenRows.append(current)
        }
        // The terminal scrolls: the last rows stay.
        let shown = screenRows.suffix(canvas.height)
        var cursor = Point(x: 0, y: 0)
        for (y, row) in shown.enumerated() {
            var x = 0
            for glyph in row where canvas.put(glyph.glyph, x: x, y: y, style: glyph.style) { x += glyph.glyph.width }
            cursor = Point(x: min(x, canvas.width - 1), y: y)
        }
        return cursor
    }

    /// The screen a glimpse leaves on a canvas of `size`, as text (for tests and `--frames`).
    public func screen(size: Size) -> Canvas {
        var canvas = Canvas(width: size.width, height: size.height)
        draw(into: &canvas)
        return canvas
    }
}
