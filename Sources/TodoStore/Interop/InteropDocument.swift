import FoundationEssentials

/// Everything an export holds and an import brings in: the lists in their order and the todos in
/// their lists' manual order. Formats (todo.txt, JSON) translate to and from this.
public struct InteropDocument: Equatable, Sendable {
    /// The lists in the user's order. An import creates those missing (even empty ones); todos may
    /// also name lists not listed here, which are created after these.
    public var lists: [InteropList]
    /// The todos, each list's in manual order (done ones included, where they were placed).
    public var todos: [NewTodo]
    /// How many due days were written relative to the day they were read (todo.txt `due:tom`),
    /// so an import can say they were read as of that day.
    public var relativeDueDayCount = 0
    /// What the file held that is not a todo or a field of one: records skipped, fields kept as
    /// lines of notes (taskwarrior's annotations, todo.txt's `t:`), counted for the summary.
    public var tally = ImportTally()

    /// A document; by default empty.
    public init(lists: [InteropList] = [], todos: [NewTodo] = []) {
        self.lists = lists
        self.todos = todos
    }
}

/// One list of an export.
public struct InteropList: Equatable, Sendable {
    /// The list's name.
    public var name: String
    /// Whether this was the exporting store's Inbox, which always exists and cannot be created:
    /// its todos go to the importing store's Inbox whatever either is called.
    public var isInbox: Bool
    /// Whether the list was folded away in the UI.
    public var isCollapsed: Bool

    /// Describes a list.
    public init(name: String, isInbox: Bool = false, isCollapsed: Bool = false) {
        self.name = name
        self.isInbox = isInbox
        self.isCollapsed = isCollapsed
    }
}

/// The formats `tick export` writes and `tick import` reads.
public enum InteropFormat: String, CaseIterable, Sendable {
    /// todo.txt (http://todotxt.org): one todo per line.
    case todoTxt = "todotxt"
    /// Tick's JSON: every field of every todo, and the lists.
    case json

    /// The format a file's contents are in: JSON when it starts with `{` or `[`, todo.txt otherwise
    /// (a todo.txt line never starts with a brace, and JSON always does).
    public static func detect(_ data: Data) -> InteropFormat {
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .todoTxt
    }

    /// The format a file name suggests (`.json`: JSON, anything else: todo.txt).
    public static func forFileName(_ name: String) -> InteropFormat {
        name.lowercased().hasSuffix(".json") ? .json : .todoTxt
    }
}
