/// A saved view: a config line `view NAME QUERY` names a query (the query language of `tick ls`
/// and `/`), which `tick ls --view NAME` lists and the lists screen (`L`) offers beside the lists.
///
/// In a view line `#` begins a comment only when a space or the line's end follows it, so
/// `view Work #work -#someday` keeps its tags.
public struct SavedView: Equatable, Sendable {
    /// The view's name (one word), compared with case ignored.
    public var name: String
    /// The query, as written.
    public var query: String

    /// A view named `name` showing `query`.
    public init(name: String, query: String) {
        self.name = name
        self.query = query
    }

    /// Reads a view line's words after `view`: a name and a query that parses.
    init(_ arguments: [String]) throws(Configuration.Problem) {
        guard arguments.count >= 2 else {
            throw Configuration.Problem(message: "view wants a name and a query, like: view Focus #work !!! @week")
        }
        name = arguments[0]
        query = arguments.dropFirst().joined(separator: " ")
        do {
            _ = try QueryParser.parse(query, today: Day(ordinal: 0))
        } catch .backwardsRange {
            // Relative days (@fri..mon) may run backwards on some days only: that is said when the view is used.
        } catch {
            throw Configuration.Problem(message: "view \(name): \(error)")
        }
    }

    /// Whether a config line is a `view` line.
    static func isViewLine(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.lowercased().hasPrefix("view ") || trimmed.lowercased().hasPrefix("view\t")
    }

    /// A view line up to its comment: a `#` followed by a space or the end of the line.
    static func withoutComment(_ line: Substring) -> Substring {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == "#" {
                let next = line.index(after: index)
                if next == line.endIndex || line[next] == " " || line[next] == "\t" || line[next] == "\r" { return line[..<index] }
            }
            index = line.index(after: index)
        }
        return line
    }
}
