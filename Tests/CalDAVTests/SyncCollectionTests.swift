import CalDAV
import Testing

@Suite("CalDAV sync-collection on Radicale")
struct SyncCollectionTests {
    @Test("After 100 items, changing one gives a report with that one item only; deleting one reports it removed")
    func onlyWhatChanged() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Many")
            var etags: [String] = []
            for index in 0..<100 {
                etags.append(try client.create(todoCalendar(uid: "uid-\(index)", summary: "Item \(index)"), at: collection.item("\(index).ics")))
            }
            let everything = try client.changes(in: collection, since: nil)
            #expect(everything.changed.count == 100)
            #expect(everything.removed.isEmpty)

            let changedItem = collection.item("42.ics")
            let newETag = try client.update(todoCalendar(uid: "uid-42", summary: "Changed"), at: changedItem, ifMatch: etags[42])
            let before = client.http.requestCount
            let changes = try client.changes(in: collection, since: everything.syncToken)
            #expect(client.http.requestCount - before == 1)
            #expect(changes.changed == [ItemVersion(href: changedItem.path, etag: newETag)])
            #expect(changes.removed.isEmpty)
            #expect(changes.syncToken != everything.syncToken)
            #expect(!changes.isTruncated)

            try client.delete(collection.item("7.ics"), ifMatch: etags[7])
            let afterDelete = try client.changes(in: collection, since: changes.syncToken)
            #expect(afterDelete.changed.isEmpty)
            #expect(afterDelete.removed == [collection.item("7.ics").path])

            #expect(try client.changes(in: collection, since: afterDelete.syncToken) == CollectionChanges(
                changed: [], removed: [], syncToken: afterDelete.syncToken, isTruncated: false))
        }
    }

    @Test("A token the server does not know gives the typed 'token invalid' error", arguments: [
        "http://radicale.org/ns/sync/0000000000000000000000000000000000000000000000000000000000000000",
        "not-a-token",
    ])
    func invalidToken(token: String) throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Tokens")
            _ = try client.create(todoCalendar(uid: "a", summary: "A"), at: collection.item("a.ics"))
            #expect(caught { try client.changes(in: collection, since: token) } == .syncTokenInvalid)
        }
    }
}
