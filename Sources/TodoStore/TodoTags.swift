import FoundationEssentials

/// What a tag is: a word written `#work` in a title (`@work` in todo.txt), stored without its sign.
///
/// A tag is letters (any script), digits, `-` and `_`, at least one of them a letter: `#123` is
/// an issue number, not a tag, and a `#` alone is text. Tags keep the case they were typed in,
/// but `#Work` and `#work` are one tag (ASCII case is folded when comparing and searching, as
/// SQLite's `NOCASE` does). They are stored separated by single spaces (`todos.tags`), which the
/// characters allowed make unambiguous.
public enum TodoTags {
    /// The longest tag kept, in characters; a longer `#word` stays title text.
    public static let maximumLength = 64

    /// The tag a title word names (`#work` → `work`), or nil when the word is not a tag.
    public static func tag(inWord word: Substring, sign: Character = "#") -> String? {
        guard word.first == sign else { return nil }
        let name = word.dropFirst()
        return isTag(name) ? String(name) : nil
    }

    /// The tag a search for `#work` is for (`work`), or nil when the query is not one tag: such a
    /// search matches the tag exactly (not `#workshop`), through the tag index, rather than text.
    public static func tag(searchedBy text: String) -> String? {
        tag(inWord: Substring(text))
    }

    /// Whether `name` (without its sign) is a valid tag.
    public static func isTag(_ name: some StringProtocol) -> Bool {
        guard !name.isEmpty, name.count <= maximumLength else { return false }
        var hasLetter = false
        for scalar in name.unicodeScalars {
            if scalar.properties.isAlphabetic { hasLetter = true; continue }
            if scalar == "-" || scalar == "_" || scalar.properties.numericType == .decimal { continue }
            return false
        }
        return hasLetter
    }

    /// The tags in the order given, without repeats (compared with ASCII case folded, as stored).
    public static func unique(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.filter { seen.insert(key($0)).inserted }
    }

    /// The form two tags are compared in: ASCII letters lowercased, as SQLite's `NOCASE`.
    public static func key(_ tag: String) -> String {
        String(String.UnicodeScalarView(tag.unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }

    /// The stored form of a todo's tags.
    static func stored(_ tags: [String]) -> String { tags.joined(separator: " ") }

    /// The tags of a stored `todos.tags` value.
    static func decoded(_ stored: String) -> [String] {
        stored.isEmpty ? [] : stored.split(separator: " ").map(String.init)
    }
}
