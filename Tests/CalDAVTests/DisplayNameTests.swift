import CalDAV
import Testing

@Suite("CalDAV collection renames on Radicale")
struct DisplayNameTests {
    @Test("Setting a collection's display name renames it for discovery, with XML's special characters kept")
    func renamesCollection() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Work")
            try client.setDisplayName("Errands & <chores>", of: collection)
            #expect(try client.discoverCalendars(at: server.homeURL).map(\.displayName) == ["Errands & <chores>"])
        }
    }

    @Test("Renaming a collection that is not there is a typed not-found error, not a silent success")
    func missingCollection() throws {
        try withRadicale { server in
            let client = try server.client()
            #expect(throws: CalDAVError.self) { try client.setDisplayName("Work", of: server.newCollectionURL("gone")) }
        }
    }
}
