import Foundation
import Testing
@testable import TodoSync

/// Components nested deeper than `CalendarScan.maximumDepth` are refused before libical parses
/// anything: libical frees a component tree by recursion, and a deep enough one (anyone who can
/// write to a shared calendar can store it) crashed Tick.
@Suite("Nesting bound before libical")
struct NestingBoundTests {
    /// A calendar whose VTODO holds `depth` - 1 more VTODOs, each inside the last.
    static func nested(depth: Int) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            + String(repeating: "BEGIN:VTODO\r\nUID:deep\r\nSUMMARY:Deep\r\n", count: depth)
            + String(repeating: "END:VTODO\r\n", count: depth) + "END:VCALENDAR\r\n"
    }

    @Test("tick import of a file nesting 1,000,000 VTODOs fails with the line where the nesting passes the bound, without crashing")
    func millionDeepFile() throws {
        let error = #expect(throws: CalendarError.self) { try ICalendarFile.read(Data(Self.nested(depth: 1_000_000).utf8), zone: .fromEnvironment) }
        // VCALENDAR is line 1 and its properties lines 2 and 3; each VTODO takes three lines.
        #expect(error?.line == 4 + 3 * (CalendarScan.maximumDepth - 1))
        #expect(error?.reason == "components nested more than \(CalendarScan.maximumDepth) deep")
    }

    @Test("A sync's reader refuses an item of 300,000 nested VTODOs the same way", arguments: [300_000])
    func deepItem(depth: Int) {
        #expect(throws: CalendarError.self) { try VTodoRewriter(zone: .fromEnvironment).read(Self.nested(depth: depth)) }
    }

    @Test("Nesting up to the bound is read: a VTODO with a VALARM, and components as deep as allowed")
    func nestingWithinTheBound() throws {
        let todos = try VTodoRewriter(zone: .fromEnvironment).read(Self.nested(depth: CalendarScan.maximumDepth - 1))
        #expect(todos.count == 1)
        #expect(todos.first?.uid == "deep")
    }
}
