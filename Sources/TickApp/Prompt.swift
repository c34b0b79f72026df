import TermTable

/// The input line at the bottom of the screen: a label and a line editor.
struct Prompt {
    /// What the typed text is for.
    enum Purpose { case add }

    let purpose: Purpose
    var editor = LineEditor()

    init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        editor = LineEditor(text: text)
    }

    var label: String {
        switch purpose {
        case .add: return "Add: "
        }
    }

    /// Draws the line; returns the cursor position.
    mutating func draw(in canvas: inout Canvas, line: Int, width: Int, theme: Theme) -> Point {
        canvas.fill(Rect(x: 0, y: line, width: width, height: 1))
        let labelWidth = canvas.draw(label, at: Point(x: 0, y: line), style: theme.promptLabel, maxWidth: max(0, width - 4))
        return editor.draw(in: &canvas, at: Point(x: labelWidth, y: line), width: width - labelWidth)
    }
}

/// The bottom line: the last message at the left, the counts at the right.
struct StatusLine {
    var message: StatusMessage?
    var counts: (open: Int, done: Int)
    var theme: Theme
    var readOnly: Bool

    func draw(in canvas: inout Canvas, line: Int) {
        let width = canvas.width
        canvas.fill(Rect(x: 0, y: line, width: width, height: 1))
        let countsText = "\(counts.open) open · \(counts.done) done" + (readOnly ? " · read-only" : "")
        let countsWidth = DisplayWidth.of(countsText)
        let showsCounts = countsWidth + 2 <= width / 2 || message == nil
        let right = showsCounts ? width - countsWidth : width
        if showsCounts {
            canvas.draw(countsText, at: Point(x: max(0, right), y: line), style: theme.hint, truncation: .ellipsis)
        }
        let available = max(0, right - 1)
        if let message {
            canvas.draw(message.text, at: Point(x: 0, y: line), style: message.kind == .error ? theme.error : theme.message,
                        maxWidth: available, truncation: .ellipsis)
        } else if available >= 20 {
            canvas.draw("a add · x done · d delete · q quit", at: Point(x: 0, y: line), style: theme.hint,
                        maxWidth: available, truncation: .ellipsis)
        }
    }
}
