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

    /// Reads a whole file, every VTODO checked before anything is returned: the first problem in the
    /// file throws, with its line. `keepsDueTimes` false keeps only the day of a DATE-TIME DUE.
    /// `progress` hears how many bytes have been read now and then, and may throw to stop. It reads
    /// as `tick import` reads a file of any size: indexed a piece at a time (`ICalendarIndexer`),
    /// then each todo read again alone, in its place.
    public static func read(_ data: Data, zone: LocalTime, keepsDueTimes: Bool = true,
                            progress: (_ bytesRead: Int) throws(CalendarError) -> Void = { _ in }) throws(CalendarError) -> Contents {
        var index = try self.index(data, indexer: ICalendarIndexer(zone: zone, keepsDueTimes: keepsDueTimes), progress: progress)
        if index.needsRereading {
            // A time zone or the calendar's name came after a todo: read again, knowing them from the start.
            index = try self.index(data, indexer: ICalendarIndexer(zone: zone, keepsDueTimes: keepsDueTimes, calendar: index.calendar),
                                   progress: progress)
        }
        var reader = index.reader()
        var todos: [NewTodo] = []
        todos.reserveCapacity(index.places.count)
        for place in index.places {
            let start = data.index(data.startIndex, offsetBy: place.bytes.lowerBound)
            try todos.append(reader.todo(data[start..<data.index(start, offsetBy: place.bytes.count)], at: place))
        }
        return Contents(document: InteropDocument(lists: index.lists, todos: todos), ignored: index.ignored,
                        occurrenceOverrides: index.occurrenceOverrides, dueTimesAsDays: index.dueTimesAsDays)
    }

    /// Bytes handed to the indexer at a time: small, so that `progress` (and Ctrl-C) is heard every few dozen todos.
    static let pieceSize = 1 << 12

    /// The index of `data`, read by `indexer` a piece at a time.
    private static func index(_ data: Data, indexer: ICalendarIndexer,
                              progress: (_ bytesRead: Int) throws(CalendarError) -> Void) throws(CalendarError) -> ICalendarIndex {
        var indexer = indexer
        var start = data.startIndex
        while start < data.endIndex {
            let end = data.index(start, offsetBy: pieceSize, limitedBy: data.endIndex) ?? data.endIndex
            try indexer.read(data[start..<end])
            start = end
            try progress(indexer.bytesRead)
        }
        return try indexer.finish()
    }

    /// The todo `todo` (read on line `line`) is, in a store whose Inbox is `inboxName`: an RRULE Tick
    /// cannot follow is a problem at its line.
    public static func newTodo(_ todo: CalendarTodo, line: Int, inboxName: String) throws(CalendarError) -> NewTodo {
        do {
            return try todo.newTodo(defaultListName: inboxName)
        } catch {
            throw CalendarError(line: line, problem: .unreadableProperty(name: "RRULE", reason: error.description))
        }
    }

    /// Writes every todo of `store` as a VCALENDAR through `write`, a VTODO at a time (CRLF line
    /// breaks, lines folded at 75 octets); returns the number of todos.
    @discardableResult
    public static func export(_ store: TodoStore, zone: LocalTime, now: Date = Date(),
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
