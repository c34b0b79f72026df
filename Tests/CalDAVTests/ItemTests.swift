import CalDAV
import Testing

@Suite("CalDAV items on Radicale")
struct ItemTests {
    @Test("A create puts the item once; a second create of the same href fails with 412 and leaves the first")
    func createOnlyOnce() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Errands")
            let item = collection.item("milk.ics")
            let etag = try client.create(todoCalendar(uid: "milk", summary: "Milk"), at: item)
            #expect(!etag.isEmpty)
            #expect(caught { try client.create(todoCalendar(uid: "milk", summary: "Other"), at: item) } == .preconditionFailed(path: item.path))
            let stored = try client.get(item)
            #expect(stored.etag == etag)
            #expect(stored.calendarData.contains("SUMMARY:Milk"))
        }
    }

    @Test("An update with the current ETag replaces the item and returns a new ETag; one with a stale ETag fails with 412")
    func updateIfMatch() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Errands")
            let item = collection.item("bread.ics")
            let first = try client.create(todoCalendar(uid: "bread", summary: "Bread"), at: item)
            let second = try client.update(todoCalendar(uid: "bread", summary: "Rye bread"), at: item, ifMatch: first)
            #expect(second != first)
            #expect(try client.get(item).calendarData.contains("SUMMARY:Rye bread"))
            #expect(caught { try client.update(todoCalendar(uid: "bread", summary: "Lost"), at: item, ifMatch: first) }
                    == .preconditionFailed(path: item.path))
            #expect(try client.get(item).calendarData.contains("SUMMARY:Rye bread"))
        }
    }

    @Test("A delete with a stale ETag fails with 412 and keeps the item; with the current one it removes it")
    func deleteIfMatch() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Errands")
            let item = collection.item("eggs.ics")
            let first = try client.create(todoCalendar(uid: "eggs", summary: "Eggs"), at: item)
            let second = try client.update(todoCalendar(uid: "eggs", summary: "Six eggs"), at: item, ifMatch: first)
            #expect(caught { try client.delete(item, ifMatch: first) } == .preconditionFailed(path: item.path))
            #expect(try client.get(item).etag == second)
            try client.delete(item, ifMatch: second)
            #expect(caught { try client.get(item) } == .notFound(path: item.path))
        }
    }

    @Test("A multiget reads many items in one request per batch and leaves out hrefs the server does not have")
    func multiget() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Errands")
            var etags: [String: String] = [:]
            for index in 0..<5 {
                etags[collection.item("item-\(index).ics").path] = try client.create(
                    todoCalendar(uid: "uid-\(index)", summary: "Item \(index)"), at: collection.item("item-\(index).ics"))
            }
            let hrefs = (0..<5).map { collection.item("item-\($0).ics").path } + [collection.item("missing.ics").path]
            let before = client.http.requestCount
            let items = try client.multiget(hrefs, in: collection, batchSize: 4)
            #expect(client.http.requestCount - before == 2)
            #expect(Set(items.map(\.href)) == Set(etags.keys))
            for item in items {
                #expect(item.etag == etags[item.href])
                let index = item.href.split(separator: "-").last!.prefix(1)
                #expect(item.calendarData.contains("UID:uid-\(index)"))
                #expect(item.calendarData.contains("BEGIN:VTODO"))
            }
        }
    }

    @Test("A full listing gives every item's href and current ETag, and not the collection itself")
    func listing() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Errands")
            var expected: Set<ItemVersion> = []
            for index in 0..<3 {
                let item = collection.item("item-\(index).ics")
                expected.insert(ItemVersion(href: item.path, etag: try client.create(todoCalendar(uid: "u\(index)", summary: "S"), at: item)))
            }
            #expect(Set(try client.listItems(in: collection)) == expected)
        }
    }
}
