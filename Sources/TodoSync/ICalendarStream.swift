import FoundationEssentials
import TodoStore

/// An iCalendar text read a piece at a time, so that a file of any size is never held whole: its
/// physical lines are joined into content lines as they come, the structure is checked as
/// `CalendarScan` checks a whole text (the same problems, at the same lines), and each VTODO, once
/// its END has come, is scanned and read on its own, with the calendar's time zones and name, then
/// handed over and forgotten. What it holds at any time is one VTODO's text, one line, the stack of
/// open components and the calendar's time zones.
///
/// The problem thrown is the one reading the whole text finds: the first in its structure (bytes
/// that are not UTF-8, a BEGIN without its END, a line over 1 MB) as soon as it comes, else, at the
/// end, the first VTODO Tick cannot read, with its line.
public struct ICalendarStream {
    /// What a calendar says outside its todos: its name, the exporting store's Inbox, its time zones.
    /// A VTODO is read with them; when some come after the first VTODO, a first reading of the text
    /// read the todos before them without them, so the reader of a file learns them in a first
    /// reading and gives them to the second (`init(zone:calendar:)`).
    public struct Calendar: Sendable {
        /// `X-WR-CALNAME`: the list of the todos that name none.
        public var name: String?
        /// `X-TICK-INBOX`: the name of the exporting store's Inbox.
        public var inboxName: String?
        /// Whether one of these came after the first VTODO.
        public var cameAfterFirstTodo = false
        /// The texts of the calendar's VTIMEZONEs.
        var timeZones: [String] = []

        /// Nothing known yet.
        public init() {}
    }

    /// A VTODO read, with the line of its BEGIN and where its text is.
    public struct Entry {
        /// The todo it holds.
        public var todo: CalendarTodo
        /// The 1-based line of its `BEGIN:VTODO`.
        public var line: Int
        /// Its text's bytes in the whole input (from its BEGIN line to its END line, line breaks
        /// included): `todo(_:line:)` reads them again alone.
        public var bytes: Range<Int>
    }

    /// The calendar as read so far (or as given).
    public private(set) var calendar: Calendar
    /// Components that are not todos (`VEVENT`, `VJOURNAL`…) at the top of a calendar, by name, with how many.
    public private(set) var ignored: [String: Int] = [:]
    /// VTODOs that change one occurrence of a recurring todo (`RECURRENCE-ID`), passed over.
    public private(set) var occurrenceOverrides = 0
    /// Bytes handed to `read(_:)` so far.
    public private(set) var bytesRead = 0
    /// The most bytes the reader held at once (one VTODO's text, a line, the time zones): tests see
    /// that it stays bounded however long the text.
    public private(set) var mostBytesHeld = 0

    private let zone: LocalTime
    /// Whether the calendar was given: its own lines are then not read for it again.
    private let isCalendarGiven: Bool
    /// The physical line being read (its bytes so far, the first `maximumLineBytes` of them), how
    /// many bytes it has, the byte before the last, and how many physical lines came before it.
    private var partial: [UInt8] = []
    private var partialLength = 0
    private var previousByte: UInt8 = 0
    private var physicalLines = 0
    /// Bytes of the input up to the end of the last whole physical line.
    private var consumed = 0
    /// The content line being joined: its unfolded bytes, its raw bytes, its first line's number,
    /// where it starts in the input and where it ends, and its length as `CalendarScan` counts it.
    private var pending: PendingLine?
    /// Blank lines after the pending content line: part of a VTODO's text when one is open.
    private var blankRaw: [UInt8] = []
    private var contentLines = 0
    /// The open components, with the lines of their BEGINs.
    private var stack: [(name: String, line: Int)] = []
    /// The text of the VTODO (not inside another) being read, and the depth it opened at.
    private var todoText: [UInt8]?
    private var todoDepth = 0
    private var todoLine = 0
    private var todoStart = 0
    /// The text of the calendar's VTIMEZONE being read.
    private var timeZoneText: [UInt8]?
    private var sawTodo = false
    /// The first VTODO that could not be read: thrown at the end, after the structure of the whole
    /// text was checked (as `CalendarScan` checks a whole text before any VTODO is read), unless a
    /// time zone or the calendar's name came after a todo (then a second reading tells). No todo
    /// is handed over after it.
    private var unreadableTodo: CalendarError?
    private var isStarted = false
    /// The calendar's time zones parsed by libical, made again when a time zone is added.
    private var timeZoneComponent: Libical.Component?
    private var timeZoneComponentCount = 0
    private var timeZoneBytes = 0

