/// User text quoted inside messages and undo descriptions: “Buy milk”.
public enum TitleQuoting {
    /// `text` in curly quotes, on one line (newlines shown as spaces) and cut with “…” to at most
    /// `limit` characters (grapheme clusters, at least 1).
    public static func quoted(_ text: String, limit: Int) -> String {
        let limit = max(1, limit)
        // Most titles are short printable ASCII: nothing to flatten or cut, no characters to count.
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return "“" + text + "”" }
        // One pass that stops at the first character past the limit; appending is specialized here,
        // unlike building a String from mapped characters, which took the generic path.
        var shown = "“"
        var count = 0
        var last: Character?
        for character in text {
            let flat: Character = character.isNewline ? " " : character
            if count == limit { return shown + "…”" }
            if count == limit - 1 { last = flat } else { shown.append(flat) }
            count += 1
        }
        if let last { shown.append(last) }
        return shown + "”"
    }
}
