import FoundationEssentials
import TodoStore

/// What a first reading of a calendar file learns for an import: every VTODO checked, the lists,
/// and where each todo's text is, in the order the todos are imported (each list's in their
/// `X-APPLE-SORT-ORDER`, those without one after, in the file's order). A second reading then reads
/// each todo's bytes alone (`Reader`), so the file is never held whole: what is held is this index,
/// a few dozen bytes per todo.
public struct ICalendarIndex: Sendable {
    /// Where a todo's text is in the file, and the line of its `BEGIN:VTODO`.
    public struct Place: Sendable, Equatable {
        /// Its bytes in the file.
        public var bytes: Range<Int>
        /// The 1-based line of its `BEGIN:VTODO`.
        public var line: Int
    }

    /// The lists the file names, its Inbox first (`X-TICK-INBOX`, else "Inbox"), then in the order
    /// their first todos are imported.
    public let lists: [InteropList]
    /// The todos, in the order they are imported.
    public let places: [Place]
    /// What the calendar says outside its todos.
    public let calendar: ICalendarStream.Calendar
    /// Components that are not todos (`VEVENT`, `VJOURNAL`…) at the top of the calendar, by name, with how many: ignored.
    public let ignored: [String: Int]
    /// VTODOs that change one occurrence of a recurring todo (`RECURRENCE-ID`): passed over.
    public let occurrenceOverrides: Int
    /// Due times read as their day only (`keepsDueTimes` false).
    public let dueTimesAsDays: Int
    /// Whether the time zones or the calendar's name came after a todo, in a reading that did not
    /// know them: the file must be read again, knowing them from the start (`ICalendarIndexer(calendar:)`).
    public let needsRereading: Bool
    let zone: LocalTime
    let keepsDueTimes: Bool

    /// The name of the file's Inbox.
    public var inboxName: String { calendar.inboxName ?? "Inbox" }

    /// A reader of the todos' texts, one at a time, as the first reading read them.
    public func reader() -> Reader {
        Reader(stream: ICalendarStream(zone: zone, calendar: calendar), inboxName: inboxName, keepsDueTimes: keepsDueTimes)
    }

    /// Reads the todos of an indexed file one at a time, from their bytes.
    public struct Reader {
        var stream: ICalendarStream
        let inboxName: String
        let keepsDueTimes: Bool

        /// The todo whose text is `bytes`, indexed at `place`. A problem (the file changed since it
        /// was indexed) is thrown with its line.
        public mutating func todo(_ bytes: some Collection<UInt8>, at place: Place) throws(CalendarError) -> NewTodo {
            guard bytes.count == place.bytes.count, var todo = try stream.todo(bytes, line: place.line) else {
                throw CalendarError(line: place.line, problem: .malformed("this VTODO is not what it was when the file was first read"))
            }
            if !keepsDueTimes, let due = todo.due, due.count > 10 { todo.due = String(due.prefix(10)) }
            return try ICalendarFile.newTodo(todo, line: place.line, inboxName: inboxName)
        }
    }
}

/// Builds an `ICalendarIndex` from a calendar file handed over a piece at a time (`ICalendarStream`):
/// the first problem in the file throws with its line, so an import that indexed a file whole
/// imports every todo of it.
public struct ICalendarIndexer {
    /// A todo found, before the todos are put in their order.
    private struct Found {
        var place: ICalendarIndex.Place
        var sortOrder: Int64?
        /// Its list, an index in `listNames`; -1 for the Inbox.
        var list: Int32
    }

    private var stream: ICalendarStream
    private let zone: LocalTime
    private let keepsDueTimes: Bool
    private let isCalendarGiven: Bool
    private var found: [Found] = []
    private var seenUIDs: Set<String> = []
    private var listNames: [String] = []
    private var listIndexes: [String: Int32] = [:]
    private var dueTimesAsDays = 0

    /// An indexer reading in `zone`; `keepsDueTimes` false keeps only the day of a DATE-TIME DUE;
    /// `calendar` is what an earlier reading learnt (see `ICalendarIndex.needsRereading`).
    public init(zone: LocalTime, keepsDueTimes: Bool = true, calendar: ICalendarStream.Calendar? = nil) {
        stream = ICalendarStream(zone: zone, calendar: calendar)
        self.zone = zone.fixed
        self.keepsDueTimes = keepsDueTimes
        isCalendarGiven = calendar != nil
    }

    /// Bytes read so far.
    public var bytesRead: Int { stream.bytesRead }
    /// The most bytes of text the reading held at once (see `ICalendarStream.mostBytesHeld`).
    public var mostBytesHeld: Int { stream.mostBytesHeld }

    /// Reads the next piece of the file.
    public mutating func read(_ piece: some Collection<UInt8>) throws(CalendarError) {
        for entry in try stream.read(piece) { try add(entry) }
    }

    /// Ends the file: the index, its todos in the order they are imported.
    public mutating func finish() throws(CalendarError) -> ICalendarIndex {
        for entry in try stream.finish() { try add(entry) }
        let inboxName = stream.calendar.inboxName ?? "Inbox"
        var lists = [InteropList(name: inboxName, isInbox: true)]
        var listKeys: Set<String> = [inboxName.lowercased()]
        // Each list's todos in their sort order; those without one after, in the file's order (a stable sort).
        let ordered = found.enumerated().sorted { ($0.element.sortOrder ?? .max, $0.offset) < ($1.element.sortOrder ?? .max, $1.offset) }
        for (_, todo) in ordered where todo.list >= 0 {
            let name = listNames[Int(todo.list)]
            if listKeys.insert(name.lowercased()).inserted { lists.append(InteropList(name: name)) }
        }
        return ICalendarIndex(lists: lists, places: ordered.map(\.element.place), calendar: stream.calendar, ignored: stream.ignored,
                              occurrenceOverrides: stream.occurrenceOverrides, dueTimesAsDays: dueTimesAsDays,
                              needsRereading: !isCalendarGiven && stream.calendar.cameAfterFirstTodo, zone: zone, keepsDueTimes: keepsDueTimes)
    }

    /// Checks and notes one todo: a UID given twice, or an RRULE Tick cannot follow, is a problem at its line.
    private mutating func add(_ entry: ICalendarStream.Entry) throws(CalendarError) {
        let todo = entry.todo
        guard seenUIDs.insert(todo.uid).inserted else { throw CalendarError(line: entry.line, problem: .repeatedUID(todo.uid)) }
        _ = try ICalendarFile.newTodo(todo, line: entry.line, inboxName: stream.calendar.inboxName ?? "Inbox")
        if !keepsDueTimes, let due = todo.due, due.count > 10 { dueTimesAsDays += 1 }
        var list: Int32 = -1
        if let name = todo.listName {
            if let index = listIndexes[name] {
                list = index
            } else {
                list = Int32(listNames.count)
                listIndexes[name] = list
                listNames.append(name)
            }
        }
        found.append(Found(place: ICalendarIndex.Place(bytes: entry.bytes, line: entry.line), sortOrder: todo.sortOrder, list: list))
    }
}