    /// A reader in `zone` (fixed for the whole reading); `calendar` what a first reading learnt.
    public init(zone: LocalTime, calendar: Calendar? = nil) {
        self.zone = zone.fixed
        self.calendar = calendar ?? Calendar()
        isCalendarGiven = calendar != nil
    }

    /// A content line being joined from its physical lines.
    private struct PendingLine {
        var unfolded: [UInt8]
        var raw: [UInt8]
        var number: Int
        var start: Int
        var end: Int
        var length: Int
    }

    /// Reads `bytes`, the next piece of the text; returns the VTODOs it completed.
    public mutating func read(_ bytes: some Collection<UInt8>) throws(CalendarError) -> [Entry] {
        var entries: [Entry] = []
        bytesRead += bytes.count
        for byte in bytes {
            // Past the longest line Tick reads, a line is only counted: it is refused at its end, with its length.
            if partialLength < Self.maximumLineBytes { partial.append(byte) }
            partialLength += 1
            if byte == UInt8(ascii: "\n") { try endPhysicalLine(into: &entries) } else { previousByte = byte }
        }
        noteBytesHeld()
        return entries
    }

    /// Ends the text: reads what is left and checks that every component was ended.
    public mutating func finish() throws(CalendarError) -> [Entry] {
        var entries: [Entry] = []
        if partialLength > 0 { try endPhysicalLine(endingWithLineFeed: false, into: &entries) }
        if let line = pending {
            pending = nil
            try process(line, into: &entries)
        }
        if let top = stack.last { throw CalendarError(line: top.line, problem: .malformed("BEGIN:\(top.name) is never ended")) }
        if contentLines == 0 { throw CalendarError(line: 1, problem: .malformed("no BEGIN:VCALENDAR (is this an iCalendar file?)")) }
        if let unreadableTodo, isCalendarGiven || !calendar.cameAfterFirstTodo { throw unreadableTodo }
        return entries
    }

    /// The bytes of a physical line kept: the longest content line Tick reads, and its line break.
    static let maximumLineBytes = CalendarScan.maximumLineLength + 2

    // MARK: Lines

