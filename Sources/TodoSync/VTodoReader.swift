import FoundationEssentials
import CLibical
import TodoStore

/// Reads a VTODO parsed by libical into a `CalendarTodo`, or says precisely why it cannot: a
/// property Tick reads that libical could not parse (its `X-LIC-ERROR`), no UID, no title, a DUE
/// in a zone nobody knows, an RRULE Tick cannot follow. Never a half-read todo.
struct VTodoReader {
    /// The VTODO's own content lines (not those of its VALARMs), for line numbers and raw values.
    var lines: [ContentLine]
    /// The VTODO's first line, where problems without a line of their own are reported.
    var startLine: Int
    /// The calendar around it, whose VTIMEZONEs name zones; nil for a bare VTODO.
    var calendar: OpaquePointer?
    /// The calendar's `X-WR-CALNAME`, the list of a VTODO that names none.
    var calendarName: String?
    /// The zone due times are kept in.
    var zone: LocalTime

    /// The properties whose values Tick reads: a parse error in one of them makes the VTODO unreadable.
    static let knownProperties: Set<String> = ["UID", "SUMMARY", "DESCRIPTION", "PRIORITY", "DUE", "STATUS", "COMPLETED",
                                               "CREATED", "LAST-MODIFIED", "DTSTAMP", "CATEGORIES", "RRULE", "X-TICK-LIST",
                                               "X-APPLE-SORT-ORDER", "X-TICK-FLAGGED", "X-TICK-RECUR-FROM-COMPLETION"]

    /// The line of the first property called `name`, else the VTODO's first line.
    func line(of name: String) -> Int {
        lines.first { $0.name == name }?.lineNumber ?? startLine
    }

    func unreadable(_ name: String, _ reason: String) -> CalendarError {
        CalendarError(line: line(of: name), problem: .unreadableProperty(name: name, reason: reason))
    }

    /// The values of Tick's properties as read from a VTODO, before they are checked and made a todo:
    /// by libical (`read(_:)`) or, for the plain VTODOs most clients write, by Tick itself (`readQuickly()`).
    struct Fields {
        var uid = "", title: String?, notes = "", priority = 0, due: String?, status = ICAL_STATUS_NONE
        var completed: Date?, created: Date?, modified: Date?, stamp: Date?
        var listName: String?, sortOrder: Int64?, flagged = false, fromCompletion = false, percent: Int?, parentUID: String?
    }

    /// The STATUS values `readQuickly()` reads itself (any other is libical's to read).
    static let quickStatuses: [String: icalproperty_status] = [
        "NEEDS-ACTION": ICAL_STATUS_NEEDSACTION, "COMPLETED": ICAL_STATUS_COMPLETED,
        "IN-PROCESS": ICAL_STATUS_INPROCESS, "CANCELLED": ICAL_STATUS_CANCELLED,
    ]

    func read(_ vtodo: OpaquePointer) throws(CalendarError) -> CalendarTodo {
        var fields = Fields()
        for property in Libical.properties(of: vtodo) {
            let name = Libical.name(of: property)
            switch icalproperty_isa(property) {
            case ICAL_XLICERROR_PROPERTY:
                let message = Libical.string(icalproperty_get_xlicerror(property))
                // "Can't parse as DATE-TIME value in DUE property. Removing entire property: 2026"
                if let named = Self.knownProperties.first(where: { message.contains(" \($0) property") }) {
                    throw unreadable(named, "cannot read \(CalendarText.quoted(rawValue(of: named) ?? message))")
                }
            case ICAL_UID_PROPERTY where fields.uid.isEmpty: fields.uid = Libical.string(icalproperty_get_uid(property))
            case ICAL_SUMMARY_PROPERTY where fields.title == nil: fields.title = Libical.string(icalproperty_get_summary(property))
            case ICAL_DESCRIPTION_PROPERTY where fields.notes.isEmpty: fields.notes = Libical.string(icalproperty_get_description(property))
            case ICAL_PRIORITY_PROPERTY: fields.priority = CalendarPriority.tick(Int(icalproperty_get_priority(property)))
            case ICAL_DUE_PROPERTY where fields.due == nil: fields.due = try dueText(icalproperty_get_due(property), of: property)
            case ICAL_STATUS_PROPERTY: fields.status = icalproperty_get_status(property)
            case ICAL_PERCENTCOMPLETE_PROPERTY:
                // Out of range is another client's mistake: not shown, and kept as written until the status changes here.
                // libical reads text that is no number as 0: the value as written decides.
                let value = rawValue(of: "PERCENT-COMPLETE").flatMap { Int($0.filter { $0 != " " }) }
                fields.percent = value.flatMap { (0...100).contains($0) ? $0 : nil }
            case ICAL_COMPLETED_PROPERTY: fields.completed = try date(icalproperty_get_completed(property), of: property, named: name)
            case ICAL_CREATED_PROPERTY: fields.created = try date(icalproperty_get_created(property), of: property, named: name)
            case ICAL_LASTMODIFIED_PROPERTY: fields.modified = try date(icalproperty_get_lastmodified(property), of: property, named: name)
            case ICAL_DTSTAMP_PROPERTY: fields.stamp = try date(icalproperty_get_dtstamp(property), of: property, named: name)
            case ICAL_RELATEDTO_PROPERTY where fields.parentUID == nil:
                // The first parent relation (no RELTYPE means PARENT); a value no UID could be is none.
                let reltype = Libical.parameter("RELTYPE", of: property)?.uppercased()
                let value = Libical.string(icalproperty_get_relatedto(property))
                if reltype == nil || reltype == "PARENT", Self.isUsableUID(value) { fields.parentUID = value }
            case ICAL_X_PROPERTY:
                readTickExtension(name, Libical.string(icalproperty_get_x(property)), into: &fields)
            default: break
            }
        }
        return try todo(from: fields, start: start(vtodo))
    }

