import Foundation
import Testing
@testable import TodoSync

/// Long content lines, which libical reads in time quadratic in their length: over 1 MB they are
/// refused with their line, and the long lines under that reach libical folded.
@Suite("Long content lines")
struct LongLineTests {
    /// A calendar whose one VTODO has a DESCRIPTION of `length` bytes of text, on one physical line.
    static func calendar(description length: Int) -> String {
        ICS.calendar("BEGIN:VTODO\nUID:long\nSUMMARY:Long notes\nDESCRIPTION:\(String(repeating: "abcdefghij", count: length / 10))\nEND:VTODO\n")
    }

    @Test("A content line over 1 MB is refused with its line and size, in a file and in a server's item, before libical reads it")
    func refused() throws {
        let text = Self.calendar(description: CalendarScan.maximumLineLength)
        let error = try #require(throws: CalendarError.self) { try ICalendarFile.read(Data(text.utf8), zone: .fromEnvironment) }
        #expect(error.line == 7)
        #expect(error.reason == "“DESCRIPTION” is a line of 1.0 MB: Tick reads content lines up to 1 MB")
        let fromServer = try #require(throws: CalendarError.self) { try VTodoRewriter(zone: .utc).read(text) }
        #expect(fromServer == error)
    }

    @Test("A line folded into many physical lines counts whole: folding does not get it past the bound")
    func foldedCountsWhole() throws {
        let folded = String(repeating: "abcdefghi ", count: CalendarScan.maximumLineLength / 10 + 1)
        let text = ICS.calendar("BEGIN:VTODO\nUID:long\nSUMMARY:x\n") .replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
            + CalendarText.folded("DESCRIPTION:" + folded) + ICS.crlf("END:VTODO\nEND:VCALENDAR\n")
        let error = try #require(throws: CalendarError.self) { try ICalendarFile.read(Data(text.utf8), zone: .fromEnvironment) }
        #expect(error.line == 7)
    }

    @Test("A long line under the bound is read exactly")
    func longLineRead() throws {
        let length = CalendarScan.maximumLineLength - 100
        let contents = try ICalendarFile.read(Data(Self.calendar(description: length).utf8), zone: .fromEnvironment)
        let notes = try #require(contents.document.todos.first?.notes)
        #expect(notes == String(repeating: "abcdefghij", count: length / 10))
    }

    @Test("Physical lines longer than 4 KB reach libical folded at 75 octets, between UTF-8 sequences, and unfold to the same bytes",
          arguments: [5_000, 100_000])
    func foldedForLibical(length: Int) throws {
        let value = String(repeating: "aé日🙂\\n", count: length / 12)
        let original = "BEGIN:VTODO\r\nDESCRIPTION:\(value)\r\nSUMMARY:short\nEND:VTODO"
        let folded = CalendarScan.textForLibical(Substring(original))
        let physical = folded.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(physical.allSatisfy { $0.count <= 76 }, "longest \(physical.map(\.count).max() ?? 0)")
        #expect(String(validating: Array(folded.utf8), as: UTF8.self) != nil)
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == original)
    }

    @Test("A text without a physical line over 4 KB reaches libical byte for byte")
    func shortLinesUntouched() {
        let original = Self.calendar(description: 4_000) + "X-TRAILING:\u{0D}no line feed"
        #expect(CalendarScan.textForLibical(Substring(original)) == original)
        #expect(Array(CalendarScan.textForLibical(Substring(original)).utf8) == Array(original.utf8))
    }
}
