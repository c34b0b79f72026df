import FoundationEssentials

/// Subtasks in todo.txt, as topydo writes them: a parent's line has `id:N`, each of its subtasks'
/// lines `p:N` (N any word; Tick writes the parent's todo id). A file is read twice: the first
/// reading notes each line's `id:` and `p:` words (`note`, only lines that have some, so memory
/// grows with the links, not the file), `resolve()` decides which links hold, and the second
/// reading (`place(ofLine:)`) takes their words out of the titles and gives the todos their
/// parents, whatever order the lines come in (a `p:` before its `id:` line is fine).
///
/// Nothing is lost: a `p:9` that no line declares (`id:9`), an `id:7` that no `p:7` names, an `id:`
/// declared a second time, a second `p:` on one line, and a `p:` that would close a loop of parents
/// (`id:1 p:2` and `id:2 p:1`: the second link in file order) stay in the title as text, counted in
/// the import's tally (`ImportTally.Kind.unmatchedLink`, `.loopingLink`); only that link is refused.
public struct TodoTxtLinks: Sendable {
    /// One line's link words as the first reading found them, in the line's order.
    private struct Words: Sendable {
        var ids: [String] = []
        var parents: [String] = []
    }

    /// What the second reading does with one line.
    struct Place: Equatable, Sendable {
        /// The `id:` values taken out of the title (the line is the parent of some line).
        var ids: Set<String> = []
        /// The `p:` value taken out of the title, or nil.
        var parent: String?
        /// The UID the line's todo gets (it is a parent), or nil.
        var uid: String?
        /// The UID of its parent's todo, or nil.
        var parentUID: String?
        /// The `p:` value refused because it would close a loop of parents, or nil.
        var looping: String?
    }

    /// The link words of each line that has some, by line number (first reading).
    private var words: [Int: Words] = [:]
    /// What each line with links becomes (after `resolve()`).
    private var places: [Int: Place] = [:]
    /// Whether `resolve()` has run: the second reading applies the links, the first notes them.
    public private(set) var isResolved = false

    /// No links.
    public init() {}

    /// Whether `word` is a link word: `id:` or `p:` and a value.
    static func isLinkWord(_ word: Substring) -> Bool { value(of: word, after: "id:") != nil || value(of: word, after: "p:") != nil }

    /// The value of `word` when it is `prefix` and a value (`id:7` after `id:` is `7`).
    static func value(of word: Substring, after prefix: String) -> String? {
        guard word.hasPrefix(prefix), word.utf8.count > prefix.utf8.count else { return nil }
        return String(word.dropFirst(prefix.count))
    }

    /// Notes the link words among `titleWords`, the title of line `line` (first reading).
    mutating func note(line: Int, titleWords: [Substring]) {
        var found = Words()
        for word in titleWords {
            if let id = Self.value(of: word, after: "id:") { found.ids.append(id) }
            if let parent = Self.value(of: word, after: "p:") { found.parents.append(parent) }
        }
        if !found.ids.isEmpty || !found.parents.isEmpty { words[line] = found }
    }

    /// Decides which links hold, in file order: a line's first `p:` whose `id:` some line declares
    /// (the first line that does) and that closes no loop. Gives each parent line a fresh UID.
    public mutating func resolve() {
        guard !isResolved else { return }
        isResolved = true
        let lines = words.keys.sorted()
        var declaringLine: [String: Int] = [:]
        for line in lines {
            for id in words[line]!.ids where declaringLine[id] == nil { declaringLine[id] = line }
        }
        var parentLine: [Int: Int] = [:]
        for line in lines {
            guard let parent = words[line]!.parents.first(where: { declaringLine[$0] != nil }) else { continue }
            let target = declaringLine[parent]!
            // A loop: the parent line is this line or below it already.
            var above: Int? = target, steps = 0
            while let current = above, current != line, steps <= lines.count {
                above = parentLine[current]
                steps += 1
            }
            if above == line {
                places[line, default: Place()].looping = parent
                continue
            }
            parentLine[line] = target
            places[line, default: Place()].parent = parent
            places[target, default: Place()].ids.insert(parent)
        }
        for line in Set(parentLine.values) { places[line]!.uid = TodoStore.newUID() }
        for (child, parent) in parentLine { places[child]!.parentUID = places[parent]!.uid }
        words = [:]
    }

    /// What the second reading does with line `line` (nil: its words, if any, stay as they are).
    func place(ofLine line: Int) -> Place? { places[line] }
}
