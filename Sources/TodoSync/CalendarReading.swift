import FoundationEssentials
import TodoStore

/// Reading the VTODOs of a scanned text with libical, one at a time, so that each problem has its line.
enum CalendarReading {
    /// The largest VTODO given to libical, in bytes of text (16 MB: notes of a whole book, or a few
    /// attachments inline, still fit); a bigger one is refused with its line.
    static let maximumTodoBytes = 16 << 20

    /// The VTODO at `place` as Tick reads it.
    static func todo(_ place: CalendarScan.Todo, in scan: CalendarScan, text: String, calendar: Libical.Component?,
                     zone: LocalTime, calendarName: String? = nil) throws(CalendarError) -> CalendarTodo {
        try todoAndStart(place, in: scan, text: text, calendar: calendar, zone: zone, calendarName: calendarName).todo
    }

    /// The VTODO at `place` as Tick reads it, and its DTSTART (see `VTodoReader.start`), for the rewriter.
    /// `calendarName` stands in for the scan's own (a VTODO read alone, out of its calendar).
    /// `quickly: false` always asks libical (tests compare the two readings).
    static func todoAndStart(_ place: CalendarScan.Todo, in scan: CalendarScan, text: String, calendar: Libical.Component?,
                             zone: LocalTime, calendarName: String? = nil,
                             quickly: Bool = true) throws(CalendarError) -> (todo: CalendarTodo, start: TodoStart.WallTime?) {
        let start = scan.lines[place.begin].raw.startIndex, end = scan.lines[place.end].raw.endIndex
        let begin = scan.lines[place.begin].lineNumber
        guard text.utf8.distance(from: start, to: end) <= maximumTodoBytes else {
            throw CalendarError(line: begin, problem: .malformed("a VTODO larger than \(maximumTodoBytes >> 20) MB"))
        }
        // libical reads C strings: a NUL would silently end the VTODO there. The VTODO's bytes are
        // looked through at once (in one piece, as nearly always), line by line only when one is there.
        let bytes = text[start..<end].utf8
        let hasNUL = bytes.withContiguousStorageIfAvailable { $0.contains(0) } ?? bytes.contains(0)
        if hasNUL, let line = (place.begin...place.end).first(where: { scan.lines[$0].raw.utf8.contains(0) }) {
            throw CalendarError(line: scan.lines[line].lineNumber, problem: .malformed("a NUL character (byte 0)"))
        }
        let reader = VTodoReader(lines: scan.propertyLines(of: place), startLine: begin, calendar: calendar?.pointer,
                                 calendarName: calendarName ?? scan.calendarName, zone: zone)
        if quickly, isPlain(place, in: scan, bytes: bytes), var todo = try reader.readQuickly() {
            todo.reminders = CalendarAlarms.reminders(of: place, in: scan, zone: zone)
            return (todo, nil)  // a VTODO read quickly has no DTSTART
        }
        guard let component = Libical.Component(parsing: CalendarScan.textForLibical(text[start..<end])),
              let vtodo = component.todos.first else {
            throw CalendarError(line: begin, problem: .malformed("libical cannot read this VTODO"))
        }
        var todo = try reader.read(vtodo)
        todo.reminders = CalendarAlarms.reminders(of: place, in: scan, zone: zone)
        return (todo, reader.start(vtodo))
    }

    /// Whether the VTODO at `place` may be read without libical, as far as its whole text goes (its
    /// properties are `VTodoReader.readQuickly()`'s to judge): its lines follow one another with no
    /// blank line between, every CR is part of a line break, and its only sub-components are
    /// VALARMs with none inside (libical reads them apart from the VTODO's own properties).
    static func isPlain(_ place: CalendarScan.Todo, in scan: CalendarScan, bytes: Substring.UTF8View) -> Bool {
        for index in place.begin..<place.end where scan.lines[index].raw.endIndex != scan.lines[index + 1].raw.startIndex {
            return false
        }
        for child in place.children {
            guard scan.lines[child.begin].componentName == "VALARM",
                  !scan.lines[(child.begin + 1)..<child.end].contains(where: { $0.name == "BEGIN" }) else { return false }
        }
        func crsEndLines(_ bytes: some Collection<UInt8>) -> Bool {
            var afterCR = false
            for byte in bytes {
                if afterCR, byte != UInt8(ascii: "\n") { return false }
                afterCR = byte == UInt8(ascii: "\r")
            }
            return !afterCR
        }
        return bytes.withContiguousStorageIfAvailable { crsEndLines($0) } ?? crsEndLines(bytes)
    }
}
