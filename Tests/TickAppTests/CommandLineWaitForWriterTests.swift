import Foundation
import Testing
@testable import TickApp
@testable import TodoStore

/// A command run while another process holds the store's write lock for a few seconds (a sync
/// writing an answer, an import, another Tick on a loaded machine) waits for it instead of failing
/// with "database is locked": scripts that add todos must not fail because something else wrote.
@Suite("Command line: waiting for another writer")
struct CommandLineWaitForWriterTests {
    /// Another connection holding the write lock, handed to the thread that lets it go.
    final class Writer: @unchecked Sendable {
        let store: TodoStore
        var failure: (any Error)?
        init(_ store: TodoStore) { self.store = store }
    }

    @Test("tick add waits for a write of another connection that lasts 3 s, then adds the todo")
    func addWaitsForAnotherWriter() throws {
        let tick = try CommandHarness()
        #expect(tick.run(["add", "seed"]).status == 0)
        let other = Writer(try TodoStore(path: tick.path))
        try other.store.executeForTools("BEGIN IMMEDIATE")
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 3)
            do { try other.store.executeForTools("COMMIT") } catch { other.failure = error }
            other.store.close()
            released.signal()
        }
        let outcome = tick.run(["add", "Water plants"])
        released.wait()
        #expect(other.failure == nil)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.hasPrefix("Added "))
        #expect(try tick.withStore { try $0.lists().first?.openCount } == 2)
    }

    @Test("A command's store waits longer than the app's 2 s")
    func commandsWaitLonger() throws {
        let tick = try CommandHarness()
        let context = CommandContext(databasePath: tick.path, environment: ["HOME": tick.folder.path], today: tick.today, localTime: tick.localTime,
                                     write: { _ in }, writeError: { _ in }, standardInput: { RereadableInput(bytes: Data()) })
        let store = try context.openStore()
        defer { store.close() }
        #expect(store.waitsForOtherWritersMilliseconds > 2_000)
        let app = try TodoStore(path: tick.path)
        defer { app.close() }
        #expect(app.waitsForOtherWritersMilliseconds == 2_000)
    }
}
