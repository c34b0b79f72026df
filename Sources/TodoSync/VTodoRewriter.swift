import FoundationEssentials
import TodoStore

/// Writes Tick's version of a todo into the VTODO text a server (or a file) had, changing only
/// what Tick changed: a sync never destroys another client's data.
///
/// The original is read first (a VTODO Tick cannot read throws, and nothing is written). Then each
/// of Tick's fields (`CalendarTodo.Field`) whose value differs from the original's is written
/// again, in the place of its old lines; every other line (VALARMs, ATTACH, RELATED-TO other than a parent, other
/// clients' X- properties, parameters, the VCALENDAR around it, VTIMEZONEs) is kept byte for byte,
/// folding included. Reminders change alarm by alarm: a VALARM whose reminder Tick removed goes,
/// one for a reminder added is appended, and every other VALARM (those Tick cannot show included)
/// stays as written (`CalendarAlarms`). Two exceptions keep what others wrote as far as they can: CATEGORIES change
/// category by category (`CalendarTags.rewrittenLines`), and DTSTART is rewritten only when the
/// new DUE or RRULE makes it invalid (`TodoStart`). A change also updates LAST-MODIFIED and DTSTAMP
/// and adds one to SEQUENCE. A todo whose fields all match gives back the original unchanged.
public struct VTodoRewriter {
    /// The zone due times are written in.
    public var zone: LocalTime

    /// A rewriter writing due times in `zone`.
    public init(zone: LocalTime) {
        self.zone = zone
    }

    /// Every VTODO of `original`, as Tick reads them; throws at the first one Tick cannot read.
    public func read(_ original: String) throws(CalendarError) -> [CalendarTodo] {
        let scan = try CalendarScan(original)
        let calendar = scan.timeZoneCalendar(of: original)
        return try scan.todos.map { todo throws(CalendarError) in try CalendarReading.todo(todo, in: scan, text: original, calendar: calendar, zone: zone) }
    }

