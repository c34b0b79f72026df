import TermTable

/// A question on the bottom line answered with one key: "Delete 3 todos? y yes · n no".
///
/// A question may have a default answer, which Enter gives too and which the question names after
/// its key: "Add 3 todos, one per line? y/Enter yes · n no". A question naming none (deleting
/// todos or a list, what to do with a recurring or parent todo) has no default: Enter cancels it,
/// as Esc does.
final class ConfirmOverlay: Overlay {
    /// One possible answer.
    struct Choice {
        var key: Character
        var label: String
        /// Whether Enter gives this answer too (at most one choice of a question).
        var isDefault = false
        var action: () -> Void

        init(key: Character, label: String, isDefault: Bool = false, action: @escaping () -> Void) {
            self.key = key
            self.label = label
            self.isDefault = isDefault
            self.action = action
        }
    }

    let question: String
    let choices: [Choice]

    /// Asks `question`; Enter gives the default choice, if there is one; Esc (or any key that is no
    /// choice) answers "no" and does nothing.
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
        } else if case .enter = key, let choice = choices.first(where: \.isDefault) {
            choice.action()
        } else {
            app.say(.info("Cancelled"))
        }
        return false
    }

    func draw(in canvas: inout Canvas, area: Rect, theme: Theme) -> Point? {
        canvas.fill(area)
        var text = StyledText(question + " ", style: theme.promptLabel)
        for choice in choices { text.append("\(choice.key)\(choice.isDefault ? "/Enter" : "") \(choice.label) · ", style: theme.message) }
        text.append("Esc cancels", style: theme.hint)
        canvas.draw(text, at: area.origin, maxWidth: area.width, truncation: .ellipsis)
        return nil
    }
}
