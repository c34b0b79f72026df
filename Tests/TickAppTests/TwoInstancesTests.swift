import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

@Suite("Two Ticks on one store")
struct TwoInstancesTests {
    @Test("Each instance shows the other's changes on its next poll, keeping its own highlight on the same todo")
    func seeEachOther() throws {
        let temporary = try TemporaryStore()
        try temporary.store.add(titles: ["One", "Two", "Three"])
        let second = try TodoStore(path: temporary.path)
        defer { second.close() }
        let a = makeApp(temporary.store)
        let b = makeApp(second)
        try b.type("jj")  // B highlights Three
        #expect(b.list.selectedItem?.title == "Three")

        try a.type("ggaZero first<Enter>")  // A adds after One
        #expect(b.showExternalChanges())
        #expect(withoutIndicator(b.screenLines)[1...4] == ["[ ] One", "[ ] Zero first", "[ ] Two", "[ ] Three"])
        #expect(b.list.selectedItem?.title == "Three")

        try b.type("x")  // B completes Three; A sees it
        #expect(a.showExternalChanges())
        #expect(a.screenLines.contains("[✓] Three"))
        #expect(a.list.selectedItem?.title == "Zero first")
        #expect(!a.showExternalChanges())  // nothing new since
    }

    @Test("Neither instance loses the other's writes")
    func bothWrite() throws {
        let temporary = try TemporaryStore()
        let second = try TodoStore(path: temporary.path)
        defer { second.close() }
        let a = makeApp(temporary.store)
        let b = makeApp(second)
        for index in 0..<20 {
            try (index.isMultiple(of: 2) ? a : b).type("aTodo \(index)<Enter>")
            _ = a.showExternalChanges()
            _ = b.showExternalChanges()
        }
        #expect(temporary.store.count == 20)
        #expect(a.list.count == 20 && b.list.count == 20)
    }
}

@Suite("A change committed while another Tick writes")
struct CommittedChangeTests {
    @Test("An add whose table update meets another process's add is reported as added, closes the input line and exists once")
    func addMeetsAnotherAdd() throws {
        let scenario = try Scenario(["One", "Two"], size: Size(width: 60, height: 10))
        let other = try TodoStore(path: scenario.temporary.path)
        defer { other.close() }
        // Between this Tick's commit and its table update, the other process adds to the same list.
        interleave(afterNextWriteOf: scenario.store) { try other.add(title: "Elsewhere") }
        try scenario.type("aThree<Enter>")
        #expect(scenario.status.hasPrefix("Added “Three”"), "\(scenario.status)")
        #expect(!scenario.app.isPrompting, "the input line closed: nothing to add again")
        let titles = try scenario.titles(inList: "Inbox")
        #expect(titles.filter { $0 == "Three" }.count == 1)
        #expect(Set(titles) == ["Elsewhere", "One", "Two", "Three"])
        #expect(scenario.selectedTitle == "Three")
        #expect(Set(scenario.screen[1...4]) == ["[ ] Elsewhere", "[ ] One", "[ ] Two", "[ ] Three"])
    }

    @Test("A completion whose table update meets another process's add is reported as done", arguments: ["x", "f"])
    func toggleMeetsAnotherAdd(key: String) throws {
        let scenario = try Scenario(["One", "Two"], size: Size(width: 60, height: 10))
        let other = try TodoStore(path: scenario.temporary.path)
        defer { other.close() }
        interleave(afterNextWriteOf: scenario.store) { try other.add(title: "Elsewhere") }
        try scenario.type(key)
        #expect(scenario.app.lastMessage?.kind == .info, "\(scenario.status)")
        #expect(scenario.status.hasPrefix(key == "x" ? "Done: “One”" : "Flagged “One”"), "\(scenario.status)")
        // After f every row has the flag column.
        #expect(scenario.screen.contains(key == "f" ? "[ ]   Elsewhere" : "[ ] Elsewhere"), "the table was read afresh")
    }
}