    /// An X- property Tick reads (`X-TICK-LIST`, `X-APPLE-SORT-ORDER`…) into `fields`; others are left alone.
    func readTickExtension(_ name: String, _ value: String, into fields: inout Fields) {
        switch name {
        case "X-TICK-LIST" where !value.isEmpty: fields.listName = value
        case "X-APPLE-SORT-ORDER": fields.sortOrder = Int64(value.filter { $0 != " " })
        case "X-TICK-FLAGGED": fields.flagged = value.uppercased() == "TRUE"
        case "X-TICK-RECUR-FROM-COMPLETION": fields.fromCompletion = value.uppercased() == "TRUE"
        default: break
        }
    }

    /// The todo `fields` make, or why they make none (no UID, a UID no todo can have, no title, an
    /// RRULE Tick cannot follow); `start` is the VTODO's DTSTART as `start(_:)` reads it.
    func todo(from fields: Fields, start: TodoStart.WallTime?) throws(CalendarError) -> CalendarTodo {
        let uid = fields.uid, status = fields.status, completed = fields.completed, percent = fields.percent
        // From the lines as written, as the rewriter splits them (libical splits at escaped commas too).
        let categories = CategoriesLine.categories(in: lines)
        guard !Self.isBlank(uid) else { throw CalendarError(line: startLine, problem: .missingUID) }
        // A UID is written on one line and names the todo in the store: no control character, at most 255 bytes.
        if !Self.isUsableUID(uid) {
            throw unreadable("UID", "\(CalendarText.quoted(uid)) has a control character or is longer than 255 bytes")
        }
        guard let title = fields.title, !title.allSatisfy(\.isWhitespace) else {
            throw CalendarError(line: line(of: "SUMMARY"), problem: .missingSummary)
        }
        let rrule = try recurrence()
        // Without a STATUS, a COMPLETED time or PERCENT-COMPLETE:100 says it is done (RFC 5545 3.8.1.8:
        // 100 is completed); a STATUS of NEEDS-ACTION or IN-PROCESS keeps it open whatever they say.
        let isDone = status == ICAL_STATUS_COMPLETED || status == ICAL_STATUS_CANCELLED
            || (status != ICAL_STATUS_NEEDSACTION && status != ICAL_STATUS_INPROCESS && (completed != nil || percent == 100))
        let inferred = fields.modified ?? fields.stamp ?? fields.created ?? Date(timeIntervalSince1970: 0)
        var todo = CalendarTodo(uid: uid, title: title, notes: fields.notes, priority: fields.priority, due: fields.due,
                                completedAt: isDone ? completed ?? inferred : nil,
                                isCancelled: status == ICAL_STATUS_CANCELLED, createdAt: fields.created, lastModified: fields.modified,
                                tags: CalendarTags.tags(forCategories: categories), rrule: rrule,
                                recursFromCompletion: rrule != nil && fields.fromCompletion,
                                listName: fields.listName ?? calendarName, sortOrder: fields.sortOrder, isFlagged: fields.flagged,
                                isInProcess: !isDone && status == ICAL_STATUS_INPROCESS, percentComplete: percent,
                                parentUID: fields.parentUID)
        todo.isCompletionTimeInferred = isDone && completed == nil
        todo.start = Self.startDate(start, due: fields.due, recurs: rrule != nil)
        return todo
    }

