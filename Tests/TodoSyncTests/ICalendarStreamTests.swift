import Foundation
import Testing
@testable import TodoSync
import TodoStore
import TickTesting

/// `ICalendarStream` reads a calendar a piece at a time (issue 32: `tick import` of a big `.ics`
/// file holds one VTODO at a time): whatever the pieces, it must give what the whole text gives,
/// fail at the same line with the same problem as `CalendarScan` finds in the whole text, and hold
/// no more for a long calendar than for a short one.
@Suite("iCalendar read a piece at a time")
struct ICalendarStreamTests {
    static let zone = LocalTime(tz: "Europe/Berlin")

    /// What `stream` gives for `text` handed over in pieces of `size` bytes, or the first problem.
    static func read(_ text: String, pieces size: Int, calendar: ICalendarStream.Calendar? = nil) -> Result<(ICalendarStream, [ICalendarStream.Entry]), CalendarError> {
        var stream = ICalendarStream(zone: zone, calendar: calendar)
        var entries: [ICalendarStream.Entry] = []
        let bytes = Array(text.utf8)
        do throws(CalendarError) {
            var start = 0
            while start < bytes.count {
                entries += try stream.read(bytes[start..<min(start + size, bytes.count)])
                start += size
            }
            entries += try stream.finish()
            return .success((stream, entries))
        } catch {
            return .failure(error)
        }
    }

    /// Each todo as the fields a reader gives, with its line.
    static func summary(_ entries: [ICalendarStream.Entry]) -> [String] {
        entries.map { "\($0.line) \($0.todo.uid) \($0.todo.title) \($0.todo.due ?? "-") \($0.todo.listName ?? "-") \($0.todo.sortOrder.map(String.init) ?? "-")" }
    }

    static let fixtures = [CalendarFixtures.nextcloud, CalendarFixtures.thunderbird, CalendarFixtures.reminders, CalendarFixtures.tasksOrg]

    @Test("Handed over in pieces of any size, a calendar gives the todos its whole text gives, at the same lines",
          arguments: [1, 2, 3, 7, 64, 4_096])
    func piecesGiveTheWhole(size: Int) throws {
        for fixture in Self.fixtures {
            let whole = try Self.read(fixture, pieces: fixture.utf8.count).get()
            let pieces = try Self.read(fixture, pieces: size).get()
            #expect(Self.summary(pieces.1) == Self.summary(whole.1))
            #expect(pieces.1.map(\.todo) == whole.1.map(\.todo))
            #expect(pieces.0.ignored == whole.0.ignored && pieces.0.occurrenceOverrides == whole.0.occurrenceOverrides)
        }
    }

    @Test("A calendar's todos read alone are the todos its whole text holds (the rewriter's reading), overrides aside")
    func sameTodosAsTheWholeText() throws {
        for fixture in Self.fixtures {
            let streamed = try Self.read(fixture, pieces: 5).get().1.map(\.todo)
            let whole = try VTodoRewriter(zone: Self.zone).read(fixture)
            // Reminders' changed occurrence (RECURRENCE-ID) is passed over by a file's reader.
            #expect(streamed == whole.filter { todo in !fixture.contains("RECURRENCE-ID") || todo.title != "Water the plants (and repot the fern)" })
        }
    }

    static let malformed: [String] = [
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR\n",
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\nEND:VCALENDAR\n",
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nEND:VTODO\n",
        "BEGIN:VCALENDAR\nEND:VCALENDAR\nSUMMARY:stray\n",
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nno colon here\nEND:VTODO\nEND:VCALENDAR\n",
        "BEGIN:VCALENDAR\nBEGIN:\nEND:VCALENDAR\n",
        "BEGIN:VEVENT\nEND:VEVENT\n",
        "hello\nBEGIN:VCALENDAR\nEND:VCALENDAR\n",
        "BEGIN:VCALENDAR\n" + String(repeating: "BEGIN:VALARM\n", count: 20) + String(repeating: "END:VALARM\n", count: 20) + "END:VCALENDAR\n",
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:ok\nEND:VTODO\nBEGIN:VTODO\nUID:b\nSUMMARY:bad\nDUE:2026-02-31\nEND:VTODO\nEND:VCALENDAR\n",
        "BEGIN:VCALENDAR\n\nBEGIN:VTODO\n\n\nUID:a\nSUMMARY:folded\n  title\nDUE:20261301\nEND:VTODO\nEND:VCALENDAR\n",
        "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:no end\r\n",
        // A VTODO Tick cannot read, then a broken structure: the structure is the problem, as in the whole text.
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:x\nDUE:2026-02-31\nEND:VTODO\nEND:VEVENT\n",
    ]

