/// Two todo.txt extensions other tools write: `t:YYYY-MM-DD`, the threshold (the day a todo
/// starts to matter), and `h:1`, a hidden line (apps keep placeholders that way so a +project or
/// @context stays in their pick lists).
///
/// A threshold is the todo's start date (`TodoItem.start`), written back as `t:` by the todo.txt
/// export (as is a `Starts:` line of notes that an import before start dates kept, see `KeptNotes`).
/// Hidden lines are placeholders, not todos: skipped and counted.
extension TodoTxtFormat {
    /// Whether a line is hidden: one of its words is `h:1`.
    static func isHidden(_ text: String) -> Bool {
        text.split(separator: " ").contains("h:1")
    }

    /// Whether a word is a threshold: `t:` and something shaped like a date (`t:2026-12-05`);
    /// other `t:` words are title text.
    static func isThreshold(_ word: Substring) -> Bool {
        let value = word.utf8.dropFirst(2)
        return word.hasPrefix("t:") && value.count == 10
            && value.enumerated().allSatisfy { index, byte in index == 4 || index == 7 ? byte == UInt8(ascii: "-") : DueText.isDigit(byte) }
    }

    /// The start date of the threshold `day` (`YYYY-MM-DD`), counted; a day that does not exist is refused.
    static func threshold(_ day: Substring, days: inout DayCache) throws(LineProblem) -> String {
        guard (try? Validation.dueDay(String(day))) != nil else {
            throw LineProblem(message: "invalid threshold date \(StoreError.quoted("t:" + day)): write t:YYYY-MM-DD, like t:2026-12-05")
        }
        days.tally.add(.threshold)
        return String(day)
    }
}
