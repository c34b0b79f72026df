import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// A recurring todo completed on two clients before they sync continues as one series: the sync
/// keeps one next occurrence (see `SyncEngine+Series.swift`). The other client here writes what
/// todoman writes (`TodomanInteropTests` runs todoman itself): the occurrence done without its RRULE,
/// and a copy with a UID of its own, its due moved on by the rule.
@Suite("Series completed on two clients", .serialized)
struct SeriesConvergenceTests {
    typealias Device = SyncEngineTests.Device

    static let weekly = try! RecurrenceRule(rrule: "FREQ=WEEKLY")

    /// Another client completes the occurrence `uid` on the server as todoman does, and adds its
    /// own next occurrence (`copyUID`) due `nextDue`, or none when `copyUID` is nil.
    static func otherClientCompletes(_ server: RadicaleServer, uid: String, copyUID: String?, nextDue: String = "20261215",
                                     title: String = "Water plants", completed: String = "20261208T100000Z") throws {
        let client = try server.client()
        let item = try #require(try ServerTodos(server).items.first { $0.todo.uid == uid })
        let done = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:nl.whynothugo.todoman\r\nBEGIN:VTODO\r\nCATEGORIES:Q4 Planning,home\r\n\
            COMPLETED:\(completed)\r\nCREATED:20261120T000000Z\r\nDTSTAMP:20261201T000000Z\r\nDUE;VALUE=DATE:20261208\r\n\
            LAST-MODIFIED:\(completed)\r\nPERCENT-COMPLETE:100\r\nSEQUENCE:2\r\nSTATUS:COMPLETED\r\nSUMMARY:\(title)\r\n\
            UID:\(uid)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
            """
        _ = try client.update(done, at: try server.rootURL.resolving(item.href), ifMatch: item.etag)
        guard let copyUID else { return }
        try otherClientAdds(server, in: item.collection, uid: copyUID, due: nextDue, title: title)
    }

    /// Another client adds an open weekly todo titled `title` due `due` under `uid`.
    static func otherClientAdds(_ server: RadicaleServer, in collection: ServerURL, uid: String, due: String, title: String = "Water plants") throws {
        let copy = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:nl.whynothugo.todoman\r\nBEGIN:VTODO\r\nCATEGORIES:Q4 Planning,home\r\n\
            CREATED:20261120T000000Z\r\nDTSTAMP:20261201T000000Z\r\nDUE;VALUE=DATE:\(due)\r\nLAST-MODIFIED:20261208T100000Z\r\n\
            RRULE:FREQ=WEEKLY\r\nSEQUENCE:2\r\nSTATUS:NEEDS-ACTION\r\nSUMMARY:\(title)\r\nUID:\(uid)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
            """
        _ = try server.client().create(copy, at: try collection.resolving(uid.replacingOccurrences(of: "@", with: "-") + ".ics"))
    }

    /// The device's open todos titled `title`.
    static func open(_ device: Device, _ title: String = "Water plants") throws -> [TodoItem] {
        try device.store.flatOrder().filter { $0.title == title && !$0.isDone }
    }

    /// A weekly "Water plants" due 2026-12-08 on the first device, synced to the server and the second.
    static func series(_ first: Device, _ second: Device) throws -> TodoItem {
        let todo = try first.store.add(title: "Water plants", due: "2026-12-08", recurrence: weekly, tags: ["home", "Q4-Planning"]).value
        try first.sync()
        try second.sync()
        return todo
    }

    @Test("Tick and another client complete the same occurrence: one next occurrence everywhere, the other client's, no conflict",
          arguments: [true, false])
    func tickAndAnother(otherSyncsFirst: Bool) throws {
        try SyncEngineTests.withDevices { server, first, second in
            let todo = try Self.series(first, second)
            let next = try #require(try first.store.setDoneReportingNext(true, ids: [todo.id]).value.nextOccurrences.first)
            #expect(next.tags == ["home", "Q4-Planning"])
            if !otherSyncsFirst { try first.sync() }
            try Self.otherClientCompletes(server, uid: todo.uid, copyUID: "1dab84eac4514395b9fcc11d5f3896bd@vm")
            let summary = try first.sync()
            #expect(summary.conflicts == 0, "done here and done there is no conflict")
            #expect(summary.mergedOccurrences == 1)
            try second.sync()
            for device in [first, second] {
                #expect(try Self.open(device).map(\.uid) == ["1dab84eac4514395b9fcc11d5f3896bd@vm"])
                #expect(try Self.open(device).first?.due == "2026-12-15")
            }
            let onServer = try ServerTodos(server)
            #expect(onServer.open("Water plants").map(\.uid) == ["1dab84eac4514395b9fcc11d5f3896bd@vm"])
            #expect(onServer.done("Water plants").map(\.uid) == [todo.uid])
            // Settled: nothing more goes either way.
            let again = try first.sync()
            #expect(again.sentChanges + again.sentDeletions + again.receivedNew + again.receivedChanges == 0)
        }
    }

    @Test("two other clients complete the same occurrence: Tick keeps the copy with the least UID, on the server too")
    func twoOthers() throws {
        try SyncEngineTests.withDevices { server, first, second in
            let todo = try Self.series(first, second)
            try Self.otherClientCompletes(server, uid: todo.uid, copyUID: "b-copy@laptop")
            try Self.otherClientCompletes(server, uid: todo.uid, copyUID: nil, completed: "20261208T110000Z")
            let collection = try #require(try ServerTodos(server).items.first { $0.todo.uid == todo.uid }).collection
            try Self.otherClientAdds(server, in: collection, uid: "a-copy@phone", due: "20261215")
            #expect(try first.sync().mergedOccurrences == 1)
            try second.sync()
            #expect(try Self.open(first).map(\.uid) == ["a-copy@phone"])
            #expect(try Self.open(second).map(\.uid) == ["a-copy@phone"])
            #expect(try ServerTodos(server).open("Water plants").map(\.uid) == ["a-copy@phone"])
        }
    }

    @Test("todos that only look alike are kept: another due, another title, no done occurrence before them")
    func lookalikesKept() throws {
        try SyncEngineTests.withDevices { server, first, second in
            let todo = try Self.series(first, second)
            let next = try #require(try first.store.setDoneReportingNext(true, ids: [todo.id]).value.nextOccurrences.first)
            try first.sync()
            let collection = try #require(try ServerTodos(server).items.first { $0.todo.uid == todo.uid }).collection
            // Another due; another title; a series of its own with no done occurrence before it.
            try Self.otherClientAdds(server, in: collection, uid: "later@phone", due: "20261222")
            try Self.otherClientAdds(server, in: collection, uid: "other@phone", due: "20261215", title: "Water the garden")
            try Self.otherClientAdds(server, in: collection, uid: "fresh@phone", due: "20270105", title: "Feed the cat")
            try Self.otherClientAdds(server, in: collection, uid: "fresh-too@phone", due: "20270105", title: "Feed the cat")
            let summary = try first.sync()
            #expect(summary.mergedOccurrences == 0)
            #expect(try Self.open(first).map(\.uid).sorted() == ["later@phone", next.uid].sorted())
            #expect(try Self.open(first, "Feed the cat").count == 2)
            #expect(try ServerTodos(server).items.count == 6)
        }
    }
}
