/// Where the components of an iCalendar text are: its content lines, and for each VTODO (at any
/// depth but inside another VTODO) its BEGIN and END lines and its own properties, so readers can
/// give line numbers and the rewriter can keep every other byte.
struct CalendarScan {
    /// One VTODO's place in the lines.
    struct Todo {
        /// Index of its `BEGIN:VTODO` line.
        var begin: Int
        /// Index of its `END:VTODO` line.
        var end: Int
        /// Indexes of its own property lines (not those of its VALARMs or other sub-components).
        var properties: [Int]
        /// Index of its first sub-component's `BEGIN`, if it has one.
        var firstChild: Int?
        /// Its direct sub-components (VALARMs, mostly): the indexes of each one's `BEGIN` and `END`.
        var children: [(begin: Int, end: Int)] = []
    }

    var lines: [ContentLine]
    var todos: [Todo] = []
    /// How many components other than VTODO, VCALENDAR and VTIMEZONE (and their parts) the text holds
    /// at the top of a calendar: VEVENT, VJOURNAL, VFREEBUSY…
    var otherComponents: [String: Int] = [:]
    /// The calendar's `X-WR-CALNAME`.
    var calendarName: String?
    /// The calendar's `X-TICK-INBOX`: the name of the exporting store's Inbox.
    var inboxName: String?
    /// The `BEGIN` and `END` line indexes of the calendar's VTIMEZONEs.
    var timeZones: [(begin: Int, end: Int)] = []

    /// How deep components may nest (VCALENDAR, VTODO, VALARM is 3). libical frees a component
    /// tree by recursion, so a text nesting hundreds of thousands of components (which anyone who
    /// can write to a shared calendar can store) would crash it: such a text is refused here,
    /// before libical sees any of it.
    static let maximumDepth = 16

    /// Scans `text`; throws at the first line whose BEGIN and END do not pair up, that nests
    /// components deeper than `maximumDepth`, or that is longer than `maximumLineLength`.
    init(_ text: String) throws(CalendarError) {
        try Self.checkLineLengths(text)
        lines = ContentLine.split(text)
        var stack: [(name: String, index: Int)] = []
        var open: Todo?
        for (index, line) in lines.enumerated() {
            switch line.name {
            case "BEGIN":
                let name = line.componentName
                if name.isEmpty { throw CalendarError(line: line.lineNumber, problem: .malformed("BEGIN without a component name")) }
                if stack.isEmpty, name != "VCALENDAR", name != "VTODO" {
                    throw CalendarError(line: line.lineNumber, problem: .malformed("\(CalendarText.quoted(name)) outside a VCALENDAR"))
                }
                if name == "VTODO", open == nil {
                    open = Todo(begin: index, end: index, properties: [])
                } else if open != nil, open!.firstChild == nil {
                    open!.firstChild = index
                }
                if let todo = open, stack.last?.index == todo.begin, index != todo.begin { open!.children.append((index, index)) }
                if stack.count == 1, stack[0].name == "VCALENDAR", !["VTODO", "VTIMEZONE"].contains(name) {
                    otherComponents[name, default: 0] += 1
                }
                guard stack.count < Self.maximumDepth else {
                    throw CalendarError(line: line.lineNumber, problem: .malformed("components nested more than \(Self.maximumDepth) deep"))
                }
                stack.append((name, index))
            case "END":
                let name = line.componentName
                guard let top = stack.last else {
                    throw CalendarError(line: line.lineNumber, problem: .malformed("END:\(name) without a BEGIN"))
                }
                guard top.name == name else {
                    throw CalendarError(line: line.lineNumber, problem: .malformed(
                        "END:\(name) where END:\(top.name) was expected (BEGIN on line \(lines[top.index].lineNumber))"))
                }
                stack.removeLast()
                if let todo = open, stack.last?.index == todo.begin, !todo.children.isEmpty { open!.children[todo.children.count - 1].end = index }
                if name == "VTIMEZONE", stack.count == 1 { timeZones.append((top.index, index)) }
                if name == "VTODO", var todo = open, todo.begin == top.index {
                    todo.end = index
                    todos.append(todo)
                    open = nil
                }
            default:
                guard let top = stack.last else {
                    throw CalendarError(line: line.lineNumber, problem: .malformed(
                        index == 0 ? "no BEGIN:VCALENDAR (is this an iCalendar file?)" : "a line outside BEGIN:VCALENDAR … END:VCALENDAR"))
                }
                guard VTodoReader.valueStart(line.unfolded) != nil else {
                    throw CalendarError(line: line.lineNumber, problem: .malformed("not NAME:VALUE"))
                }
                if let todo = open, top.index == todo.begin { open!.properties.append(index) }
                if stack.count == 1, top.name == "VCALENDAR", line.name == "X-WR-CALNAME" || line.name == "X-TICK-INBOX" {
                    let value = CalendarText.unescaped(String(line.unfolded[VTodoReader.valueStart(line.unfolded)!...]))
                    if line.name == "X-WR-CALNAME", calendarName == nil, !value.isEmpty { calendarName = value }
                    if line.name == "X-TICK-INBOX", inboxName == nil, !value.isEmpty { inboxName = value }
                }
            }
        }
        if let top = stack.last {
            throw CalendarError(line: lines[top.index].lineNumber, problem: .malformed("BEGIN:\(top.name) is never ended"))
        }
        if lines.isEmpty { throw CalendarError(line: 1, problem: .malformed("no BEGIN:VCALENDAR (is this an iCalendar file?)")) }
    }

    /// The calendar's VTIMEZONEs alone in a VCALENDAR, parsed by libical, for the TZIDs of the
    /// VTODOs (each VTODO is parsed on its own: the whole file at once would hold every todo in C).
    func timeZoneCalendar(of text: String) -> Libical.Component? {
        guard !timeZones.isEmpty else { return nil }
        var calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        for zone in timeZones {
            calendar += Self.textForLibical(text[lines[zone.begin].raw.startIndex..<lines[zone.end].raw.endIndex])
            if lines[zone.end].raw.unicodeScalars.last != "\n" { calendar += "\r\n" }
        }
        return Libical.Component(parsing: calendar + "END:VCALENDAR\r\n")
    }

    /// A VTODO's own property lines.
    func propertyLines(of todo: Todo) -> [ContentLine] { todo.properties.map { lines[$0] } }
}
