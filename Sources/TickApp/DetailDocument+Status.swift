import TermTable
import TodoStore

/// The details' Status line.
extension DetailDocument {
    /// "started · 40%", "cancelled", "open · 40%" (w starts, X cancels); nil for a plainly open or
    /// done todo without a percentage, which shows no Status line.
    static func statusText(of item: TodoItem, theme: Theme) -> StyledText? {
        let percent = TodoStatusMarks.percent(of: item)
        let word: String
        switch item.status {
        case .inProcess: word = "started"
        case .cancelled: word = "cancelled"
        case .open where percent != nil: word = "open"
        case .open, .done: return nil
        }
        var text = StyledText(word, style: item.status == .cancelled ? theme.doneTitle : item.status == .inProcess ? theme.dueToday : theme.title)
        if let percent { text.append(" · " + percent, style: theme.title) }
        return text
    }
}
