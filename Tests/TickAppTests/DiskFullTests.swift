import Testing
import TermTable
@testable import TickApp
import TodoStore

@Suite("A full disk")
struct DiskFullTests {
    @Test("When the disk fills up, the change fails with a message, earlier todos are intact, and Tick keeps working")
    func diskFull() throws {
        let temporary = try TemporaryStore()
        let setup = try temporary.reopen()
        let pages = try #require(Int(exactly: setup.pageCount))
        setup.close()
        // A store that may grow by only a few pages: the "disk" fills after some adds.
        let store = try TodoStore(path: temporary.path, pageLimit: pages + 6)
        let app = makeApp(store, size: Size(width: 100, height: 10))
        var added = 0
        for index in 0..<400 {
            try app.type("aA todo with a long title to fill pages \(index) \(String(repeating: "x", count: 200))<Enter>")
            if app.lastMessage?.kind == .error { break }
            added += 1
        }
        #expect(added > 0 && added < 400)
        #expect(app.screenLines.suffix(app.statusRows).joined(separator: " ").contains("the disk is full"), "\(app.lastMessage?.text ?? "")")
        #expect(app.isPrompting)  // the typed title is still there to try again
        try app.type("<Esc>")
        #expect(store.count == added)
        #expect(store.integrityCheck() == "ok")
        // Reading and moving around still work; another change that needs room fails the same way.
        try app.type("gjj")
        #expect(app.list.tableView.indexPathForSelectedRow?.row == 2)
        try app.type("aAnother long one \(String(repeating: "y", count: 300))<Enter><Esc>")
        #expect(store.count == added)
        // Once there is room again (here: no size limit), the same store takes changes again.
        store.close()
        let roomy = try TodoStore(path: temporary.path)
        defer { roomy.close() }
        #expect(roomy.count == added)
        let later = makeApp(roomy)
        try later.type("aSmall<Enter>")
        #expect(roomy.count == added + 1)
        #expect(roomy.integrityCheck() == "ok")
    }
}