    @Test("A malformed calendar fails at the line, and with the problem, that reading its whole text finds, whatever the pieces",
          arguments: malformed)
    func sameProblemAsTheWholeText(text: String) throws {
        let expected: CalendarError
        do {
            // The whole text: its structure, then its first line, then its VTODOs in order.
            let scan = try CalendarScan(text)
            if scan.lines.first?.name != "BEGIN" || scan.lines.first?.componentName != "VCALENDAR" {
                throw CalendarError(line: scan.lines.first?.lineNumber ?? 1, problem: .malformed("no BEGIN:VCALENDAR (is this an iCalendar file?)"))
            }
            for place in scan.todos { _ = try CalendarReading.todo(place, in: scan, text: text, calendar: nil, zone: Self.zone) }
            Issue.record("the text was expected to be malformed")
            return
        } catch let error as CalendarError {
            expected = error
        }
        for size in [1, 4, 4_096] {
            guard case .failure(let error) = Self.read(text, pieces: size) else {
                Issue.record("read in pieces of \(size), the text did not fail")
                continue
            }
            #expect(error == expected, "pieces of \(size)")
        }
    }

    @Test("Bytes that are not UTF-8 fail at their line, wherever the pieces cut them", arguments: [1, 2, 3, 4_096])
    func notUTF8(size: Int) {
        let bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:caf".utf8) + [0xC3] + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        var stream = ICalendarStream(zone: Self.zone)
        var thrown: CalendarError?
        do throws(CalendarError) {
            var start = 0
            while start < bytes.count {
                _ = try stream.read(bytes[start..<min(start + size, bytes.count)])
                start += size
            }
            _ = try stream.finish()
        } catch {
            thrown = error
        }
        #expect(thrown == CalendarError(line: 4, problem: .malformed("not UTF-8 text")))
    }

    @Test("A time zone and the calendar's name that come after the todos are noted, and a second reading that knows them reads the todos with them")
    func calendarAfterTodos() throws {
        let text = ICS.crlf("""
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:late
            SUMMARY:Call the plumber
            DUE;TZID=Custom/Zone:20261210T090000
            END:VTODO
            X-WR-CALNAME:Household
            BEGIN:VTIMEZONE
            TZID:Custom/Zone
            BEGIN:STANDARD
            DTSTART:19700101T000000
            TZOFFSETFROM:+0500
            TZOFFSETTO:+0500
            END:STANDARD
            END:VTIMEZONE
            END:VCALENDAR

            """)
        let (first, firstEntries) = try Self.read(text, pieces: 3).get()
        #expect(first.calendar.cameAfterFirstTodo)
        #expect(first.calendar.name == "Household")
        #expect(firstEntries.first?.todo.listName == nil)
        let (_, second) = try Self.read(text, pieces: 3, calendar: first.calendar).get()
        #expect(second.first?.todo.listName == "Household")
        // 09:00 at +05:00 is 05:00 in Berlin (+01:00 in December).
        #expect(second.first?.todo.due == "2026-12-10T05:00")
        let contents = try ICalendarFile.read(Data(text.utf8), zone: Self.zone)
        #expect(contents.document.todos.first?.listName == "Household" && contents.document.todos.first?.due == "2026-12-10T05:00")
    }

    @Test("Each todo's bytes, read again alone on a reader that knows the calendar, give the same todo at the same line")
    func bytesReadAgainAlone() throws {
        for fixture in Self.fixtures {
            let bytes = Array(fixture.utf8)
            let (stream, entries) = try Self.read(fixture, pieces: 7).get()
            var again = ICalendarStream(zone: Self.zone, calendar: stream.calendar)
            for entry in entries {
                let text = bytes[entry.bytes]
                #expect(String(decoding: text, as: UTF8.self).hasPrefix("BEGIN:VTODO"))
                #expect(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .newlines).hasSuffix("END:VTODO"))
                #expect(text.last == UInt8(ascii: "\n"))
                #expect(try again.todo(text, line: entry.line) == entry.todo)
            }
        }
    }

