import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Issue 20, undo and sync, through one real server (Radicale, then Xandikos): what the sync brings is never undone on
/// this device, and undoing a change already sent goes up as a new change.
@Suite("Undo and sync against Radicale and Xandikos", .serialized)
struct SyncUndoTests {
    typealias Device = SyncEngineTests.Device

    @Test("undoing an edit, an add and a delete already sent goes up as new changes: the other device sees each undone, the deleted todo back under its UID",
          arguments: CalDAVServerKind.allCases)
    func undoneChangesGoUp(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            try first.store.add(titles: ["Pay rent", "Water plants"])
            try first.sync()
            try second.sync()

            _ = try first.store.update(id: first.todo("Pay rent").id, title: "Pay the rent")
            try first.sync()
            try second.sync()
            #expect(try second.todo("Pay the rent").title == "Pay the rent")
            #expect(try first.store.undo().value?.description == "edit “Pay rent”")
            #expect(try first.sync().sentChanges == 1)
            #expect(try second.sync().receivedChanges == 1)
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.todo("Pay rent").title == "Pay rent")

            // The undo of an add already sent deletes the server's item.
            let call = try first.store.add(title: "Call Mom").value
            try first.sync()
            try second.sync()
            #expect(try second.contents().count == 3)
            #expect(try first.store.undo().value?.description == "add “Call Mom”")
            #expect(try first.sync().sentDeletions == 1)
            #expect(try second.sync().receivedDeletions == 1)
            try SyncEngineTests.agree(server, first, second)
            #expect(try !SyncEngineTests.serverUIDs(server).contains(call.uid))

            // The undo of a delete already sent makes the item again, under the same UID.
            let plants = try first.todo("Water plants")
            _ = try first.store.delete(ids: [plants.id])
            try first.sync()
            try second.sync()
            #expect(try second.store.item(uid: plants.uid) == nil)
            #expect(try first.store.undo().value?.description == "delete “Water plants”")
            #expect(try first.sync().sentChanges == 1)
            #expect(try second.sync().receivedNew == 1)
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.store.item(uid: plants.uid)?.title == "Water plants")
        }
    }

    @Test("u passes over what another device sent, and refuses to undo a change that device changed since: its change is kept on both",
          arguments: CalDAVServerKind.allCases)
    func undoKeepsOtherDevicesChanges(on kind: CalDAVServerKind) throws {
        try SyncEngineTests.withDevices(on: kind) { server, first, second in
            let rent = try first.store.add(title: "Pay rent").value
            try first.sync()
            try second.sync()
            _ = try first.store.add(title: "Water plants")
            _ = try second.store.update(id: second.todo("Pay rent").id, notes: "By the 3rd")
            _ = try second.store.add(title: "Dentist")
            try second.sync()
            let received = try first.sync()
            #expect(received.receivedChanges == 1 && received.receivedNew == 1)
            #expect(try first.todo("Pay rent").notes == "By the 3rd")

            let undone = try #require(try first.store.undo().value)
            #expect(undone.description == "add “Water plants”")
            // The edit and the add from the second device (one answer of the server, written as one
            // step), and the sync placing the two new todos (both added at the end) one after the other.
            #expect(undone.remoteChangesPassedOver == 2)
            #expect(throws: HistoryRefusal.self) { try first.store.undo().value }
            #expect(try first.store.item(id: rent.id)?.notes == "By the 3rd")
            #expect(try first.store.undo().value == nil)

            try first.sync()
            try second.sync()
            try SyncEngineTests.agree(server, first, second)
            #expect(try second.contents().map { $0.split(separator: "|")[1] } == ["Dentist", "Pay rent"])
            #expect(try second.todo("Pay rent").notes == "By the 3rd")
        }
    }
}
