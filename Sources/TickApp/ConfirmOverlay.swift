import TermTable

/// A question on the bottom line answered with one key: "Delete 3 todos? y yes · n no".
final class ConfirmOverlay: Overlay {
    /// One possible answer.
    struct Choice {
        var key: Character
        var label: String
        var action: () -> Void
    }

    let question: String
    let choices: [Choice]

    /// Asks `question`; Esc (or any key that is no choice) answers "no" and does nothing.
    init(question: String, choices: [Choice]) {
        self.question = question
        self.choices = choices
    }

    var bottomLines: Int? { 1 }

    func handle(_ key: Key, app: TickApp) -> Bool {
        if case .paste = key {
            // A pasted "y" is no answer.
            app.say(.info("Paste ignored: answer with one key"))
            return true
        }
        if case .character(let character) = key, let choice = choices.first(where: { $0.key == Character(character.lowercased()) }) {
            choice.action()
        } else {
            app.say(.info("Cancelled"))
        }
        return false
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        var text = StyledText(question + " ", style: theme.promptLabel)
        for choice in choices { text.append("\(choice.key) \(choice.label) · ", style: theme.message) }
        text.append("Esc cancels", style: theme.hint)
        canvas.draw(text, at: area.origin, maxWidth: area.width, truncation: .ellipsis)
        return nil
    }
}
