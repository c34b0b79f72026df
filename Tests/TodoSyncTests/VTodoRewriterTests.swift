import Foundation
import Testing
@testable import TodoSync
import TodoStore

/// Writing Tick's changes into a VTODO another client wrote, keeping everything else byte for byte.
@Suite("VTODO rewriting")
struct VTodoRewriterTests {
    /// A VTODO as a phone app leaves it on a server: a VTIMEZONE, folded lines, parameters on
    /// properties, an alarm, an attachment, a relation, categories on two lines and other clients' X- properties.
    static let original = ICS.crlf("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Nextcloud Tasks v0.16.1
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:STANDARD
        DTSTART:19701025T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VTODO
        UID:20261201T101500Z-4711@phone.example
        CREATED:20261101T080000Z
        LAST-MODIFIED:20261130T090000Z
        DTSTAMP:20261130T090000Z
        SEQUENCE:3
        SUMMARY;LANGUAGE=en:Renew passport
        DESCRIPTION:Bring two photos\\, the old passport\\nand the form from the w
         ebsite
        X-PHONE-COLOR;VALUE=TEXT:#ff8800
        PRIORITY:2
        DUE;TZID=Europe/Berlin:20261224T183000
        STATUS:IN-PROCESS
        PERCENT-COMPLETE:40
        CATEGORIES:Errands & more,Paperwork
        CATEGORIES:Home
        ATTACH;FMTTYPE=application/pdf:https://files.example/form.pdf
        RELATED-TO;RELTYPE=PARENT:trip-2027@phone.example
        X-APPLE-SORT-ORDER:683456789
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Passport!
        TRIGGER;RELATED=END:-PT1H
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    static let berlin = LocalTime(tz: "Europe/Berlin")
    static let now = ICS.utc(2026, 12, 2, 7, 30)

    /// The original as Tick reads it.
    static func read() throws -> CalendarTodo {
        try #require(try VTodoRewriter(zone: berlin).read(original).first)
    }

    @Test("a title edit changes SUMMARY and the stamps only: alarm, attachment, categories, parameters and X- properties survive byte for byte")
    func titleEditKeepsEverythingElse() throws {
        var todo = try Self.read()
        #expect(todo.title == "Renew passport" && todo.priority == 3 && todo.due == "2026-12-24T18:30" && !todo.isDone)
        #expect(todo.tags == ["Errands-more", "Paperwork", "Home"])
        todo.title = "Renew passport before the trip"
        todo.lastModified = Self.now
        let rewritten = try VTodoRewriter(zone: Self.berlin).rewrite(Self.original, with: todo, now: Self.now)
        let expected = Self.original
            .replacingOccurrences(of: "SUMMARY;LANGUAGE=en:Renew passport\r\n", with: "SUMMARY:Renew passport before the trip\r\n")
            .replacingOccurrences(of: "LAST-MODIFIED:20261130T090000Z", with: "LAST-MODIFIED:20261202T073000Z")
            .replacingOccurrences(of: "DTSTAMP:20261130T090000Z", with: "DTSTAMP:20261202T073000Z")
            .replacingOccurrences(of: "SEQUENCE:3", with: "SEQUENCE:4")
        #expect(rewritten == expected)
        // And it reads back as Tick wrote it.
        #expect(try VTodoRewriter(zone: Self.berlin).read(rewritten).first?.title == "Renew passport before the trip")
    }

    @Test("LAST-MODIFIED is when the todo changed (the time to compare in a conflict), DTSTAMP when it is written; now when the todo has no time",
          arguments: [Date(timeIntervalSince1970: 1_796_119_200), nil])
    func lastModifiedIsTheTodos(_ modified: Date?) throws {
        var todo = try Self.read()
        todo.title = "Renew passport before the trip"
        todo.lastModified = modified
        let rewritten = try VTodoRewriter(zone: Self.berlin).rewrite(Self.original, with: todo, now: Self.now)
        #expect(rewritten.contains("LAST-MODIFIED:\(modified == nil ? "20261202T073000Z" : "20261201T100000Z")\r\n"))
        #expect(rewritten.contains("DTSTAMP:20261202T073000Z\r\n"))
    }

    @Test("a todo Tick did not change gives back the original unchanged, stamps included")
    func unchangedIsUntouched() throws {
        let todo = try Self.read()
        #expect(try VTodoRewriter(zone: Self.berlin).rewrite(Self.original, with: todo, now: Self.now) == Self.original)
    }

    @Test("marking it done replaces STATUS and PERCENT-COMPLETE with COMPLETED; tags change category by category, new ones on the last line")
    func doneAndTags() throws {
        var todo = try Self.read()
        todo.completedAt = Self.now
        todo.tags = ["Paperwork", "trip"]
        let rewritten = try VTodoRewriter(zone: Self.berlin).rewrite(Self.original, with: todo, now: Self.now)
        #expect(rewritten.contains("DUE;TZID=Europe/Berlin:20261224T183000\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261202T073000Z\r\nCATEGORIES:Paperwork\r\nCATEGORIES:trip\r\nATTACH"))
        #expect(!rewritten.contains("PERCENT-COMPLETE") && !rewritten.contains("CATEGORIES:Home"))
        #expect(rewritten.contains("X-PHONE-COLOR;VALUE=TEXT:#ff8800\r\n") && rewritten.contains("TRIGGER;RELATED=END:-PT1H\r\n"))
        let back = try #require(try VTodoRewriter(zone: Self.berlin).read(rewritten).first)
        #expect(back.isDone && back.tags == ["Paperwork", "trip"])
    }

    /// Categories as another app writes them: spaces, an escaped comma, one without a letter, two lines.
    static let categorized = ICS.calendar("""
        BEGIN:VTODO
        UID:c
        SUMMARY:Plan the quarter
        CATEGORIES;LANGUAGE=en:Q4 Planning,Errands\\, more,2026
        CATEGORIES:home
        END:VTODO

        """)

    struct TagEdit: CustomTestStringConvertible, Sendable {
        var name: String
        var tags: [String]
        /// The CATEGORIES lines expected, in order.
        var lines: [String]
        var testDescription: String { name }
    }

    static let tagEdits: [TagEdit] = [
        TagEdit(name: "a tag added: the other categories stay as written, with their spaces and escapes; the new one ends the last line",
                tags: ["Q4-Planning", "Errands-more", "home", "urgent"],
                lines: ["CATEGORIES;LANGUAGE=en:Q4 Planning,Errands\\, more,2026", "CATEGORIES:home,urgent"]),
        TagEdit(name: "the last line's tags taken away and one added: the line holds the new one",
                tags: ["Q4-Planning", "Errands-more", "urgent"],
                lines: ["CATEGORIES;LANGUAGE=en:Q4 Planning,Errands\\, more,2026", "CATEGORIES:urgent"]),
        TagEdit(name: "a tag taken away: only that category goes, its line rewritten with the rest",
                tags: ["Q4-Planning", "home"],
                lines: ["CATEGORIES;LANGUAGE=en:Q4 Planning,2026", "CATEGORIES:home"]),
        TagEdit(name: "every tag of a line taken away: the line goes; a category that is no tag stays",
                tags: ["Q4-Planning", "Errands-more"],
                lines: ["CATEGORIES;LANGUAGE=en:Q4 Planning,Errands\\, more,2026"]),
        TagEdit(name: "all tags taken away: only the category Tick never showed is left",
                tags: [], lines: ["CATEGORIES;LANGUAGE=en:2026"]),
        TagEdit(name: "a tag typed in another case is the same tag: nothing changes",
                tags: ["q4-planning", "ERRANDS-MORE", "Home"],
                lines: ["CATEGORIES;LANGUAGE=en:Q4 Planning,Errands\\, more,2026", "CATEGORIES:home"]),
    ]

    @Test("CATEGORIES another app wrote go back as written unless Tick changed them", arguments: tagEdits)
    func categoriesKept(_ edit: TagEdit) throws {
        var todo = try #require(try VTodoRewriter(zone: Self.berlin).read(Self.categorized).first)
        #expect(todo.tags == ["Q4-Planning", "Errands-more", "home"])
        todo.tags = edit.tags
        let rewritten = try VTodoRewriter(zone: Self.berlin).rewrite(Self.categorized, with: todo, now: Self.now)
        let lines = rewritten.components(separatedBy: "\r\n").filter { $0.hasPrefix("CATEGORIES") }
        #expect(lines == edit.lines)
        #expect(try VTodoRewriter(zone: Self.berlin).read(rewritten).first?.tags.map(TodoTags.key) == edit.tags.map(TodoTags.key))
        if edit.lines == ["CATEGORIES;LANGUAGE=en:Q4 Planning,Errands\\, more,2026", "CATEGORIES:home"] {
            #expect(rewritten == Self.categorized, "no change at all")
        }
    }

    @Test("tags given to a VTODO without CATEGORIES make one line")
    func firstTags() throws {
        let original = ICS.calendar("BEGIN:VTODO\nUID:a\nSUMMARY:Old\nEND:VTODO\n")
        var todo = try #require(try VTodoRewriter(zone: Self.berlin).read(original).first)
        todo.tags = ["home", "Q4-Planning"]
        let rewritten = try VTodoRewriter(zone: Self.berlin).rewrite(original, with: todo, now: Self.now)
        #expect(rewritten.components(separatedBy: "\r\n").filter { $0.hasPrefix("CATEGORIES") } == ["CATEGORIES:home,Q4-Planning"])
    }

    @Test("a category with a space shows as a tag with a dash, found by searching #Q4-Planning in any case")
    func spacedCategoryIsSearchable() throws {
        let todo = try #require(try VTodoRewriter(zone: Self.berlin).read(Self.categorized).first)
        let store = try TodoStore(path: TodoStore.inMemoryPath)
        try store.importItems([try todo.newTodo(defaultListName: "Inbox")])
        for search in ["#Q4-Planning", "#q4-planning"] {
            let query = SectionQuery(listID: TodoStore.inboxListID, search: search)
            #expect(try store.items(query, in: 0..<5).map(\.title) == ["Plan the quarter"])
        }
    }

    @Test("a field the original lacks is added before the alarm; a field Tick cleared is removed; a nil list leaves the list alone")
    func addsAndRemoves() throws {
        var todo = try Self.read()
        todo.isFlagged = true
        todo.due = nil
        todo.listName = nil
        todo.sortOrder = nil
        let rewritten = try VTodoRewriter(zone: Self.berlin).rewrite(Self.original, with: todo, now: Self.now)
        #expect(!rewritten.contains("DUE;"))
        #expect(rewritten.contains("X-APPLE-SORT-ORDER:683456789\r\nX-TICK-FLAGGED:TRUE\r\nBEGIN:VALARM"))
        #expect(!rewritten.contains("X-TICK-LIST"))
    }

    @Test("SEQUENCE starts at 1 and the stamps are added when the original has none")
    func addsStamps() throws {
        let original = ICS.calendar("BEGIN:VTODO\nUID:a\nSUMMARY:Old\nEND:VTODO\n")
        var todo = try #require(try VTodoRewriter(zone: Self.berlin).read(original).first)
        todo.title = "New"
        let rewritten = try VTodoRewriter(zone: Self.berlin).rewrite(original, with: todo, now: Self.now)
        #expect(rewritten == ICS.calendar("BEGIN:VTODO\nUID:a\nSUMMARY:New\nLAST-MODIFIED:20261202T073000Z\nDTSTAMP:20261202T073000Z\nSEQUENCE:1\nEND:VTODO\n"))
    }

    @Test("an original Tick cannot read, or without the todo's UID, is refused with a typed error and nothing written",
          arguments: [("BEGIN:VTODO\nUID:a\nSUMMARY:x\nDUE:garbage\nEND:VTODO\n", CalendarError.Problem.unreadableProperty(name: "DUE", reason: "cannot read “garbage”")),
                      ("BEGIN:VTODO\nUID:b\nSUMMARY:x\nEND:VTODO\n", .noSuchTodo(uid: "a")),
                      ("BEGIN:VTODO\nUID:a\nSUMMARY:x\n", .malformed("BEGIN:VTODO is never ended"))])
    func refusesUnreadable(body: String, problem: CalendarError.Problem) throws {
        let original = body.hasSuffix("END:VTODO\n") ? ICS.calendar(body) : ICS.crlf("BEGIN:VCALENDAR\n" + body)
        #expect(throws: CalendarError.self) {
            try VTodoRewriter(zone: Self.berlin).rewrite(original, with: CalendarTodo(uid: "a", title: "y"), now: Self.now)
        }
        do {
            _ = try VTodoRewriter(zone: Self.berlin).rewrite(original, with: CalendarTodo(uid: "a", title: "y"), now: Self.now)
        } catch {
            #expect(error.problem == problem)
        }
    }
}
