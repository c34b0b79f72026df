import Foundation
import Testing
@testable import TodoSync
import TodoStore

/// Issue 31 part 4 in iCalendar: STATUS:IN-PROCESS and CANCELLED and PERCENT-COMPLETE read, written
/// and carried through .ics files.
@Suite("VTODO statuses and PERCENT-COMPLETE")
struct VTodoStatusTests {
    @Test("STATUS:IN-PROCESS is open and started; PERCENT-COMPLETE is read when it is 0–100, and nothing else stops the read",
          arguments: [("STATUS:IN-PROCESS\nPERCENT-COMPLETE:40\n", true, 40), ("STATUS:NEEDS-ACTION\nPERCENT-COMPLETE:0\n", false, 0),
                      ("PERCENT-COMPLETE:150\n", false, nil), ("PERCENT-COMPLETE:lots\n", false, nil),
                      ("STATUS:IN-PROCESS\nCOMPLETED:20261201T110000Z\n", true, nil)])
    func reads(lines: String, started: Bool, percent: Int?) throws {
        let todo = try ICS.todo("BEGIN:VTODO\nUID:s\nSUMMARY:x\n\(lines)END:VTODO\n")
        #expect(todo.isInProcess == started && !todo.isDone && todo.percentComplete == percent)
    }

    /// Each STATUS a VTODO may carry, and none.
    static let statusLines = [nil, "STATUS:NEEDS-ACTION", "STATUS:IN-PROCESS", "STATUS:COMPLETED", "STATUS:CANCELLED"]
    /// What other clients write beside it: a COMPLETED time (left over when they reopen a todo) and a PERCENT-COMPLETE.
    static let completionLines: [[String]] = [[], ["COMPLETED:20261201T110000Z"], ["PERCENT-COMPLETE:0"], ["PERCENT-COMPLETE:50"],
                                              ["PERCENT-COMPLETE:100"], ["COMPLETED:20261201T110000Z", "PERCENT-COMPLETE:100"],
                                              ["COMPLETED:20261201T110000Z", "PERCENT-COMPLETE:50"]]

    @Test("STATUS decides open or done: NEEDS-ACTION and IN-PROCESS are open whatever COMPLETED and PERCENT-COMPLETE say, COMPLETED and CANCELLED are done; without a STATUS a COMPLETED time or PERCENT-COMPLETE:100 makes it done",
          arguments: statusLines, completionLines)
    func statusTable(status: String?, completion: [String]) throws {
        let lines = ([status].compactMap { $0 } + completion).map { $0 + "\n" }.joined()
        let todo = try ICS.todo("BEGIN:VTODO\nUID:s\nSUMMARY:x\nLAST-MODIFIED:20261130T090000Z\n\(lines)END:VTODO\n")
        let hasCompleted = completion.contains { $0.hasPrefix("COMPLETED:") }
        let percent = completion.first { $0.hasPrefix("PERCENT-COMPLETE:") }.flatMap { Int($0.dropFirst(17)) }
        // RFC 5545 3.8.1.8: PERCENT-COMPLETE:100 is completed.
        let done = status == "STATUS:COMPLETED" || status == "STATUS:CANCELLED" || (status == nil && (hasCompleted || percent == 100))
        // Done without a COMPLETED time: done when it was last modified.
        #expect(todo.completedAt == (done ? (hasCompleted ? ICS.utc(2026, 12, 1, 11) : ICS.utc(2026, 11, 30, 9)) : nil))
        #expect(todo.isCancelled == (status == "STATUS:CANCELLED"))
        #expect(todo.isInProcess == (status == "STATUS:IN-PROCESS"))
        #expect(todo.percentComplete == percent)
    }

    /// A VTODO finished elsewhere without a completion time, as some clients leave it: only
    /// PERCENT-COMPLETE:100 (no STATUS), or STATUS:CANCELLED (tasks.org); `status` is its status line.
    static func finishedElsewhere(_ status: String) -> String {
        ICS.crlf("""
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Other client//EN
            BEGIN:VTODO
            UID:finished-elsewhere
            CREATED:20261120T080000Z
            LAST-MODIFIED:20261130T090000Z
            DTSTAMP:20261130T090000Z
            SUMMARY:Sort the receipts
            \(status)
            X-OTHER-CLIENT:kept
            END:VTODO
            END:VCALENDAR

            """)
    }

