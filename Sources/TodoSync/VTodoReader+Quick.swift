import FoundationEssentials
import TodoStore

/// Reading a plain VTODO without libical. A first download reads thousands of VTODOs, and most are
/// as Tick (and many clients) write them: a UID, a SUMMARY, UTC time stamps, a DUE date, a STATUS,
/// an X-APPLE-SORT-ORDER, no parameters, nothing escaped. libical's parse of those cost more than
/// anything else Tick did with an item, so Tick reads them itself, and gives libical every VTODO
/// with anything else in it: then the todo, or the problem and its line, are exactly libical's.
///
/// `readQuickly()` takes a VTODO only when each of its own properties is one it reads here, in
/// the one form it reads, and gives nil otherwise (`CalendarReading` then asks libical):
/// - a name as written in upper case, followed by `:` (a DUE also by `;VALUE=DATE:`, a RELATED-TO
///   by `;RELTYPE=PARENT:`), so no other parameter (a TZID, an ALTREP) is ever missed;
/// - a value that is not empty, has no backslash (nothing to unescape), no control character, and
///   no space or tab at either end (libical trims them);
/// - the time stamps (DTSTAMP, CREATED, LAST-MODIFIED, COMPLETED) in UTC, `YYYYMMDDTHHMMSSZ`; a DUE
///   as such a time, a floating `YYYYMMDDTHHMMSS` or a `VALUE=DATE` `YYYYMMDD`: each a real day
///   and time of the years 1970–2099, seconds 0–59 (libical reads a second 60 as the next minute);
/// - STATUS one of the four a todo has; PRIORITY, PERCENT-COMPLETE and SEQUENCE digits only;
/// - UID, SUMMARY, DESCRIPTION, CATEGORIES, RELATED-TO and X- properties (other than libical's own
///   `X-LIC-`) as text.
/// Anything else (a DTSTART, an RRULE, a TZID, GEO, an IANA property libical parses) sends the
/// whole VTODO to libical.
extension VTodoReader {
    /// The properties `readQuickly()` reads, by name.
    enum QuickProperty {
        case uid, summary, description, categories, priority, percent, sequence, status, due, completed, created, modified, stamp
        case relatedTo, sortOrder, tickExtension
    }

    /// The names `readQuickly()` reads (X- properties other than these, and other than libical's own
    /// `X-LIC-`, are read as text nobody reads).
    static let quickProperties: [String: QuickProperty] = [
        "UID": .uid, "SUMMARY": .summary, "DESCRIPTION": .description, "CATEGORIES": .categories, "PRIORITY": .priority,
        "PERCENT-COMPLETE": .percent, "SEQUENCE": .sequence, "STATUS": .status, "DUE": .due, "COMPLETED": .completed,
        "CREATED": .created, "LAST-MODIFIED": .modified, "DTSTAMP": .stamp, "RELATED-TO": .relatedTo,
        "X-APPLE-SORT-ORDER": .sortOrder, "X-TICK-LIST": .tickExtension, "X-TICK-FLAGGED": .tickExtension,
        "X-TICK-RECUR-FROM-COMPLETION": .tickExtension,
    ]

    /// The VTODO of `lines` as Tick reads it, read without libical; nil when it is not one
    /// `readQuickly()` reads (see above), to be read by libical instead.
    func readQuickly() throws(CalendarError) -> CalendarTodo? {
        var fields = Fields()
        var percentSeen = false
        for line in lines {
            let known = Self.quickProperties[line.name]
            if known == nil {
                // Another client's X- property: kept in the text, read by nobody (libical's own go to libical).
                guard line.name.utf8.starts(with: "X-".utf8), !line.name.utf8.starts(with: "X-LIC-".utf8) else { return nil }
            }
            let read: Bool? = line.unfolded.utf8.withContiguousStorageIfAvailable { bytes in
                guard let (parameter, valueStart) = Self.plainValue(of: bytes, nameCount: line.name.utf8.count) else { return false }
                guard let known else { return parameter == .none }
                if parameter != .none, !(parameter == .date && known == .due), !(parameter == .parent && known == .relatedTo) {
                    return false
                }
                let value = UnsafeBufferPointer(rebasing: bytes[valueStart...])
                func text() -> String { String(decoding: value, as: UTF8.self) }
                switch known {
                case .uid: if fields.uid.isEmpty { fields.uid = text() }
                case .summary: if fields.title == nil { fields.title = text() }
                case .description: if fields.notes.isEmpty { fields.notes = text() }
                case .categories: break  // read from the lines as written, as libical's are
                case .priority:
                    guard let number = Self.smallNumber(value) else { return false }
                    fields.priority = CalendarPriority.tick(number)
                case .percent:
                    // As libical's reading: the first PERCENT-COMPLETE's value as written decides.
                    guard let number = Self.smallNumber(value) else { return false }
                    if !percentSeen { fields.percent = (0...100).contains(number) ? number : nil }
                    percentSeen = true
                case .sequence:
                    guard Self.smallNumber(value) != nil else { return false }
                case .status:
                    guard let status = Self.quickStatuses[text()] else { return false }
                    fields.status = status
                case .due:
                    guard let due = quickDue(value, isDate: parameter == .date) else { return false }
                    if fields.due == nil { fields.due = due }
                case .completed, .created, .modified, .stamp:
                    guard let time = Self.utcTime(value) else { return false }
                    switch known {
                    case .completed: fields.completed = time
                    case .created: fields.created = time
                    case .modified: fields.modified = time
                    default: fields.stamp = time
                    }
                case .relatedTo:
                    let uid = text()
                    if fields.parentUID == nil, Self.isUsableUID(uid) { fields.parentUID = uid }
                case .sortOrder:
                    // As `readTickExtension`: spaces inside are left out.
                    fields.sortOrder = value.contains(0x20) ? Int64(text().filter { $0 != " " }) : Int64(text())
                case .tickExtension:
                    readTickExtension(line.name, text(), into: &fields)
                }
                return true
            }
            guard read == true else { return nil }
        }
        return try todo(from: fields, start: nil)
    }

