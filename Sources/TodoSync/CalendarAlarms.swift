import FoundationEssentials
import TodoStore

/// VALARMs (RFC 5545 §3.6.6) against Tick's reminders.
///
/// An alarm Tick can show becomes a `Reminder`: ACTION DISPLAY or AUDIO, one TRIGGER that is either
/// a duration related to the end (`TRIGGER;RELATED=END:-PT15M`: for a VTODO the end is its DUE) in
/// whole minutes, or a UTC time (`TRIGGER;VALUE=DATE-TIME:20261204T080000Z`) on a whole minute of
/// Tick's zone. Every other alarm (EMAIL, a trigger related to the start, which Tick keeps no value
/// for, a broken one without a TRIGGER) is not Tick's: it stays in the VTODO's text as written.
/// An alarm Tick can show is also kept as written while its reminder stays (`VTodoRewriter`):
/// another client's DESCRIPTION, REPEAT or X- properties survive an edit here.
enum CalendarAlarms {
    /// The reminder a sub-component of a VTODO (its lines from BEGIN to END) stands for, or nil
    /// when it is not an alarm Tick can show.
    static func reminder(_ lines: ArraySlice<ContentLine>, zone: LocalTime) -> Reminder? {
        guard let first = lines.first, first.name == "BEGIN", first.componentName == "VALARM" else { return nil }
        let properties = lines.dropFirst().dropLast()
        // An alarm holding components of its own is not one Tick could write back.
        guard !properties.contains(where: { $0.name == "BEGIN" || $0.name == "END" }) else { return nil }
        let actions = properties.filter { $0.name == "ACTION" }
        let triggers = properties.filter { $0.name == "TRIGGER" }
        guard actions.count == 1, triggers.count == 1, let action = value(of: actions[0]),
              ["DISPLAY", "AUDIO"].contains(action.uppercased().filter { $0 != " " }) else { return nil }
        return trigger(triggers[0], zone: zone)
    }

    /// The reminder of a TRIGGER line, or nil when Tick cannot show it.
    static func trigger(_ line: ContentLine, zone: LocalTime) -> Reminder? {
        guard let value = value(of: line) else { return nil }
        let parameters = parameters(of: line)
        switch parameters["VALUE"] ?? "DURATION" {
        case "DURATION":
            // RELATED=START is the default; Tick keeps no start, so only the end (the DUE) is Tick's.
            guard parameters["RELATED"] == "END", let seconds = durationSeconds(value), seconds % 60 == 0,
                  abs(seconds / 60) <= Reminder.maximumMinutes else { return nil }
            return .beforeDue(minutes: -seconds / 60)
        case "DATE-TIME":
            guard let instant = utcInstant(value) else { return nil }
            let wall = zone.civilTime(of: instant)
            guard wall.second % 60 == 0 else { return nil }
            let reminder = Reminder.at(DueText.joining(day: wall.dayText, minutes: wall.minute))
            // A wall time the clocks skip or repeat names another instant: not one Tick could write back.
            return reminder.time(due: nil, in: zone) == instant ? reminder : nil
        default:
            return nil
        }
    }

    /// The VALARM Tick writes for `reminder` of a todo titled `title` (DESCRIPTION is what a phone shows).
    static func lines(_ reminder: Reminder, title: String, zone: LocalTime) -> String {
        let trigger: String
        switch reminder {
        case let .beforeDue(minutes):
            trigger = "TRIGGER;RELATED=END:" + duration(minutes: -minutes)
        case .at:
            let instant = reminder.time(due: nil, in: zone) ?? Date(timeIntervalSince1970: 0)
            trigger = "TRIGGER;VALUE=DATE-TIME:" + VTodoWriter.utcText(instant)
        }
        return "BEGIN:VALARM\r\nACTION:DISPLAY\r\n" + CalendarText.folded("DESCRIPTION:" + CalendarText.escaped(title))
            + CalendarText.folded(trigger) + "END:VALARM\r\n"
    }

    /// An RFC 5545 duration of `minutes` (negative: before): `-PT15M`, `-P1D`, `PT0S`, `-P1DT2H30M`, `-P2W`.
    static func duration(minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : ""
        let total = abs(minutes)
        if total == 0 { return "PT0S" }
        if total % (7 * 1440) == 0 { return sign + "P\(total / (7 * 1440))W" }
        let days = total / 1440, hours = total % 1440 / 60, rest = total % 60
        var text = sign + "P" + (days > 0 ? "\(days)D" : "")
        if hours > 0 || rest > 0 { text += "T" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 ? "\(rest)M" : "") }
        return text
    }

    /// Seconds of an RFC 5545 duration (`-PT15M`, `P1DT2H`, `-P2W`), or nil when it is not one.
    static func durationSeconds(_ text: String) -> Int? {
        var rest = Substring(text.filter { $0 != " " }.uppercased())
        var sign = 1
        if rest.first == "-" || rest.first == "+" {
            if rest.first == "-" { sign = -1 }
            rest = rest.dropFirst()
        }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0, number = "", inTime = false, sawUnit = false
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", number.isEmpty, !inTime {
                inTime = true
                continue
            }
            guard let count = Int(number), count <= 100_000_000 else { return nil }
            let unit: Int? = switch (character, inTime) {
            case ("W", false): 7 * 86_400
            case ("D", false): 86_400
            case ("H", true): 3600
            case ("M", true): 60
            case ("S", true): 1
            default: nil
            }
            guard let unit else { return nil }
            total += count * unit
            number = ""
            sawUnit = true
        }
        guard number.isEmpty, sawUnit else { return nil }
        return sign * total
    }

    /// `20261204T080000Z` as an instant; nil for anything else (a floating or zoned time included).
    static func utcInstant(_ text: String) -> Date? {
        let bytes = Array(text.filter { $0 != " " }.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") || bytes[15] == UInt8(ascii: "z") else { return nil }
        let digits = bytes[0..<8] + bytes[9..<15]
        guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - 48) } }
        let year = number(0..<4), month = number(4..<6), day = number(6..<8)
        let hour = number(9..<11), minute = number(11..<13), second = number(13..<15)
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The text after the first `:` outside quotes, or nil.
    static func value(of line: ContentLine) -> String? {
        VTodoReader.valueStart(line.unfolded).map { String(line.unfolded[$0...]) }
    }

    /// The line's parameters, names and values upper-cased, quotes taken off (the first of each name).
    static func parameters(of line: ContentLine) -> [String: String] {
        guard let valueStart = VTodoReader.valueStart(line.unfolded) else { return [:] }
        let head = line.unfolded[..<line.unfolded.index(before: valueStart)]
        var result: [String: String] = [:]
        for part in head.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].uppercased().filter { $0 != " " }
            if result[name] == nil { result[name] = pair[1].filter { $0 != "\"" && $0 != " " }.uppercased() }
        }
        return result
    }

    /// The reminders of the VTODO at `place` (those of its alarms Tick can show), sorted, each once.
    static func reminders(of place: CalendarScan.Todo, in scan: CalendarScan, zone: LocalTime) -> [Reminder] {
        Reminder.unique(place.children.compactMap { reminder(scan.lines[$0.begin...$0.end], zone: zone) })
    }
}
