import TodoStore

/// One CATEGORIES content line as written: its name and parameters, then each category with its
/// escaping as it is, so the categories Tick does not change go back byte for byte.
///
/// Reading and rewriting both split lines here, so a category is the same thing to both: the text
/// between two commas that no backslash escapes (`Q4 Planning`, `Errands\, more`).
struct CategoriesLine {
    /// The line up to and including the colon before its value (`CATEGORIES;LANGUAGE=en:`).
    var head: String
    /// Each category as written, escaped, in order.
    var written: [String]

    /// The parts of `line`, nil when it has no value.
    init?(_ line: ContentLine) {
        guard let start = VTodoReader.valueStart(line.unfolded) else { return nil }
        head = String(line.unfolded[..<start])
        written = Self.split(String(line.unfolded[start...]))
    }

    /// Each category unescaped.
    var categories: [String] { written.map(CalendarText.unescaped) }

    /// The line again, its categories replaced by `written`, folded, with its break.
    func text(with written: [String]) -> String {
        CalendarText.folded(head + written.joined(separator: ","))
    }

    /// `value` split at every comma that no backslash escapes.
    static func split(_ value: String) -> [String] {
        var parts: [String] = [], current = ""
        var escaping = false
        for character in value {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                current.append(character)
                escaping = true
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        return parts + [current]
    }

    /// Every category of a VTODO's own `lines`, in order.
    static func categories(in lines: [ContentLine]) -> [String] {
        lines.filter { $0.name == "CATEGORIES" }.flatMap { CategoriesLine($0)?.categories ?? [] }
    }
}

extension CalendarTags {
    /// The lines that give a VTODO the tags `tags` in place of its CATEGORIES `lines` (index →
    /// replacement text, "" for a line that goes), keeping what Tick did not change:
    ///
    /// - a category whose tag is still wanted stays as written (`Q4 Planning`, not `Q4-Planning`),
    ///   and so does one that makes no tag (`2026`), which Tick never showed;
    /// - a category whose tag was taken away goes from its line, and a line left empty goes;
    /// - tags no category gives are added at the end of the last line (todoman 4.7 reads only one
    ///   CATEGORIES line, though RFC 5545 allows several), or make `newLine` when there is none;
    /// - a line that neither lost nor gained a category is not in the answer: it stays byte for byte.
    static func rewrittenLines(_ lines: [(index: Int, line: ContentLine)], for tags: [String])
        -> (replacements: [Int: String], newLine: String?) {
        let wanted = Set(tags.map(TodoTags.key))
        var given = Set<String>()
        var parsed: [(index: Int, parts: CategoriesLine, kept: [String])] = []
        for (index, line) in lines {
            guard let parts = CategoriesLine(line) else { continue }
            let kept = parts.written.filter { written in
                guard let tag = tag(forCategory: CalendarText.unescaped(written)) else { return true }
                let key = TodoTags.key(tag)
                guard wanted.contains(key) else { return false }
                given.insert(key)
                return true
            }
            parsed.append((index, parts, kept))
        }
        // Tags hold no comma, backslash or semicolon: they are written as they are.
        let added = TodoTags.unique(tags.filter { !given.contains(TodoTags.key($0)) })
        if !added.isEmpty, !parsed.isEmpty { parsed[parsed.count - 1].kept += added }
        var replacements: [Int: String] = [:]
        for line in parsed where line.kept != line.parts.written {
            replacements[line.index] = line.kept.isEmpty ? "" : line.parts.text(with: line.kept)
        }
        let newLine = added.isEmpty || !parsed.isEmpty ? nil : CalendarText.folded("CATEGORIES:" + added.joined(separator: ","))
        return (replacements, newLine)
    }
}