    @Test("Done without a COMPLETED time (PERCENT-COMPLETE:100 without a STATUS, or CANCELLED) is done as of LAST-MODIFIED in the store; title edits written back, one after the other as a sync writes them, leave its status lines as they were",
          arguments: [("PERCENT-COMPLETE:100", TodoStatus.done), ("STATUS:CANCELLED", .cancelled)])
    func finishedElsewhereRoundTrip(status: String, read: TodoStatus) throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        let rewriter = VTodoRewriter(zone: .utc)
        var text = Self.finishedElsewhere(status)
        let todo = try #require(try rewriter.read(text).first)
        let item = try #require(try store.importItems([todo.newTodo(defaultListName: "Inbox")]).first)
        #expect(item.status == read && item.completedAt == ICS.utc(2026, 11, 30, 9))
        for (minute, title) in [(0, "Sort the old receipts"), (5, "Sort the receipts by month"), (9, "Sort the receipts")] {
            let edited = try store.update(id: item.id, title: title).value
            // As a sync writes it back: LAST-MODIFIED is when the todo changed, the list is the collection's.
            let changed = ICS.utc(2026, 12, 2, 8, minute)
            var written = CalendarTodo(edited, listName: "Inbox", lastModified: changed)
            written.listName = nil
            written.sortOrder = nil
            text = try rewriter.rewrite(text, with: written, now: changed)
            let lines = text.components(separatedBy: "\r\n")
            #expect(lines.contains("SUMMARY:" + title))
            #expect(lines.filter { $0.hasPrefix("STATUS") || $0.hasPrefix("COMPLETED") || $0.hasPrefix("PERCENT-COMPLETE") } == [status],
                    "after \(title): \(text)")
            #expect(lines.contains("X-OTHER-CLIENT:kept"))
            let again = try #require(try rewriter.read(text).first)
            #expect(again.isDone && again.isCancelled == (read == .cancelled) && again.percentComplete == (read == .done ? 100 : nil))
        }
    }

    @Test("the status lines: NEEDS-ACTION or IN-PROCESS for an open todo, COMPLETED or CANCELLED with COMPLETED, then PERCENT-COMPLETE when there is one")
    func writes() {
        let writer = VTodoWriter(zone: .utc)
        let done = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01 10:00 UTC
        #expect(writer.lines(.status, of: CalendarTodo(uid: "u", title: "t")) == ["STATUS:NEEDS-ACTION\r\n"])
        #expect(writer.lines(.status, of: CalendarTodo(uid: "u", title: "t", isInProcess: true, percentComplete: 40))
                == ["STATUS:IN-PROCESS\r\n", "PERCENT-COMPLETE:40\r\n"])
        #expect(writer.lines(.status, of: CalendarTodo(uid: "u", title: "t", completedAt: done, isCancelled: true))
                == ["STATUS:CANCELLED\r\n", "COMPLETED:20261201T100000Z\r\n"])
    }

    @Test("a stored started, cancelled or done todo becomes the VTODO values and comes back as the same status and percentage",
          arguments: [TodoStatus.open, .inProcess, .done, .cancelled])
    func storeRoundTrip(status: TodoStatus) throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        let todo = try store.add(title: "Paint the fence").value
        try store.setStatus(status, ids: [todo.id])
        if !status.isFinished { try store.setPercentComplete(30, id: todo.id) }
        let item = try #require(try store.item(id: todo.id))
        let calendar = CalendarTodo(item, listName: "Inbox")
        #expect(calendar.isCancelled == (status == .cancelled) && calendar.isInProcess == (status == .inProcess))
        let new = try calendar.newTodo(defaultListName: "Inbox")
        #expect(new.statusMark == item.statusMark && new.percentComplete == item.percentComplete)
    }

    @Test("a .ics export of started and cancelled todos imports into another store as started and cancelled")
    func fileRoundTrip() throws {
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        let todos = try store.add(titles: ["started", "cancelled", "open"])
        try store.setStatus(.inProcess, ids: [todos[0].id])
        try store.setPercentComplete(60, id: todos[0].id)
        try store.setStatus(.cancelled, ids: [todos[1].id])
        var text = ""
        try ICalendarFile.export(store, zone: .utc, to: { text += $0 })
        #expect(text.contains("STATUS:IN-PROCESS\r\nPERCENT-COMPLETE:60\r\n") && text.contains("STATUS:CANCELLED\r\n"))
        let document = try ICalendarFile.read(Data(text.utf8), zone: .utc).document
        let other = try TodoStore(path: TodoStore.inMemoryPath)
        let imported = try other.importItems(document.todos)
        let byTitle = Dictionary(uniqueKeysWithValues: imported.map { ($0.title, $0) })
        #expect(byTitle["started"]?.status == .inProcess && byTitle["started"]?.percentComplete == 60)
        #expect(byTitle["cancelled"]?.status == .cancelled && byTitle["open"]?.status == .open)
    }
}
