import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30, part 3: the everyday verbs (show, undo, redo, note, mv of several, purge), add's new
/// list, and a recurring todo's first due day.
@Suite("Command line: everyday verbs")
struct CommandLineEverydayTests {
    @Test("tick show prints every field of one todo, --json as tick ls --json prints it")
    func show() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--list", "Work", "Report #q4 !! @2026-12-01 @every month"])
        tick.run(["edit", "1", "--flag", "--notes", "first line\nsecond"])
        let lines = tick.output("show", "1").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("title     Report"))
        #expect(lines.contains("list      Work"))
        #expect(lines.contains("priority  !!"))
        #expect(lines.contains("due       2026-12-01"))
        #expect(lines.contains("flag      ⚑ flagged"))
        #expect(lines.contains { $0.hasPrefix("repeats   ↻ ") })
        #expect(lines.contains("tags      #q4"))
        #expect(Array(lines.suffix(3)) == ["first line", "second", ""])
        let json = tick.output("show", "1", "--json")
        #expect(json.contains(#""title": "Report""#) && json.contains(#""list": "Work""#))
        #expect(tick.run(["show", "9"]).status == 1)
    }

    @Test("tick show names a subtask's parent, the status as it is (started, cancelled), how far along, and the start")
    func showStatusStartParent() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Trip"])
        tick.run(["add", "--parent", "1", "Book flights @2026-12-10 ^2026-12-05"])
        tick.run(["edit", "2", "--status", "started", "--percent", "40"])
        let lines = tick.output("show", "2").split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(8)) == ["id        2", "title     Book flights", "list      Inbox", "parent    1: Trip",
                                           "state     started (40%)", "priority  none", "due       2026-12-10", "start     2026-12-05"])
        tick.run(["edit", "1", "--status", "cancelled"])
        let trip = tick.output("show", "1").split(separator: "\n").map(String.init)
        #expect(trip.contains("state     cancelled") && trip.contains("start     none") && !trip.contains { $0.hasPrefix("parent") })
    }

    @Test("tick undo and tick redo walk the store's history, as u and U do")
    func undoRedo() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Buy milk"])
        tick.run(["done", "1"])
        #expect(tick.output("undo").hasPrefix("Undid: "))
        #expect(try tick.withStore { try $0.item(id: 1)?.isDone } == false)
        #expect(tick.output("redo").hasPrefix("Redid: "))
        #expect(try tick.withStore { try $0.item(id: 1)?.isDone } == true)
        #expect(tick.run(["redo"]).errors.contains("nothing to redo"))
        tick.run(["undo"])
        tick.run(["undo"])
        #expect(try tick.withStore { try $0.item(id: 1) } == nil)
        let nothing = tick.run(["undo"])
        #expect(nothing.status == 1 && nothing.errors.contains("nothing to undo"))
    }

    @Test("tick note appends the text under today's date, after a blank line when there were notes")
    func note() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Call the bank"])
        tick.run(["note", "1", "Closed", "on", "Sundays"])
        #expect(try tick.withStore { try $0.item(id: 1)?.notes } == "2026-11-29:\nClosed on Sundays")
        tick.run(["note", "1", "Called"])
        #expect(try tick.withStore { try $0.item(id: 1)?.notes } == "2026-11-29:\nClosed on Sundays\n\n2026-11-29:\nCalled")
        #expect(tick.run(["note", "1"]).status == 2)
    }

    @Test("tick mv takes several ids: they move in one change, in order, to the end of the list")
    func moveSeveral() throws {
        let tick = try CommandHarness()
        for title in ["A", "B", "C", "D"] { tick.run(["add", title]) }
        tick.run(["add", "--list", "Work", "W"])
        let output = tick.output("mv", "3", "1", "--list", "Work")
        #expect(output == "Moved 3 to Work: C\nMoved 1 to Work: A\n")
        #expect(tick.output("mv", "2", "--list", "Later") == "Moved 2 to Later (a new list): B\n")
        let work = try tick.withStore { store in
            let list = try #require(try store.list(named: "Work"))
            return try store.items(SectionQuery(listID: list.id), in: 0..<10).map(\.title)
        }
        #expect(work == ["W", "C", "A"])
        tick.run(["undo"])
        tick.run(["undo"])
        #expect(try tick.withStore { store in try [1, 3].map { try store.item(id: $0)?.listID } } == [TodoStore.inboxListID, TodoStore.inboxListID])
        #expect(tick.run(["mv", "1", "99", "--list", "Work"]).status == 1)
    }

    @Test("tick purge --done deletes done todos in one change (--before: completed before that day); undo brings them back")
    func purge() throws {
        let tick = try CommandHarness()
        for title in ["A", "B", "C"] { tick.run(["add", title]) }
        tick.run(["done", "1", "2"])
        #expect(tick.run(["purge"]).status == 2)
        #expect(tick.output("purge", "--done", "--before", "2000-01-01").hasPrefix("No done todos completed before 2000-01-01"))
        #expect(tick.output("purge", "--done") == "Purged 2 done todos (tick undo brings them back)\n")
        #expect(try tick.withStore { $0.count } == 1)
        tick.run(["undo"])
        #expect(try tick.withStore { $0.count } == 3)
    }

    @Test("add --list with a new name says the list is new")
    func addToNewList() throws {
        let tick = try CommandHarness()
        #expect(tick.output("add", "--list", "Errands", "Stamps") == "Added 1 to Errands (a new list): Stamps\n")
        #expect(tick.output("add", "--list", "errands", "Bread") == "Added 2 to Errands: Bread\n")
    }

    @Test("A recurring todo typed without a date is due on its first occurrence; @every weekday is Monday to Friday",
          arguments: [("Standup @every mon,tue,wed,thu,fri", "2026-11-30"), ("Standup @every weekday", "2026-11-30"),
                      ("Review @every week", "2026-11-29"), ("Pay rent @every month on the last friday", "2026-12-25"),
                      ("Call mom @every sun", "2026-11-29"), ("Later @every week @2026-12-10", "2026-12-10")])
    func firstOccurrence(title: String, due: String) throws {
        let tick = try CommandHarness()  // today is Sunday 2026-11-29
        tick.run(["add", title])
        #expect(try tick.withStore { try $0.item(id: 1)?.due } == due)
        if title.contains("weekday") {
            #expect(try tick.withStore { try $0.item(id: 1)?.recurrence?.rrule }?.contains("BYDAY=MO,TU,WE,TH,FR") == true)
        }
    }
}
