import FoundationEssentials

/// A `TodoQuery` as SQL for one part of one list: the base-table test of a row (`condition`) and
/// its parameters. Parameters are numbered: `?1` is always the list's id; the rest are added by
/// `bind(_:)` in the order the text needs them, so a caller appends its own (window, limit) after.
struct QueryConditions {
    /// The parameters so far; `?1` is the list id.
    private(set) var arguments: [any SQLiteBindable]

    init(listID: Int64) {
        arguments = [listID]
    }

    /// Adds a parameter and returns its placeholder.
    mutating func bind(_ value: any SQLiteBindable) -> String {
        arguments.append(value)
        return "?\(arguments.count)"
    }

    /// The test that a row of `table` (an alias with the `todos` columns) matches `query`, leaving
    /// out the words in `skippedWords` (those the trigram index already decided). `exact` is false
    /// when a word's test folds case differently from the trigram index (letters with case outside
    /// ASCII): then a scan of the first rows cannot stand in for the index.
    mutating func condition(for query: TodoQuery, table t: String, skippingWord skippedWord: String? = nil)
        -> (sql: String, exact: Bool) {
        var terms: [String] = []
        var exact = true
        var skipped = false
        for word in query.words {
            if word == skippedWord, !skipped {
                skipped = true
                continue
            }
            let match = wordCondition(word, table: t)
            terms.append(match.sql)
            exact = exact && match.exact
        }
        for tag in query.tags {
            terms.append("EXISTS (SELECT 1 FROM todo_tags WHERE todo_tags.tag = \(bind(tag)) AND todo_tags.todo_id = \(t).id)")
        }
        for tag in query.excludedTags {
            terms.append("NOT EXISTS (SELECT 1 FROM todo_tags WHERE todo_tags.tag = \(bind(tag)) AND todo_tags.todo_id = \(t).id)")
        }
        if !query.priorities.isEmpty {
            // Three marks is the highest shown: a larger imported priority counts as !!!.
            let alternatives = query.priorities.sorted().map { $0 >= 3 ? "\(t).priority >= 3" : "\(t).priority = \($0)" }
            terms.append("(" + alternatives.joined(separator: " OR ") + ")")
        }
        if !query.dueWindows.isEmpty || query.matchesNoDue {
            var alternatives = query.dueWindows.map { dueCondition($0, table: t) }
            if query.matchesNoDue { alternatives.append("\(t).due IS NULL") }
            terms.append("(" + alternatives.joined(separator: " OR ") + ")")
        }
        if query.isFlagged { terms.append("\(t).flagged != 0") }
        if query.isRecurring { terms.append("\(t).rrule IS NOT NULL") }
        // The outline: a parent is in effect while it is a todo of the same list (`todos_by_uid`, `todos_by_parent_uid`).
        if !query.parentIDs.isEmpty {
            let ids = query.parentIDs.map { bind($0) }.joined(separator: ", ")
            terms.append("EXISTS (SELECT 1 FROM todos qp WHERE qp.id IN (\(ids)) AND qp.uid = \(t).parent_uid AND qp.list_id = \(t).list_id)")
        }
        if query.isSubtask {
            terms.append("EXISTS (SELECT 1 FROM todos qp WHERE qp.uid = \(t).parent_uid AND qp.list_id = \(t).list_id)")
        }
        if query.hasSubtasks {
            terms.append("""
                EXISTS (SELECT 1 FROM todos qc INDEXED BY todos_by_parent_uid WHERE qc.parent_uid = \(t).uid AND qc.list_id = \(t).list_id)
                """)
        }
        if let today = query.waitingOn { terms.append("(\(t).start IS NOT NULL AND substr(\(t).start, 1, 10) > \(bind(today)))") }
        if let today = query.readyOn { terms.append("(\(t).start IS NULL OR substr(\(t).start, 1, 10) <= \(bind(today)))") }
        return (terms.isEmpty ? "1" : terms.joined(separator: " AND "), exact)
    }

    /// A row whose due day lies in `window` (due times sort after their day, as the text compares).
    mutating func dueCondition(_ window: TodoStore.DueWindow, table t: String) -> String {
        var parts = ["\(t).due IS NOT NULL"]
        if let from = window.from { parts.append("\(t).due >= \(bind(from))") }
        if let before = window.before { parts.append("\(t).due < \(bind(before))") }
        return "(" + parts.joined(separator: " AND ") + ")"
    }

    /// A row whose title or notes contain `word`, or that has it as a tag.
    private mutating func wordCondition(_ word: String, table t: String) -> (sql: String, exact: Bool) {
        let tagged = TodoTags.isTag(word)
            ? " OR EXISTS (SELECT 1 FROM todo_tags WHERE todo_tags.tag = \(bind(word)) AND todo_tags.todo_id = \(t).id)" : ""
        if word.unicodeScalars.allSatisfy(\.isASCII) {
            let escaped = [("\\", "\\\\"), ("%", "\\%"), ("_", "\\_")].reduce(word) {
                TextFormatting.replacing($1.0, with: $1.1, in: $0)
            }
            let pattern = bind("%" + escaped + "%")
            return ("(\(t).title LIKE \(pattern) ESCAPE '\\' OR \(t).notes LIKE \(pattern) ESCAPE '\\'\(tagged))", true)
        }
        if word.lowercased() == word, word.uppercased() == word {
            let text = bind(word)
            return ("(instr(\(t).title, \(text)) > 0 OR instr(\(t).notes, \(text)) > 0\(tagged))", true)
        }
        // Letters with case outside ASCII: the lower, upper, first-upper and first-lower spellings.
        let first = String(word.prefix(1)), rest = word.dropFirst()
        let spellings = [word.lowercased(), word.uppercased(), first.uppercased() + rest.lowercased(), first.lowercased() + rest.uppercased()]
        let tests = spellings.map { spelling in
            let text = bind(spelling)
            return "instr(\(t).title, \(text)) > 0 OR instr(\(t).notes, \(text)) > 0"
        }
        return ("(" + tests.joined(separator: " OR ") + tagged + ")", false)
    }
}