    /// `original` with `todo`'s values in place of the VTODO of the same UID (see the type's
    /// description), its DTSTAMP `now` and its LAST-MODIFIED the todo's (`now` when it has none). A nil `listName` or `sortOrder` in `todo` leaves those
    /// properties as they are (for a server, the list is the collection). With `stampingUnchanged`
    /// a todo whose fields all match is still stamped (LAST-MODIFIED, DTSTAMP, SEQUENCE): a move to
    /// another collection is a change, though none of its fields is.
    public func rewrite(_ original: String, with todo: CalendarTodo, now: Date, stampingUnchanged: Bool = false) throws(CalendarError) -> String {
        let scan = try CalendarScan(original)
        let calendar = scan.timeZoneCalendar(of: original)
        var found: (place: CalendarScan.Todo, todo: CalendarTodo, start: TodoStart.WallTime?)?
        for place in scan.todos {
            let read = try CalendarReading.todoAndStart(place, in: scan, text: original, calendar: calendar, zone: zone)
            if read.todo.uid == todo.uid { found = (place, read.todo, read.start); break }
        }
        guard let (place, old, start) = found else { throw CalendarError(line: 0, problem: .noSuchTodo(uid: todo.uid)) }
        let changed = CalendarTodo.Field.allCases.filter { field in
            if field == .list, todo.listName == nil { return false }
            if field == .sortOrder, todo.sortOrder == nil { return false }
            if field == .created, todo.createdAt == nil { return false }
            return !field.isSame(todo, old)
        }
        guard !changed.isEmpty || stampingUnchanged else { return original }

        let writer = VTodoWriter(zone: zone)
        // Each own property line: kept (nil) or replaced by the text given ("" removes it).
        var replacement: [Int: String] = [:]
        var appended = ""
        // Whole components Tick adds (VALARMs), before END:VTODO.
        var appendedComponents = ""
        var sequence: Int?
        for field in changed {
            // DTSTART is written below, with the DUE and RRULE it must agree with.
            if field == .start { continue }
            if field == .reminders {
                // Alarm by alarm: those Tick cannot show, and those whose reminder stays, are kept byte for byte.
                var kept = Set<Reminder>()
                for child in place.children {
                    guard let reminder = CalendarAlarms.reminder(scan.lines[child.begin...child.end], zone: zone) else { continue }
                    if todo.reminders.contains(reminder) {
                        kept.insert(reminder)
                    } else {
                        for index in child.begin...child.end { replacement[index] = "" }
                    }
                }
                let added = Reminder.unique(todo.reminders).filter { !kept.contains($0) }
                appendedComponents += added.map { CalendarAlarms.lines($0, title: todo.title, zone: zone) }.joined()
                continue
            }
            let indexes = place.properties.filter { field.owns(scan.lines[$0]) }
            if field == .tags {
                // Category by category: those Tick did not change stay as written, their lines byte for byte.
                let (lines, newLine) = CalendarTags.rewrittenLines(indexes.map { ($0, scan.lines[$0]) }, for: todo.tags)
                replacement.merge(lines) { _, new in new }
                appended += newLine ?? ""
                continue
            }
            let lines = writer.lines(field, of: todo).joined()
            if let first = indexes.first {
                replacement[first] = lines
                for index in indexes.dropFirst() { replacement[index] = "" }
            } else {
                appended += lines
            }
        }
        // DTSTART as RFC 5545 wants it beside the DUE and RRULE now written (another client's stays while valid).
        let startIndexes = place.properties.filter { scan.lines[$0].name == "DTSTART" }
        // A start on a DUE kept as written takes that line's form (another client's `DUE:…Z` gives `DTSTART:…Z`).
        let keptDue = changed.contains(.due) ? nil : place.properties.map { scan.lines[$0] }.first { $0.name == "DUE" }
        let fallbackDay = TodoStart.day(of: old.createdAt ?? now, in: zone)
        if changed.contains(.start) || (todo.start != nil && changed.contains(.due)) {
            // Tick's start changed (or its due moved): written consistent with the due, removed when
            // there is none, unless an RRULE needs a DTSTART (then the one it needs).
            let value = TodoStart.consistent(todo.start, due: todo.due)
                ?? (todo.rrule != nil ? TodoStart.required(current: nil, isWritten: false, due: todo.due, recurs: true, fallbackDay: fallbackDay) : nil)
            let line = value.flatMap { Self.startLine($0, dueLine: nil, writer: writer) } ?? ""
            if let first = startIndexes.first {
                replacement[first] = line
                for index in startIndexes.dropFirst() { replacement[index] = "" }
            } else {
                appended += line
            }
        } else if let value = TodoStart.required(current: start, isWritten: !startIndexes.isEmpty, due: todo.due, recurs: todo.rrule != nil,
                                                 fallbackDay: fallbackDay),
           let line = Self.startLine(value, dueLine: value == todo.due ? keptDue : nil, writer: writer) {
            if let first = startIndexes.first {
                replacement[first] = line
                for index in startIndexes.dropFirst() { replacement[index] = "" }
            } else {
                appended += line
            }
        }
        var stamped: Set<String> = []
        for index in place.properties {
            let line = scan.lines[index]
            switch line.name {
            case "LAST-MODIFIED" where !stamped.contains(line.name), "DTSTAMP" where !stamped.contains(line.name):
                replacement[index] = VTodoWriter.stampLine(line.name, line.name == "LAST-MODIFIED" ? todo.lastModified ?? now : now)
                stamped.insert(line.name)
            case "SEQUENCE" where sequence == nil:
                let value = VTodoReader.valueStart(line.unfolded).map { Int(line.unfolded[$0...].filter { $0 != " " }) ?? 0 } ?? 0
                sequence = value + 1
                replacement[index] = CalendarText.folded("SEQUENCE:\(value + 1)")
            default: break
            }
        }
        for name in ["LAST-MODIFIED", "DTSTAMP"] where !stamped.contains(name) {
            appended += VTodoWriter.stampLine(name, name == "LAST-MODIFIED" ? todo.lastModified ?? now : now)
        }
        if sequence == nil { appended += CalendarText.folded("SEQUENCE:1") }

        // Lines Tick adds go before the first sub-component (a VALARM), else before END:VTODO.
        let insertAt = place.firstChild ?? place.end
        var result = String(original[..<scan.lines[place.begin].raw.startIndex])
        for index in place.begin...place.end {
            if index == insertAt { result += appended }
            if index == place.end { result += appendedComponents }
            if let text = replacement[index] { result += text } else { result += Self.withBreak(scan.lines[index].raw) }
        }
        result += original[scan.lines[place.end].raw.endIndex...]
        return result
    }

    /// The DTSTART line for `value` (Tick's due notation): the value and parameters of `dueLine`
    /// when given, else written in Tick's zone; nil for a value that is no due.
    private static func startLine(_ value: String, dueLine: ContentLine?, writer: VTodoWriter) -> String? {
        if let dueLine, dueLine.unfolded.uppercased().hasPrefix("DUE") {
            return CalendarText.folded("DTSTART" + dueLine.unfolded.dropFirst(3))
        }
        return writer.timeLine("DTSTART", value)
    }

    /// A kept line; the last line of a text without a final break gets one, so what follows stays on its own line.
    private static func withBreak(_ raw: Substring) -> String {
        // "\r\n" is one Character in Swift: look at the last scalar.
        raw.unicodeScalars.last == "\n" ? String(raw) : String(raw) + CalendarText.lineBreak
    }
}
