extension LineEditor {
    /// Inserts pasted text at the cursor as one line: line breaks and tabs become spaces and control
    /// characters are dropped (see `PastedText.singleLine`).
    public mutating func insert(pasted text: String) {
        insert(PastedText.singleLine(text))
    }

    /// The text with `pasted` inserted at the cursor, line breaks kept: what a paste of several lines would make.
    func text(pasting pasted: String) -> String {
        String(characters[..<cursor]) + pasted + String(characters[cursor...])
    }
}
