import FoundationEssentials
import CLibical
import TodoStore

/// Writes a `CalendarTodo` as VTODO content lines (escaped and folded by libical, CRLF), one field
/// at a time, so that `VTodoRewriter` can replace only the fields that changed.
struct VTodoWriter {
    /// The zone due times are written in (`DUE;TZID=…`; floating without a name).
    var zone: LocalTime

    /// The lines of `field` for `todo` (none when the field is empty).
    func lines(_ field: CalendarTodo.Field, of todo: CalendarTodo) -> [String] {
        switch field {
        case .title: return [Libical.textLine(todo.title) { icalproperty_new_summary($0) }]
        case .notes: return todo.notes.isEmpty ? [] : [Libical.textLine(todo.notes) { icalproperty_new_description($0) }]
        case .priority:
            let value = CalendarPriority.icalendar(todo.priority)
            return value == 0 ? [] : [Libical.serialized(icalproperty_new_priority(Int32(value)))]
        case .due: return todo.due.flatMap(dueLine).map { [$0] } ?? []
        case .status:
            let percent = todo.percentComplete.map { [Libical.serialized(icalproperty_new_percentcomplete(Int32($0)))] } ?? []
            guard let completed = todo.completedAt else {
                return [Libical.serialized(icalproperty_new_status(todo.isInProcess ? ICAL_STATUS_INPROCESS : ICAL_STATUS_NEEDSACTION))] + percent
            }
            // A finished todo's percentage is past: marking one done drops another client's PERCENT-COMPLETE.
            return [Libical.serialized(icalproperty_new_status(todo.isCancelled ? ICAL_STATUS_CANCELLED : ICAL_STATUS_COMPLETED)),
                    Self.stampLine("COMPLETED", completed)]
        case .created: return todo.createdAt.map { [Self.stampLine("CREATED", $0)] } ?? []
        case .tags:
            // Tags hold no comma, backslash or semicolon: one CATEGORIES line lists them all.
            return todo.tags.isEmpty ? [] : [CalendarText.folded("CATEGORIES:" + todo.tags.joined(separator: ","))]
        case .rrule:
            guard let rrule = todo.rrule else { return [] }
            return [CalendarText.folded("RRULE:" + rrule)] + (todo.recursFromCompletion ? [CalendarText.folded("X-TICK-RECUR-FROM-COMPLETION:TRUE")] : [])
        case .list: return todo.listName.map { [CalendarText.folded("X-TICK-LIST:" + CalendarText.escaped($0))] } ?? []
        case .sortOrder: return todo.sortOrder.map { [CalendarText.folded("X-APPLE-SORT-ORDER:\($0)")] } ?? []
        case .flag: return todo.isFlagged ? [CalendarText.folded("X-TICK-FLAGGED:TRUE")] : []
        case .parent:
            guard let uid = todo.parentUID, let property = uid.withCString({ icalproperty_new_relatedto($0) }) else { return [] }
            icalproperty_add_parameter(property, icalparameter_new_reltype(ICAL_RELTYPE_PARENT))
            return [Libical.serialized(property)]
        // Written by `vtodo` and `VTodoRewriter`, beside the DUE and RRULE it must agree with.
        case .start: return []
        case .reminders: return Reminder.unique(todo.reminders).map { CalendarAlarms.lines($0, title: todo.title, zone: zone) }
        }
    }

    /// `UID`.
    static func uidLine(_ uid: String) -> String { Libical.textLine(uid) { icalproperty_new_uid($0) } }

    /// A UTC time stamp property (`DTSTAMP:20261201T120000Z`).
    static func stampLine(_ name: String, _ date: Date) -> String {
        CalendarText.folded(name + ":" + utcText(date))
    }

    /// `20261201T120000Z`, to the second (rounded down).
    static func utcText(_ date: Date) -> String {
        let time = Libical.utcTime(Int64(date.timeIntervalSince1970.rounded(.down)))
        return VTodoReader.day(time).filter { $0 != "-" } + "T" + VTodoReader.twoDigits(time.hour)
            + VTodoReader.twoDigits(time.minute) + VTodoReader.twoDigits(time.second) + "Z"
    }

    /// `DUE;VALUE=DATE:20261224` for a day; for a time, `DUE;TZID=Europe/Berlin:20261224T183000`
    /// when the zone has an IANA name libical knows, else the same instant in UTC
    /// (`DUE:20261224T173000Z`: UTC itself, or a zone given as a POSIX string such as `JST-9`); nil
    /// for text that is neither. A wall time the clocks skip is written as the instant it names
    /// (`LocalTime.instant(of:)`: 02:30 on the day they go forward is 03:30).
    func dueLine(_ due: String) -> String? { timeLine("DUE", due) }

    /// A DUE or DTSTART line (`name`) for a value in Tick's due notation, as `dueLine` describes.
    func timeLine(_ name: String, _ due: String) -> String? {
        let digits = due.filter(\.isNumber)
        if due.count == 10, digits.count == 8 { return CalendarText.folded(name + ";VALUE=DATE:" + digits) }
        guard due.count == 16, digits.count == 12, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
              let day = Int(digits.dropFirst(6).prefix(2)), let hour = Int(digits.dropFirst(8).prefix(2)),
              let minute = Int(digits.suffix(2)) else { return nil }
        if let zoneName = zone.name, !zone.isUniversal, Libical.builtinZone(zoneName) != nil {
            return CalendarText.folded(name + ";TZID=" + zoneName + ":" + String(digits.prefix(8)) + "T" + String(digits.suffix(4)) + "00")
        }
        let wall = CivilTime(day: CivilCalendar.days(year: year, month: month, day: day), minute: hour * 60 + minute)
        return CalendarText.folded(name + ":" + Self.utcText(zone.instant(of: wall)))
    }

    /// The DTSTART line a new VTODO for `todo` needs: its start, made consistent with its due
    /// (`TodoStart.consistent`), else one only for a recurring todo (RFC 5545 requires it beside an
    /// RRULE), on its due, else on the day it was made (`now` when unknown).
    func startLine(of todo: CalendarTodo, now: Date) -> String? {
        if let start = TodoStart.consistent(todo.start, due: todo.due) { return timeLine("DTSTART", start) }
        return TodoStart.required(current: nil, isWritten: false, due: todo.due, recurs: todo.rrule != nil,
                                  fallbackDay: TodoStart.day(of: todo.createdAt ?? now, in: zone)).flatMap { timeLine("DTSTART", $0) }
    }

    /// A whole VTODO for `todo`, stamped `now`.
    func vtodo(_ todo: CalendarTodo, now: Date) -> String {
        var text = "BEGIN:VTODO\r\n" + Self.uidLine(todo.uid) + Self.stampLine("DTSTAMP", now)
        if let modified = todo.lastModified { text += Self.stampLine("LAST-MODIFIED", modified) }
        if let start = startLine(of: todo, now: now) { text += start }
        for field in CalendarTodo.Field.allCases { text += lines(field, of: todo).joined() }
        return text + "END:VTODO\r\n"
    }
}