    /// One physical line is in `partial` (with its line feed, unless the text ended): checked for
    /// UTF-8, then joined to the content line before it or starting a new one.
    private mutating func endPhysicalLine(endingWithLineFeed endsWithLineFeed: Bool = true, into entries: inout [Entry]) throws(CalendarError) {
        let start = consumed
        consumed += partialLength
        defer {
            partial.removeAll(keepingCapacity: true)
            partialLength = 0
            previousByte = 0
        }
        physicalLines += 1
        var bomLength = 0
        if !isStarted {
            isStarted = true
            if partial.starts(with: [0xEF, 0xBB, 0xBF]) {
                partial.removeFirst(3)
                bomLength = 3
            }
        }
        // The line's length without its break (a CR right before the LF belongs to the break), as CalendarScan counts it.
        var length = partialLength - bomLength
        if endsWithLineFeed {
            length -= 1
            if previousByte == UInt8(ascii: "\r"), length > 0 { length -= 1 }
        }
        let physical = partial[..<max(0, min(partial.count, length))]
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), carriageReturn = UInt8(ascii: "\r")
        let isContinued = physical.first.map { $0 == space || $0 == tab } == true && pending != nil
        let isBlank = !isContinued && physical.allSatisfy { $0 == space || $0 == tab || $0 == carriageReturn }
        // A content line longer than Tick reads is refused (as CalendarScan does) before anything else is asked of it.
        if isContinued, pending!.length + length - 1 > CalendarScan.maximumLineLength {
            throw CalendarScan.lineTooLong(startingWith: pending!.unfolded.prefix(40), length: pending!.length + length - 1, line: pending!.number)
        }
        if !isContinued, !isBlank, length > CalendarScan.maximumLineLength {
            throw CalendarScan.lineTooLong(startingWith: physical.prefix(40), length: length, line: physicalLines)
        }
        guard String(validating: partial, as: UTF8.self) != nil else {
            throw CalendarError(line: physicalLines, problem: .malformed("not UTF-8 text"))
        }
        if isContinued {
            pending!.unfolded += physical.dropFirst()
            pending!.raw += blankRaw + partial
            pending!.end = consumed
            pending!.length += length - 1
            blankRaw = []
        } else if !isBlank {
            if let line = pending {
                pending = nil
                try process(line, into: &entries)
            }
            // Blank lines between two content lines are part of the text of a VTODO (or VTIMEZONE) still open.
            todoText? += blankRaw
            timeZoneText? += blankRaw
            blankRaw = []
            pending = PendingLine(unfolded: physical.filter { $0 != carriageReturn }, raw: partial, number: physicalLines,
                                  start: start + bomLength, end: consumed, length: length)
        } else {
            blankRaw += partial
        }
    }

    // MARK: Structure

    /// One content line, checked as `CalendarScan` checks it, its raw bytes added to the VTODO or
    /// VTIMEZONE it belongs to.
    private mutating func process(_ line: PendingLine, into entries: inout [Entry]) throws(CalendarError) {
        contentLines += 1
        let text = String(decoding: line.unfolded, as: UTF8.self)
        let content = ContentLine(lineNumber: line.number, unfolded: text, raw: text[...])
        todoText? += line.raw
        timeZoneText? += line.raw
        switch content.name {
        case "BEGIN":
            let name = content.componentName
            if name.isEmpty { throw CalendarError(line: line.number, problem: .malformed("BEGIN without a component name")) }
            if stack.isEmpty, name != "VCALENDAR", name != "VTODO" {
                throw CalendarError(line: line.number, problem: .malformed("\(CalendarText.quoted(name)) outside a VCALENDAR"))
            }
            if stack.count == 1, stack[0].name == "VCALENDAR", !["VTODO", "VTIMEZONE"].contains(name) { ignored[name, default: 0] += 1 }
            guard stack.count < CalendarScan.maximumDepth else {
                throw CalendarError(line: line.number, problem: .malformed("components nested more than \(CalendarScan.maximumDepth) deep"))
            }
            if name == "VTODO", todoText == nil {
                todoText = line.raw
                todoDepth = stack.count
                todoLine = line.number
                todoStart = line.start
                sawTodo = true
            }
            if name == "VTIMEZONE", stack.count == 1, timeZoneText == nil { timeZoneText = line.raw }
            stack.append((name, line.number))
        case "END":
            let name = content.componentName
            guard let top = stack.last else { throw CalendarError(line: line.number, problem: .malformed("END:\(name) without a BEGIN")) }
            guard top.name == name else {
                throw CalendarError(line: line.number, problem: .malformed("END:\(name) where END:\(top.name) was expected (BEGIN on line \(top.line))"))
            }
            stack.removeLast()
            if name == "VTIMEZONE", stack.count == 1, let zone = timeZoneText {
                timeZoneText = nil
                if !isCalendarGiven {
                    calendar.timeZones.append(String(decoding: zone, as: UTF8.self))
                    timeZoneBytes += zone.count
                    if sawTodo { calendar.cameAfterFirstTodo = true }
                }
            }
            if name == "VTODO", stack.count == todoDepth, let todo = todoText {
                todoText = nil
                noteBytesHeld(todo.count)
                if unreadableTodo == nil {
                    do throws(CalendarError) {
                        if let todo = try self.todo(todo, line: todoLine) { entries.append(Entry(todo: todo, line: todoLine, bytes: todoStart..<line.end)) }
                    } catch {
                        unreadableTodo = error
                    }
                }
            }
        default:
            guard !stack.isEmpty else {
                throw CalendarError(line: line.number, problem: .malformed(
                    contentLines == 1 ? "no BEGIN:VCALENDAR (is this an iCalendar file?)" : "a line outside BEGIN:VCALENDAR … END:VCALENDAR"))
            }
            guard let start = VTodoReader.valueStart(text) else { throw CalendarError(line: line.number, problem: .malformed("not NAME:VALUE")) }
            if stack.count == 1, stack[0].name == "VCALENDAR", !isCalendarGiven {
                let value = CalendarText.unescaped(String(text[start...]))
                if content.name == "X-WR-CALNAME", calendar.name == nil, !value.isEmpty {
                    calendar.name = value
                    if sawTodo { calendar.cameAfterFirstTodo = true }
                }
                if content.name == "X-TICK-INBOX", calendar.inboxName == nil, !value.isEmpty {
                    calendar.inboxName = value
                    if sawTodo { calendar.cameAfterFirstTodo = true }
                }
            }
        }
        // A file is a calendar (checked after the structure, which names a first line such as BEGIN:VEVENT better).
        if contentLines == 1, content.name != "BEGIN" || content.componentName != "VCALENDAR" {
            throw CalendarError(line: line.number, problem: .malformed("no BEGIN:VCALENDAR (is this an iCalendar file?)"))
        }
        if let todo = todoText, todo.count > CalendarReading.maximumTodoBytes {
            throw CalendarError(line: todoLine, problem: .malformed("a VTODO larger than \(CalendarReading.maximumTodoBytes >> 20) MB"))
        }
    }

    // MARK: Todos

    /// The VTODO whose text is `bytes` (its BEGIN on line `line`), read alone with the calendar's
    /// time zones and name; nil for one that changes an occurrence (RECURRENCE-ID), which is counted.
    /// A reading of a whole text calls it for each VTODO; an import calls it again for each `Entry`'s
    /// `bytes`, on a reader given the calendar the first reading learnt.
    public mutating func todo(_ bytes: some Collection<UInt8>, line: Int) throws(CalendarError) -> CalendarTodo? {
        let text = String(decoding: bytes, as: UTF8.self)
        let offset = line - 1
        do {
            let scan = try CalendarScan(text)
            guard let place = scan.todos.first else { return nil }
            if scan.propertyLines(of: place).contains(where: { $0.name == "RECURRENCE-ID" }) {
                occurrenceOverrides += 1
                return nil
            }
            return try CalendarReading.todo(place, in: scan, text: text, calendar: timeZones(), zone: zone, calendarName: calendar.name)
        } catch {
            throw CalendarError(line: error.line + offset, problem: error.problem)
        }
    }

    /// The calendar's time zones parsed by libical, for the TZIDs of the VTODOs.
    private mutating func timeZones() -> Libical.Component? {
        guard !calendar.timeZones.isEmpty else { return nil }
        if timeZoneComponentCount != calendar.timeZones.count {
            var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
            for zone in calendar.timeZones {
                text += zone
                if zone.utf8.last != UInt8(ascii: "\n") { text += "\r\n" }
            }
            timeZoneComponent = Libical.Component(parsing: text + "END:VCALENDAR\r\n")
            timeZoneComponentCount = calendar.timeZones.count
        }
        return timeZoneComponent
    }

    /// Notes how many bytes the reader holds now (with `extra` about to be read).
    private mutating func noteBytesHeld(_ extra: Int = 0) {
        let held = partial.count + (pending?.raw.count ?? 0) + (pending?.unfolded.count ?? 0) + blankRaw.count + (todoText?.count ?? 0)
            + (timeZoneText?.count ?? 0) + timeZoneBytes + extra
        mostBytesHeld = max(mostBytesHeld, held)
    }
}
