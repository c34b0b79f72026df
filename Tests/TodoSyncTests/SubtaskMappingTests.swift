import Foundation
import Testing
@testable import TodoSync
import TodoStore

/// A subtask's parent in iCalendar: `RELATED-TO;RELTYPE=PARENT` (and RELATED-TO without RELTYPE,
/// which RFC 5545 reads as a parent), read, written and rewritten without touching other relations.
@Suite("Subtasks as RELATED-TO")
struct SubtaskMappingTests {
    static let berlin = LocalTime(tz: "Europe/Berlin")
    static let now = ICS.utc(2026, 12, 2, 7, 30)

    /// A VTODO with `relations` as its RELATED-TO lines (each a whole line).
    static func vtodo(_ relations: [String]) -> String {
        ICS.crlf("""
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Example//EN
            BEGIN:VTODO
            UID:child@example
            DTSTAMP:20261130T090000Z
            SUMMARY:Book flights
            \(relations.joined(separator: "\n"))
            END:VTODO
            END:VCALENDAR

            """)
    }

    @Test("the parent is the first RELATED-TO with RELTYPE=PARENT or without RELTYPE; CHILD and SIBLING are not",
          arguments: [
            (["RELATED-TO;RELTYPE=PARENT:trip@example"], "trip@example"),
            (["RELATED-TO:trip@example"], "trip@example"),
            (["RELATED-TO;RELTYPE=parent:trip@example"], "trip@example"),
            (["RELATED-TO;RELTYPE=SIBLING:other@example", "RELATED-TO;RELTYPE=PARENT:trip@example"], "trip@example"),
            (["RELATED-TO;RELTYPE=CHILD:sub@example"], nil),
            ([], nil),
          ] as [([String], String?)])
    func readsTheParent(relations: [String], parent: String?) throws {
        let todo = try #require(try VTodoRewriter(zone: Self.berlin).read(Self.vtodo(relations)).first)
        #expect(todo.parentUID == parent)
    }

    @Test("a new VTODO of a subtask says RELATED-TO;RELTYPE=PARENT, and reads back")
    func writesTheParent() throws {
        let todo = CalendarTodo(uid: "child@example", title: "Book flights", parentUID: "trip@example")
        let text = VTodoWriter(zone: Self.berlin).vtodo(todo, now: Self.now)
        #expect(text.contains("RELATED-TO;RELTYPE=PARENT:trip@example\r\n"))
        let calendar = ICS.crlf("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//T//EN\n") + text + "END:VCALENDAR\r\n"
        #expect(try VTodoRewriter(zone: Self.berlin).read(calendar).first?.parentUID == "trip@example")
    }

    @Test("a new parent replaces only the parent relation: a SIBLING relation stays byte for byte; no parent removes it")
    func rewritesOnlyTheParent() throws {
        let original = Self.vtodo(["RELATED-TO;RELTYPE=SIBLING:other@example", "RELATED-TO:trip@example"])
        var todo = try #require(try VTodoRewriter(zone: Self.berlin).read(original).first)
        todo.parentUID = "holiday@example"
        let moved = try VTodoRewriter(zone: Self.berlin).rewrite(original, with: todo, now: Self.now)
        #expect(moved.contains("RELATED-TO;RELTYPE=SIBLING:other@example\r\nRELATED-TO;RELTYPE=PARENT:holiday@example\r\n"))
        #expect(!moved.contains("trip@example"))
        todo.parentUID = nil
        let lifted = try VTodoRewriter(zone: Self.berlin).rewrite(original, with: todo, now: Self.now)
        #expect(lifted.contains("RELATED-TO;RELTYPE=SIBLING:other@example\r\n"))
        #expect(!lifted.contains("trip@example"))
        // Unchanged, nothing is touched: the relation without RELTYPE stays as written.
        var same = try #require(try VTodoRewriter(zone: Self.berlin).read(original).first)
        same.title = "Book the flights"
        #expect(try VTodoRewriter(zone: Self.berlin).rewrite(original, with: same, now: Self.now).contains("RELATED-TO:trip@example\r\n"))
    }

    @Test("the parent is a field of the three-way merge")
    func mergesTheParent() throws {
        let base = CalendarTodo(uid: "c", title: "Book flights", parentUID: "trip")
        var remote = base
        remote.parentUID = "holiday"
        var local = base
        local.title = "Book the flights"
        let merged = TodoMerge.merge(base: base, local: local, remote: remote)
        #expect(merged.todo?.parentUID == "holiday")
        #expect(merged.todo?.title == "Book the flights")
        // And the other way round: the parent changed here, the title there.
        let mirrored = TodoMerge.merge(base: base, local: remote, remote: local)
        #expect(mirrored.todo?.parentUID == "holiday")
        #expect(mirrored.todo?.title == "Book the flights")
    }
}