    /// A random calendar of `count` todos from `generator`: LF or CRLF, a byte-order mark, folded
    /// and blank lines, events, alarms, a time zone before or after the todos, sort orders.
    static func randomCalendar(_ count: Int, using generator: inout some RandomNumberGenerator) -> String {
        let zone = "BEGIN:VTIMEZONE\nTZID:Custom/Zone\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0300\nTZOFFSETTO:+0300\nEND:STANDARD\nEND:VTIMEZONE\n"
        let zoneFirst = Bool.random(using: &generator)
        var text = (Bool.random(using: &generator) ? "\u{FEFF}" : "") + "BEGIN:VCALENDAR\nVERSION:2.0\n" + (zoneFirst ? zone : "")
        for index in 0..<count {
            if Int.random(in: 0..<5, using: &generator) == 0 { text += "BEGIN:VEVENT\nUID:event-\(index)\nSUMMARY:An event\nEND:VEVENT\n" }
            if Bool.random(using: &generator) { text += "\n" }
            text += "BEGIN:VTODO\nUID:todo-\(index)\nSUMMARY:Todo \(index) "
            // A title folded at a random place, its second half on a continuation line.
            text += Bool.random(using: &generator) ? "with a title folded\n  in two\n" : "with a title on one line\n"
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: text += "DUE;TZID=Custom/Zone:20261210T09\(index % 6)000\n"
            case 1: text += "DUE;VALUE=DATE:2027010\(index % 9 + 1)\n"
            default: break
            }
            if Bool.random(using: &generator) { text += "X-APPLE-SORT-ORDER:\(Int.random(in: -1_000...1_000, using: &generator))\n" }
            if Bool.random(using: &generator) { text += "X-TICK-LIST:List \(index % 3)\n" }
            if Int.random(in: 0..<4, using: &generator) == 0 { text += "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM\n" }
            text += "DESCRIPTION:Notes of todo \(index)\\, with a comma\nEND:VTODO\n"
        }
        text += (zoneFirst ? "" : zone) + "END:VCALENDAR\n"
        return Bool.random(using: &generator) ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
    }

    @Test("Random calendars in random pieces give the todos, lists and order that reading their whole text gives", arguments: 0..<8)
    func randomCalendarsAsTheWholeText(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let text = Self.randomCalendar(Int.random(in: 1...60, using: &generator), using: &generator)
        // Read whole, as a sync reads a server's item: one CalendarScan of the whole text.
        let whole = try VTodoRewriter(zone: Self.zone).read(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        var indexer = ICalendarIndexer(zone: Self.zone)
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...300, using: &generator))
            try indexer.read(bytes[start..<end])
            start = end
        }
        var index = try indexer.finish()
        if index.needsRereading {
            var again = ICalendarIndexer(zone: Self.zone, calendar: index.calendar)
            try again.read(bytes)
            index = try again.finish()
        }
        let contents = try ICalendarFile.read(Data(bytes), zone: Self.zone)
        // The file's order: each list's todos in their sort order, those without one after.
        let expected = whole.enumerated().sorted { ($0.element.sortOrder ?? .max, $0.offset) < ($1.element.sortOrder ?? .max, $1.offset) }.map(\.element)
        #expect(contents.document.todos.map(\.uid) == expected.map(\.uid))
        #expect(contents.document.todos.map(\.due) == expected.map(\.due))
        #expect(contents.document.todos.map(\.title) == expected.map(\.title))
        #expect(contents.document.todos.map(\.listName) == expected.map { $0.listName ?? "Inbox" })
        #expect(index.places.count == whole.count)
        #expect(contents.ignored == (try CalendarScan(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text).otherComponents))
    }

    @Test("A line over 1 MB is refused as reading the whole text refuses it, whatever the pieces, holding no more than 1 MB of it",
          arguments: [1 << 12, 1 << 16])
    func longLine(size: Int) throws {
        // Lines of 3 MB: a reader that kept only the first 1 MB of one would name a smaller line.
        for text in [LongLineTests.calendar(description: 3 * CalendarScan.maximumLineLength),
                     ICS.calendar("BEGIN:VTODO\nUID:long\nSUMMARY:x\n") .replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
                        + CalendarText.folded("DESCRIPTION:" + String(repeating: "abcdefghi ", count: 3 * CalendarScan.maximumLineLength / 10))
                        + ICS.crlf("END:VTODO\nEND:VCALENDAR\n")] {
            let expected = try #require(throws: CalendarError.self) { try CalendarScan(text) }
            guard case .failure(let error) = Self.read(text, pieces: size) else {
                Issue.record("a line over 1 MB was read")
                continue
            }
            #expect(error == expected)
        }
    }

    /// A calendar of `count` small todos.
    static func calendar(of count: Int) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + (0..<count).map { index in
            "BEGIN:VTODO\r\nUID:bulk-\(index)\r\nSUMMARY:Todo number \(index), with a title of some length\r\nDUE;VALUE=DATE:20270101\r\nEND:VTODO\r\n"
        }.joined() + "END:VCALENDAR\r\n"
    }

    @Test("What the reader holds does not grow with the calendar: 20,000 todos in 64 KB pieces, no more than 200")
    func holdsOneTodoAtATime() throws {
        let short = try Self.read(Self.calendar(of: 200), pieces: 1 << 16).get()
        let long = try Self.read(Self.calendar(of: 20_000), pieces: 1 << 16).get()
        #expect(long.1.count == 20_000)
        #expect(long.0.mostBytesHeld <= short.0.mostBytesHeld + 64)
        #expect(long.0.mostBytesHeld < 1_024)
    }
}