    /// The one parameter `readQuickly()` allows on a line, if any.
    enum QuickParameter { case none, date, parent }

    /// Where the value of a line (its unfolded `bytes`, its name `nameCount` bytes long) starts,
    /// when the line is `NAME:VALUE` (or `NAME;VALUE=DATE:`, `NAME;RELTYPE=PARENT:`) with the name
    /// in upper case and a value `readQuickly()` can take as it is; nil otherwise.
    static func plainValue(of bytes: UnsafeBufferPointer<UInt8>, nameCount: Int) -> (QuickParameter, Int)? {
        // The name as written is ASCII in upper case: then it is the line's name (upper-cased), byte for byte.
        guard bytes.count > nameCount else { return nil }
        for offset in 0..<nameCount where bytes[offset] >= 0x80 || (bytes[offset] >= UInt8(ascii: "a") && bytes[offset] <= UInt8(ascii: "z")) {
            return nil
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[nameCount...])
        let parameter: QuickParameter
        let valueStart: Int
        if rest[0] == UInt8(ascii: ":") {
            (parameter, valueStart) = (.none, nameCount + 1)
        } else if rest.starts(with: ";VALUE=DATE:".utf8) {
            (parameter, valueStart) = (.date, nameCount + 12)
        } else if rest.starts(with: ";RELTYPE=PARENT:".utf8) {
            (parameter, valueStart) = (.parent, nameCount + 16)
        } else {
            return nil
        }
        guard valueStart < bytes.count else { return nil }
        let first = bytes[valueStart], last = bytes[bytes.count - 1]
        guard first != 0x20, first != 0x09, last != 0x20, last != 0x09 else { return nil }
        // No control character (a tab, a CR, a NUL), no DEL, no backslash: the value is what libical would give.
        for offset in valueStart..<bytes.count {
            let byte = bytes[offset]
            if byte < 0x20 || byte == 0x7F || byte == 0x5C { return nil }
        }
        return (parameter, valueStart)
    }

    /// A number of one to three digits, nothing else.
    static func smallNumber(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
        guard value.count <= 3 else { return nil }
        return digits(value, 0..<value.count)
    }

    /// The digits of `bytes` in `range` as a number, or nil when one is no digit (or there are none).
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var number = 0
        for offset in range {
            let byte = bytes[offset]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            number = number * 10 + Int(byte - 0x30)
        }
        return number
    }

    /// A day and time of `YYYYMMDD` or `YYYYMMDDTHHMMSS` (the first 8 or 15 bytes of `value`,
    /// whose length the caller checked), when it is a real one of the years 1970–2099, seconds 0–59.
    private static func civil(_ bytes: UnsafeBufferPointer<UInt8>, withTime: Bool) -> (year: Int, month: Int, day: Int, second: Int)? {
        guard let year = digits(bytes, 0..<4), let month = digits(bytes, 4..<6), let day = digits(bytes, 6..<8),
              (1970...2099).contains(year), (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year)
        else { return nil }
        guard withTime else { return (year, month, day, 0) }
        guard bytes[8] == UInt8(ascii: "T"),
              let hour = digits(bytes, 9..<11), let minute = digits(bytes, 11..<13), let second = digits(bytes, 13..<15),
              hour < 24, minute < 60, second < 60 else { return nil }
        return (year, month, day, hour * 3600 + minute * 60 + second)
    }

    /// A UTC `YYYYMMDDTHHMMSSZ` as a date, or nil for any other form.
    static func utcTime(_ value: UnsafeBufferPointer<UInt8>) -> Date? {
        guard value.count == 16, value[15] == UInt8(ascii: "Z"), let time = civil(value, withTime: true) else { return nil }
        let days = CivilCalendar.days(year: time.year, month: time.month, day: time.day)
        return Date(timeIntervalSince1970: Double(days * 86400 + time.second))
    }

    /// DUE as `dueText` gives it, for a DATE, a floating DATE-TIME or a UTC one; nil for any other form.
    func quickDue(_ value: UnsafeBufferPointer<UInt8>, isDate: Bool) -> String? {
        if isDate {
            guard value.count == 8, let day = Self.civil(value, withTime: false) else { return nil }
            return Self.dayText(day.year, day.month, day.day)
        }
        if value.count == 15, let time = Self.civil(value, withTime: true) {
            // Floating: the wall time as written, to the minute.
            return Self.dayText(time.year, time.month, time.day) + "T" + Self.twoDigits(Int32(time.second / 3600)) + ":"
                + Self.twoDigits(Int32(time.second / 60 % 60))
        }
        guard let instant = Self.utcTime(value) else { return nil }
        let local = zone.civilTime(of: instant)
        return local.dayText + "T" + Self.twoDigits(Int32(local.minute / 60)) + ":" + Self.twoDigits(Int32(local.minute % 60))
    }

    /// `YYYY-MM-DD` of a day of the years 1970–2099.
    private static func dayText(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(year) + "-" + twoDigits(Int32(month)) + "-" + twoDigits(Int32(day))
    }
}
