import FoundationEssentials
import TodoStore

/// `.ics` files for `tick import` and `tick export`: a VCALENDAR with one VTODO per todo.
///
/// The list is a property of each VTODO, `X-TICK-LIST` (a file holds todos of several lists);
/// reading, a VTODO without it goes to the list the calendar names (`X-WR-CALNAME`, what Apple,
/// Nextcloud and Thunderbird write when they export one calendar), else to the Inbox. The calendar's
/// `X-TICK-INBOX` names the exporting store's Inbox. The manual order is `X-APPLE-SORT-ORDER`.
public enum ICalendarFile {
    /// What reading a file found.
    public struct Contents: Sendable {
        /// The lists the file names (Inbox first) and its todos, each list's in their order.
        public var document: InteropDocument
        /// Components that are not todos (`VEVENT`, `VJOURNAL`…), by name, with how many: ignored.
        public var ignored: [String: Int]
        /// VTODOs that change one occurrence of a recurring todo (`RECURRENCE-ID`): Tick has no
        /// such thing, so they are ignored and the series' own VTODO is imported.
        public var occurrenceOverrides: Int
        /// Due times read as their day only, because this store keeps due days only.
        public var dueTimesAsDays: Int
    }

    /// Reads a whole file, every VTODO checked before anything is returned: the first one Tick
    /// cannot read throws, with its line. `keepsDueTimes` false keeps only the day of a DATE-TIME DUE.
    /// `progress` hears how many bytes have been read now and then, and may throw to stop.
    public static func read(_ data: Data, zone: LocalTime = .fromEnvironment, keepsDueTimes: Bool = true,
                            progress: (_ bytesRead: Int) throws(CalendarError) -> Void = { _ in }) throws(CalendarError) -> Contents {
        let zone = zone.fixed
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CalendarError(line: lineOfInvalidUTF8(bytes), problem: .malformed("not UTF-8 text"))
        }
        let scan = try CalendarScan(text)
        guard scan.lines.first?.name == "BEGIN", scan.lines.first?.componentName == "VCALENDAR" else {
            throw CalendarError(line: scan.lines.first?.lineNumber ?? 1, problem: .malformed("no BEGIN:VCALENDAR (is this an iCalendar file?)"))
        }
        let calendar = scan.timeZoneCalendar(of: text)
        var todos: [(todo: CalendarTodo, line: Int)] = []
        var seen: Set<String> = []
        var overrides = 0, dueTimesAsDays = 0
        for (index, place) in scan.todos.enumerated() {
            if index % 256 == 255 { try progress(text.utf8.distance(from: text.startIndex, to: scan.lines[place.begin].raw.startIndex)) }
            if scan.propertyLines(of: place).contains(where: { $0.name == "RECURRENCE-ID" }) {
                overrides += 1
                continue
            }
            var todo = try CalendarReading.todo(place, in: scan, text: text, calendar: calendar, zone: zone)
            let line = scan.lines[place.begin].lineNumber
            guard seen.insert(todo.uid).inserted else { throw CalendarError(line: line, problem: .repeatedUID(todo.uid)) }
            if !keepsDueTimes, let due = todo.due, due.count > 10 {
                todo.due = String(due.prefix(10))
                dueTimesAsDays += 1
            }
            todos.append((todo, line))
        }
        let inboxName = scan.inboxName ?? "Inbox"
        var lists = [InteropList(name: inboxName, isInbox: true)]
        var listKeys: Set<String> = [inboxName.lowercased()]
        // Each list's todos in their sort order; those without one after, in the file's order (a stable sort).
        let ordered = todos.enumerated().sorted { ($0.element.todo.sortOrder ?? .max, $0.offset) < ($1.element.todo.sortOrder ?? .max, $1.offset) }
        var newTodos: [NewTodo] = []
        for (_, entry) in ordered {
            let name = entry.todo.listName ?? inboxName
            if listKeys.insert(name.lowercased()).inserted { lists.append(InteropList(name: name)) }
            do {
                newTodos.append(try entry.todo.newTodo(defaultListName: inboxName))
            } catch {
                throw CalendarError(line: entry.line, problem: .unreadableProperty(name: "RRULE", reason: error.description))
            }
        }
        return Contents(document: InteropDocument(lists: lists, todos: newTodos), ignored: scan.otherComponents,
                        occurrenceOverrides: overrides, dueTimesAsDays: dueTimesAsDays)
    }

    /// The 1-based line of the first byte that is not UTF-8.
    private static func lineOfInvalidUTF8(_ bytes: Data.SubSequence) -> Int {
        var line = 1, start = bytes.startIndex
        for index in bytes.indices where bytes[index] == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = bytes.index(after: index)
        }
        return line
    }

    /// Writes every todo of `store` as a VCALENDAR through `write`, a VTODO at a time (CRLF line
    /// breaks, lines folded at 75 octets); returns the number of todos.
    @discardableResult
    public static func export(_ store: TodoStore, zone: LocalTime = .fromEnvironment, now: Date = Date(),
                              to write: (String) throws -> Void) throws -> Int {
        let writer = VTodoWriter(zone: zone.fixed)
        let inbox = try store.lists().first { $0.id == TodoStore.inboxListID }
        var header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tick//Tick//EN\r\nCALSCALE:GREGORIAN\r\n"
        if let inbox { header += CalendarText.folded("X-TICK-INBOX:" + CalendarText.escaped(inbox.name)) }
        try write(header)
        var count = 0
        try store.forEachTodoForExport { item, list in
            try write(writer.vtodo(CalendarTodo(item, listName: list.name), now: now))
            count += 1
        }
        try write("END:VCALENDAR\r\n")
        return count
    }
}
