import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

@Suite("Swiping, editing and reordering")
struct SwipeAndEditTests {
    /// An app with three todos, the first highlighted.
    func threeTodos(size: Size = Size(width: 40, height: 6)) throws -> (TemporaryStore, TickApp) {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: ["Buy milk", "Call mom", "Pay rent"])
        return (temporary, makeApp(temporary.store, size: size))
    }

    @Test("l reveals the leading Done button at the left edge and slides the row right by its width")
    func leadingSwipe() throws {
        let (temporary, app) = try threeTodos()
        defer { withExtendedLifetime(temporary) {} }
        try app.type("l")
        let (canvas, _) = app.renderScreen()
        #expect(canvas.line(1) == " Done [ ] Buy milk")
        #expect(canvas[1, 1].style.background == .green)
        #expect(canvas[1, 1].style.attributes.contains(.underline))  // the D of Done performs it
        #expect(app.list.tableView.indexPathForSwipedRow == IndexPath(row: 0, section: 0))
    }

    @Test("h reveals Delete at the right edge, then Flag and Edit, the row slid left under them")
    func trailingSwipe() throws {
        let (temporary, app) = try threeTodos()
        defer { withExtendedLifetime(temporary) {} }
        try app.type("j<Left>")
        let (canvas, _) = app.renderScreen()
        #expect(canvas.line(2).hasSuffix(" Edit  Flag  Delete"))
        #expect(canvas[38, 2].style.background == .red || canvas[37, 2].style.background == .red)
        #expect(canvas.line(1) == "[ ] Buy milk")
    }

    @Test("Swiping again the same way is a full swipe: it performs the first action", arguments: [
        ("ll", "[ ] Call mom"), ("hh", "[ ] Call mom"),
    ])
    func fullSwipe(keys: String, firstLine: String) throws {
        let (temporary, app) = try threeTodos()
        defer { withExtendedLifetime(temporary) {} }
        try app.type(keys)
        #expect(app.screenLines[1] == firstLine)
        #expect(app.list.tableView.indexPathForSwipedRow == nil)
    }

    @Test("While revealed, arrows and Tab move the focus, Enter performs it, a letter performs its button, Esc closes")
    func revealedButtonsTakeKeys() throws {
        let (temporary, app) = try threeTodos()
        try app.type("h<Left><Left><Enter>")
        // Focus moved from Delete past Flag to Edit: the title editor opened on "Buy milk".
        #expect(app.isPrompting)
        try app.type("<C-u>Buy oat milk<Enter>")
        #expect(app.screenLines[1] == "[ ] Buy oat milk")
        try app.type("hf")
        #expect(app.screenLines[1] == "[ ] ⚑ Buy oat milk")
        try app.type("hd")
        #expect(temporary.store.count == 2)
        try app.type("h<Esc>")
        #expect(app.list.tableView.indexPathForSwipedRow == nil)
        try app.type("hl")
        #expect(app.list.tableView.indexPathForSwipedRow == nil)  // a swipe the other way closes
    }

    @Test("Moving the selection closes an open swipe")
    func movingCloses() throws {
        let (temporary, app) = try threeTodos()
        defer { withExtendedLifetime(temporary) {} }
        try app.type("lj")
        #expect(app.list.tableView.indexPathForSwipedRow == nil)
        #expect(app.screenLines[1] == "[ ] Buy milk")
    }

    @Test("e edits the title in place; Esc cancels and keeps the old title")
    func editTitle() throws {
        let (temporary, app) = try threeTodos()
        try app.type("jeX<BS><BS><BS><BS>dad<Enter>")
        #expect(app.screenLines[2] == "[ ] Call dad")
        try app.type("eNope<Esc>")
        #expect(app.screenLines[2] == "[ ] Call dad")
        #expect(try temporary.store.flatOrder().map(\.title) == ["Buy milk", "Call dad", "Pay rent"])
    }

    @Test("J and K move the todo (the table says where, a command writes the store), and the order survives a restart")
    func reorder() throws {
        let (temporary, app) = try threeTodos()
        try app.type("JJ")
        #expect(withoutIndicator(app.screenLines)[1...3] == ["[ ] Call mom", "[ ] Pay rent", "[ ] Buy milk"])
        #expect(app.list.tableView.indexPathForSelectedRow?.row == 2)
        try app.type("K")
        let reopened = try temporary.reopen()
        #expect(try reopened.flatOrder().map(\.title) == ["Call mom", "Buy milk", "Pay rent"])
    }

    @Test("? shows help generated from the key map; a new binding appears in it")
    func helpFromKeyMap() throws {
        let (temporary, app) = try threeTodos(size: Size(width: 60, height: 40))
        defer { withExtendedLifetime(temporary) {} }
        app.keyMap.bind(.control("t"), to: .toggle)
        try app.type("?")
        let lines = app.screenLines
        #expect(lines[0].hasPrefix("Tick help"))
        #expect(lines.contains { $0.hasPrefix("x Space Ctrl-t") && $0.contains("mark done / not done") })
        #expect(lines.contains { $0.hasPrefix("J") && $0.contains("move the todo down") })
        try app.type("<Esc>")
        #expect(app.screenLines[1] == "[ ] Buy milk")
    }

    @Test("A mouse drag sideways swipes the row; dragging far is a full swipe; a click on a button performs it")
    func mouseSwipes() throws {
        let (temporary, app) = try threeTodos()
        _ = app.renderScreen()
        app.handle(.mouse(MouseEvent(kind: .press(.left), x: 5, y: 2)))
        app.handle(.mouse(MouseEvent(kind: .drag(.left), x: 9, y: 2)))
        #expect(app.list.tableView.indexPathForSwipedRow == IndexPath(row: 1, section: 0))
        app.handle(.mouse(MouseEvent(kind: .release(.left), x: 9, y: 2)))
        #expect(app.list.tableView.indexPathForSwipedRow == IndexPath(row: 1, section: 0))
        _ = app.renderScreen()
        app.handle(.mouse(MouseEvent(kind: .press(.left), x: 2, y: 2)))  // on "Done"
        #expect(temporary.store.doneCount == 1)
        app.handle(.mouse(MouseEvent(kind: .press(.left), x: 3, y: 3)))
        app.handle(.mouse(MouseEvent(kind: .drag(.left), x: 0, y: 3)))
        app.handle(.mouse(MouseEvent(kind: .release(.left), x: 0, y: 3)))
        #expect(temporary.store.count == 3)  // a short drag only reveals
        app.handle(.mouse(MouseEvent(kind: .press(.left), x: 30, y: 1)))
        app.handle(.mouse(MouseEvent(kind: .drag(.left), x: 25, y: 1)))
        app.handle(.mouse(MouseEvent(kind: .release(.left), x: 2, y: 1)))
        #expect(temporary.store.count == 2)  // dragged across most of the row: full swipe deletes
    }

    @Test("The wheel scrolls without moving the selection; a click selects the row under it")
    func wheelAndClick() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: (0..<30).map { "Todo \($0)" })
        let app = makeApp(temporary.store, size: Size(width: 30, height: 6))
        _ = app.renderScreen()
        app.handle(.mouse(MouseEvent(kind: .wheelDown, x: 3, y: 3)))
        // Three lines down: the header is pinned over the first visible row.
        #expect(app.screenLines[0].hasPrefix("▾ Inbox"))
        #expect(app.screenLines[1].hasPrefix("[ ] Todo 3 "))
        #expect(app.list.tableView.indexPathForSelectedRow?.row == 0)
        app.handle(.mouse(MouseEvent(kind: .press(.left), x: 3, y: 2)))
        #expect(app.list.tableView.indexPathForSelectedRow?.row == 4)
    }

    /// What the wheel scrolls while it is open.
    enum WheelOverlay: String, CaseIterable, Sendable {
        case help, details, lists
    }

    @Test("While help, the details or the lists screen is open, the wheel scrolls it and leaves the list alone",
          arguments: WheelOverlay.allCases)
    func wheelScrollsTheOpenOverlay(_ overlay: WheelOverlay) throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(title: "Long notes", notes: (1...40).map { "note line \($0)" }.joined(separator: "\n"))
        for index in 1...30 { try temporary.store.addList(named: "List \(index)") }
        let app = makeApp(temporary.store, size: Size(width: 40, height: 8))
        let listBefore = app.list.tableView.contentOffset
        switch overlay {
        case .help: app.handle(.character("?"))
        case .details: app.handle(.enter)
        case .lists: app.handle(.character("L"))
        }
        let opened = app.screenLines
        app.handle(.mouse(MouseEvent(kind: .wheelDown, x: 3, y: 3)))
        let scrolled = app.screenLines
        #expect(scrolled != opened, "the wheel did not scroll the \(overlay)")
        #expect(scrolled.first == opened.first, "the \(overlay)'s title line stays")
        app.handle(.mouse(MouseEvent(kind: .wheelUp, x: 3, y: 3)))
        #expect(app.screenLines == opened)
        #expect(app.list.tableView.contentOffset == listBefore)
    }
}