    /// The todo's start date from its DTSTART, in Tick's due notation (a DATE-TIME to the minute),
    /// or nil: none, unreadable, or the DTSTART RFC 5545 requires beside an RRULE on the due itself
    /// (what Tick writes for a recurring todo without a start; reading it as a start would hide
    /// every recurring todo from the agenda until its due day). A start after the due or of the
    /// other value type is another client's, kept as read.
    static func startDate(_ wall: TodoStart.WallTime?, due: String?, recurs: Bool) -> String? {
        guard let wall else { return nil }
        let start = wall.isDate ? wall.text : String(wall.text.prefix(16))
        if recurs, start == due { return nil }
        return start
    }

    /// Whether `text` is only spaces and tabs (or nothing).
    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether `uid` can name a todo in the store: something other than blanks, no control
    /// character, at most 255 bytes.
    static func isUsableUID(_ uid: String) -> Bool {
        // Over the bytes: blanks and control characters are single ASCII bytes, never part of a longer UTF-8 sequence.
        let utf8 = uid.utf8
        return utf8.count <= 255 && !isBlank(uid) && !utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// The first DTSTART as local wall time (as a DUE is read, to the second), nil when there is
    /// none or it cannot be read: Tick keeps no start, and reads it only to write a valid one.
    func start(_ vtodo: OpaquePointer) -> TodoStart.WallTime? {
        guard let property = icalcomponent_get_first_property(vtodo, ICAL_DTSTART_PROPERTY) else { return nil }
        let time = icalproperty_get_dtstart(property)
        do {
            try requireValid(time, named: "DTSTART")
        } catch {
            return nil  // not a date: another client's DTSTART, left as it is
        }
        if time.is_date != 0 { return TodoStart.WallTime(isDate: true, text: Self.day(time)) }
        let zone: OpaquePointer?
        do {
            zone = try timeZone(of: time, property, named: "DTSTART")
        } catch {
            return nil  // a zone nobody knows: another client's DTSTART, left as it is
        }
        if let zone {
            // In another zone or UTC: the wall time of the same instant in Tick's zone (`LocalTime`).
            let local = self.zone.civilTime(of: Date(timeIntervalSince1970: Double(icaltime_as_timet_with_zone(time, zone))))
            return TodoStart.WallTime(isDate: false, text: local.dayText + "T" + Self.twoDigits(Int32(local.second / 3600)) + ":"
                                      + Self.twoDigits(Int32(local.second / 60 % 60)) + ":" + Self.twoDigits(Int32(local.second % 60)))
        }
        return TodoStart.WallTime(isDate: false, text: Self.day(time) + "T" + Self.twoDigits(time.hour) + ":"
                                  + Self.twoDigits(time.minute) + ":" + Self.twoDigits(time.second))
    }

    /// The text after the colon of the first line called `name`, as written.
    func rawValue(of name: String) -> String? {
        guard let line = lines.first(where: { $0.name == name }), let colon = Self.valueStart(line.unfolded) else { return nil }
        return String(line.unfolded[colon...])
    }

    /// Where a content line's value starts: after the first colon outside a quoted parameter value.
    static func valueStart(_ line: String) -> String.Index? {
        // Byte by byte: a quote and a colon are single bytes never inside a UTF-8 sequence. Over the
        // string's own bytes when it has them in one piece (a native string), else through its view.
        let utf8 = line.utf8
        if let offset = utf8.withContiguousStorageIfAvailable(valueOffset) {
            return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        }
        var quoted = false
        for index in utf8.indices {
            if utf8[index] == UInt8(ascii: "\"") { quoted.toggle() }
            if utf8[index] == UInt8(ascii: ":"), !quoted { return utf8.index(after: index) }
        }
        return nil
    }

    /// `valueStart`'s offset in `bytes`: after the first colon outside a quoted parameter value.
    private static func valueOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var quoted = false
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":"), !quoted { return offset + 1 }
        }
        return nil
    }

    /// The RRULE as written (libical would reorder its parts), checked as Tick's recurrence rules are.
    func recurrence() throws(CalendarError) -> String? {
        guard let text = rawValue(of: "RRULE") else { return nil }
        do {
            return try RecurrenceRule(rrule: CalendarText.unescaped(text)).rrule
        } catch {
            throw unreadable("RRULE", error.description)
        }
    }

    /// The zone a DATE-TIME is in: UTC for `Z`, its TZID's (from the calendar's VTIMEZONE, else
    /// by IANA name), nil for a floating time.
    func timeZone(of time: icaltimetype, _ property: OpaquePointer, named name: String) throws(CalendarError) -> OpaquePointer? {
        if icaltime_is_utc(time) != 0 { return icaltimezone_get_utc_timezone() }
        guard let tzid = Libical.parameter("TZID", of: property) else { return nil }
        if let calendar, let zone = tzid.withCString({ icalcomponent_get_timezone(calendar, $0) }) { return zone }
        // Some writers prefix the IANA name with a path (/freeassociation.sourceforge.net/Europe/Berlin).
        let candidates = [tzid] + tzid.split(separator: "/").indices.dropFirst().map { index in
            tzid.split(separator: "/")[index...].joined(separator: "/")
        }
        for candidate in candidates {
            if let zone = Libical.builtinZone(candidate) { return zone }
        }
        throw unreadable(name, "unknown time zone \(CalendarText.quoted(tzid))")
    }

    /// DUE as Tick stores it: the day of a DATE, the local wall time of a DATE-TIME: a floating one
    /// as written, and one in `zone`'s own TZID too; one in UTC or another zone as the wall time
    /// of the same instant in `zone`. A TZID the calendar's VTIMEZONEs do not define is read by the
    /// system's zone files (`LocalTime`, as Tick's own zone), libical's zones only when there is none.
    func dueText(_ time: icaltimetype, of property: OpaquePointer) throws(CalendarError) -> String {
        try requireValid(time, named: "DUE")
        if time.is_date != 0 { return Self.day(time) }
        let tzid = Libical.parameter("TZID", of: property)
        let isUTC = icaltime_is_utc(time) != 0
        guard isUTC || (tzid != nil && tzid != zone.name) else {
            return Self.day(time) + "T" + Self.twoDigits(time.hour) + ":" + Self.twoDigits(time.minute)
        }
        let instant: Date
        if !isUTC, let tzid, let named = systemZone(tzid) {
            let wall = CivilTime(day: CivilCalendar.days(year: Int(time.year), month: Int(time.month), day: Int(time.day)),
                                 second: Int(time.hour) * 3600 + Int(time.minute) * 60 + Int(min(time.second, 59)))
            instant = named.instant(of: wall)
        } else {
            let source = try timeZone(of: time, property, named: "DUE") ?? icaltimezone_get_utc_timezone()
            instant = Date(timeIntervalSince1970: Double(icaltime_as_timet_with_zone(time, source)))
        }
        let local = zone.civilTime(of: instant)
        return local.dayText + "T" + Self.twoDigits(Int32(local.minute / 60)) + ":" + Self.twoDigits(Int32(local.minute % 60))
    }

    /// The system zone a TZID names (also behind a path prefix, as some writers add), unless the
    /// calendar defines that TZID with a VTIMEZONE of its own.
    func systemZone(_ tzid: String) -> LocalTime? {
        if let calendar, tzid.withCString({ icalcomponent_get_timezone(calendar, $0) }) != nil { return nil }
        let parts = tzid.split(separator: "/")
        for index in parts.indices {
            if let zone = LocalTime(zoneNamed: parts[index...].joined(separator: "/")) { return zone }
        }
        return nil
    }

    /// A time stamp (COMPLETED, CREATED…): UTC as a rule, else in its zone; a floating one or a
    /// DATE is read as UTC.
    func date(_ time: icaltimetype, of property: OpaquePointer, named name: String) throws(CalendarError) -> Date {
        try requireValid(time, named: name)
        let zone = try timeZone(of: time, property, named: name) ?? icaltimezone_get_utc_timezone()
        return Date(timeIntervalSince1970: Double(icaltime_as_timet_with_zone(time, zone)))
    }

    /// libical takes month 13 or day 40 as written: a date that is no calendar day is refused here.
    func requireValid(_ time: icaltimetype, named name: String) throws(CalendarError) {
        let valid = (1...9999).contains(time.year) && (1...12).contains(time.month)
            && time.day >= 1 && time.day <= icaltime_days_in_month(time.month, time.year)
            && (0..<24).contains(time.hour) && (0..<60).contains(time.minute) && (0...60).contains(time.second)
        if !valid { throw unreadable(name, "cannot read \(CalendarText.quoted(rawValue(of: name) ?? ""))") }
    }

    static func day(_ time: icaltimetype) -> String {
        let year = String(time.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + twoDigits(time.month) + "-" + twoDigits(time.day)
    }

    static func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
