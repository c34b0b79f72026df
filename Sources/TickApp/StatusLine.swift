import TermTable

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
            canvas.draw("a add · x done · d delete · ? help", at: Point(x: 0, y: line), style: theme.hint,
                        maxWidth: available, truncation: .ellipsis)
        }
    }
}
