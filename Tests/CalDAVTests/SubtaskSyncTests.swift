import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Subtasks through a real Radicale between two devices, and from other clients' hand-written
/// VTODOs: RELATED-TO both ways, a subtask before its parent, a parent deleted elsewhere, a loop
/// from a broken client, and a parent in another collection.
@Suite("Subtasks synced through Radicale", .serialized)
struct SubtaskSyncTests {
    typealias Device = SyncEngineTests.Device

    /// The todos of list `name` in order, indented two spaces per level.
    static func outline(_ device: Device, _ name: String = "Inbox") throws -> [String] {
        let listID = try device.list(name)
        return try device.store.flatOrder().filter { $0.listID == listID }.map {
            String(repeating: "  ", count: try device.store.depth(of: $0.id)) + $0.title
        }
    }

    /// A VTODO item as another client writes it; `relation` is its whole RELATED-TO line, if any.
    static func item(uid: String, title: String, relation: String?, prodID: String) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(prodID)", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261130T090000Z",
                     "CREATED:20261130T090000Z", "SUMMARY:\(title)", "STATUS:NEEDS-ACTION"]
        if let relation { lines.append(relation) }
        lines += ["END:VTODO", "END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Puts `text` into the collection of list `listName` of `device` (synced already) as `name`.ics.
    static func put(_ text: String, named name: String, in listName: String = "Inbox", of device: Device,
                    on server: TestServer) throws -> ServerURL {
        let listID = try device.list(listName)
        let collection = try #require(try device.store.syncCollections().first { $0.listID == listID })
        let url = try server.homeURL.resolving(collection.href + name + ".ics")
        _ = try server.client().create(text, at: url)
        return url
    }

    @Test("an outline made on one device arrives whole on the other, as RELATED-TO;RELTYPE=PARENT, and indenting there comes back")
    func outlineBothWays() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            let trip = try first.store.add(title: "Trip").value
            try first.store.add(titles: ["Groceries"], after: trip.id)
            let hotel = try first.store.addSubtask(title: "Hotel", toParent: trip.id).value
            try first.store.addSubtask(title: "Pay deposit", toParent: hotel.id)
            try first.store.addSubtask(title: "Flights", toParent: trip.id)
            try first.sync()
            try second.sync()
            let expected = ["Trip", "  Hotel", "    Pay deposit", "  Flights", "Groceries"]
            #expect(try Self.outline(second) == expected)
            let collection = try #require(try first.store.syncCollections().first)
            let synced = try #require(try first.store.syncedItems(inCollection: collection.href).first { $0.uid == hotel.uid })
            #expect(synced.base.contains("RELATED-TO;RELTYPE=PARENT:\(trip.uid)\r\n"))

            try second.store.indent(id: second.todo("Groceries").id)
            try second.store.outdent(id: second.todo("Pay deposit").id)
            try second.sync()
            try first.sync()
            #expect(try Self.outline(first) == ["Trip", "  Hotel", "  Pay deposit", "  Flights", "  Groceries"])
            try SyncEngineTests.agree(server, first, second)
        }
    }

    @Test("Nextcloud Tasks' RELATED-TO without RELTYPE and tasks.org's with RELTYPE=PARENT: a subtask that arrives before its parent goes under it when the parent comes")
    func otherClientsSubtasks() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, _ in
            try first.sync()
            _ = try Self.put(Self.item(uid: "nc-child", title: "Buy tickets", relation: "RELATED-TO:nc-parent",
                                       prodID: "-//Nextcloud Tasks v0.16.1"), named: "nc-child", of: first, on: server)
            _ = try Self.put(Self.item(uid: "org-child", title: "Pack bags", relation: "RELATED-TO;RELTYPE=PARENT:org-parent",
                                       prodID: "+//IDN tasks.org//android-140300//EN"), named: "org-child", of: first, on: server)
            try first.sync()
            #expect(try Self.outline(first).sorted() == ["Buy tickets", "Pack bags"])
            _ = try Self.put(Self.item(uid: "nc-parent", title: "Concert", relation: nil, prodID: "-//Nextcloud Tasks v0.16.1"),
                             named: "nc-parent", of: first, on: server)
            _ = try Self.put(Self.item(uid: "org-parent", title: "Holiday", relation: nil, prodID: "+//IDN tasks.org//android-140300//EN"),
                             named: "org-parent", of: first, on: server)
            try first.sync()
            let outline = try Self.outline(first)
            #expect(outline.contains("Concert") && outline.contains("Holiday"))
            #expect(outline[outline.firstIndex(of: "Concert")! + 1] == "  Buy tickets", "\(outline)")
            #expect(outline[outline.firstIndex(of: "Holiday")! + 1] == "  Pack bags", "\(outline)")
        }
    }

    @Test("a parent deleted on another device lifts its subtasks here, loses none, and tells the server")
    func parentDeletedElsewhere() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, second in
            let trip = try first.store.add(title: "Trip").value
            try first.store.addSubtask(title: "Flights", toParent: trip.id)
            try first.sync()
            try second.sync()
            // The other device deletes only the parent (as a client without subtasks would).
            let collection = try #require(try second.store.syncCollections().first)
            let synced = try #require(try second.store.syncedItems(inCollection: collection.href).first { $0.uid == trip.uid })
            try server.client().delete(try server.homeURL.resolving(synced.href), ifMatch: nil)
            let summary = try first.sync()
            #expect(summary.receivedDeletions == 1)
            #expect(try Self.outline(first) == ["Flights"])
            try second.sync()
            #expect(try Self.outline(second) == ["Flights"])
            let flights = try #require(try second.store.syncedItems(inCollection: collection.href).first)
            #expect(!flights.base.contains("RELATED-TO"))
        }
    }

    @Test("a loop of parents from a broken client is refused for the loop only: every todo arrives, the other relations hold")
    func loopFromABrokenClient() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, _ in
            try first.sync()
            for (uid, title, parent) in [("a", "Alpha", "b"), ("b", "Beta", "a"), ("c", "Gamma", "a")] {
                _ = try Self.put(Self.item(uid: uid, title: title, relation: "RELATED-TO;RELTYPE=PARENT:\(parent)", prodID: "-//Broken//EN"),
                                 named: uid, of: first, on: server)
            }
            try first.sync()
            let alpha = try first.todo("Alpha"), beta = try first.todo("Beta"), gamma = try first.todo("Gamma")
            // One of the two relations of the loop holds, the other does not; Gamma stays under Alpha.
            let alphaUnderBeta = try first.store.parentID(of: alpha.id) == beta.id
            let betaUnderAlpha = try first.store.parentID(of: beta.id) == alpha.id
            #expect(alphaUnderBeta != betaUnderAlpha)
            #expect(try first.store.parentID(of: gamma.id) == alpha.id)
            #expect(try first.store.ancestorIDs(of: alpha.id).count < 3 && first.store.ancestorIDs(of: beta.id).count < 3)
        }
    }

    @Test("a parent in another collection: shown at the top here, and the relation stays byte for byte on the server through an edit")
    func parentInAnotherCollection() throws {
        try SyncEngineTests.withDevices(on: .radicale) { server, first, _ in
            _ = try first.store.add(title: "Project", listID: first.list("Work"))
            try first.sync()
            let project = try first.todo("Project")
            let url = try Self.put(Self.item(uid: "elsewhere", title: "Call the printer", relation: "RELATED-TO:\(project.uid)",
                                             prodID: "-//Nextcloud Tasks v0.16.1"), named: "elsewhere", of: first, on: server)
            try first.sync()
            #expect(try Self.outline(first) == ["Call the printer"])
            #expect(try first.todo("Call the printer").parentUID == project.uid)
            _ = try first.store.update(id: first.todo("Call the printer").id, title: "Call the print shop")
            try first.sync()
            let stored = try server.client().get(url).calendarData
            #expect(stored.contains("SUMMARY:Call the print shop\r\n"))
            #expect(stored.contains("RELATED-TO:\(project.uid)\r\n"))
        }
    }
}
