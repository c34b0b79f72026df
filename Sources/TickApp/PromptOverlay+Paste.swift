import TermTable

extension PromptOverlay {
    /// Takes a paste as text. Several lines in the line that adds todos raise one question: add them
    /// as that many todos (the default: Enter, as after typing a title, adds them; one `u` takes
    /// them back), or keep them as one line (line breaks as spaces).
    func paste(_ text: String, app: TickApp) {
        guard let addLines else {
            insert(pasted: text)
            return
        }
        let lines = PastedText.nonBlankLines(of: editor.text(pasting: text))
        guard lines.count > 1 else {
            insert(pasted: text)
            return
        }
        app.present(ConfirmOverlay(question: "Add \(lines.count) todos, one per line?", choices: [
            .init(key: "y", label: "yes", isDefault: true) { [unowned self, unowned app] in
                // Refused (a line with markers but no title): the text stays in the line to fix, nothing lost.
                if addLines(lines) { app.dismiss(self) } else { insert(pasted: text) }
            },
            .init(key: "n", label: "no, one line") { [unowned self] in insert(pasted: text) },
        ]))
    }

    private func insert(pasted text: String) {
        editor.insert(pasted: text)
        change?(editor.text)
    }
}
