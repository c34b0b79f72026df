import FoundationEssentials

/// A todo.txt file read a piece at a time (`read(_:)` each piece, then `finish()`): each line is
/// decoded by `TodoTxtFormat` as soon as it is complete, so reading a file of any size holds one
/// piece and one line, never the file. Line numbers, a byte order mark, CR LF line ends and blank
/// lines are as `TodoTxtFormat.decode` has them (which reads through this).
public struct TodoTxtReader {
    private var days: TodoTxtFormat.DayCache
    private let now: Date
    /// The start of a line that a piece ended inside.
    private var pending: [UInt8] = []
    /// The number of the last line decoded.
    private var lineNumber = 0
    /// Bytes handed over so far.
    public private(set) var bytesRead = 0
    /// How many due days were written relative to the day of reading (`due:tom`), so far.
    public var relativeDueDayCount: Int { days.relativeDueDayCount }
    /// Hidden lines (`h:1`) skipped and thresholds (`t:`) kept as notes, so far; with resolved
    /// links, the subtasks' links taken and the `id:`/`p:` words left in titles.
    public var tally: ImportTally { days.tally }
    /// The subtasks' links (`id:`, `p:`): noted while unresolved (a first reading), applied once
    /// resolved (the second; see `TodoTxtLinks`).
    private var links: TodoTxtLinks?

    /// A reader; `now` stands in for the completion time of a done todo without a completion date,
    /// and its day (or `today`, a `CivilCalendar` day number) is what relative due days count from;
    /// the file's dates are days in `zone`.
    /// `links`: none (a first reading notes them), or those a first reading resolved, which this
    /// reading applies.
    public init(zone: LocalTime, now: Date = Date(), today: Int? = nil, links: TodoTxtLinks? = nil) {
        self.now = now
        self.links = links ?? TodoTxtLinks()
        let zone = zone.fixed
        days = TodoTxtFormat.DayCache(zone: zone, today: today ?? zone.dayNumber(of: now))
    }

    /// The links this reading noted, resolved: what a second reading of the same text applies.
    public func resolvedLinks() -> TodoTxtLinks {
        var resolved = links ?? TodoTxtLinks()
        resolved.resolve()
        return resolved
    }

    /// The todos of the lines `piece` completes, in order; throws at the first line that cannot be read.
    public mutating func read<Piece: BidirectionalCollection<UInt8>>(_ piece: Piece) throws(InteropError) -> [NewTodo] {
        bytesRead += piece.count
        var todos: [NewTodo] = []
        var start = piece.startIndex
        while let newline = piece[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if pending.isEmpty {
                try decodeLine(piece[start..<newline], into: &todos)
            } else {
                pending += piece[start..<newline]
                try decodeLine(pending[...], into: &todos)
                pending = []
            }
            start = piece.index(after: newline)
        }
        pending += piece[start...]
        return todos
    }

    /// The todo of the last line, when it has no line break after it (none if it is blank).
    public mutating func finish() throws(InteropError) -> [NewTodo] {
        var todos: [NewTodo] = []
        try decodeLine(pending[...], into: &todos)
        pending = []
        return todos
    }

    private mutating func decodeLine<Line: BidirectionalCollection<UInt8>>(_ line: Line, into todos: inout [NewTodo]) throws(InteropError) {
        lineNumber += 1
        var bytes = line[...]
        if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InteropError(line: lineNumber, problem: "the line is not valid UTF-8")
        }
        if text.allSatisfy(\.isWhitespace) { return }
        if TodoTxtFormat.isHidden(text) {
            days.tally.add(.hiddenLine)
            return
        }
        do {
            todos.append(try TodoTxtFormat.todo(from: text, days: &days, now: now, line: lineNumber, links: &links))
        } catch let problem {
            throw InteropError(line: lineNumber, problem: problem.message)
        }
    }
}
