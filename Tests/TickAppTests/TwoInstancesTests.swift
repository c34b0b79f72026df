import Testing
import TermTable
@testable import TickApp
import TodoStore

@Suite("Two Ticks on one store")
struct TwoInstancesTests {
    @Test("Each instance shows the other's changes on its next poll, keeping its own highlight on the same todo")
    func seeEachOther() throws {
        let temporary = try TemporaryStore()
        for (index, title) in ["One", "Two", "Three"].enumerated() { try temporary.store.add(title: title, at: index) }
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
