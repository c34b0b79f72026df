import CalDAV
import Testing

@Suite("CalDAV discovery on Radicale")
struct DiscoveryTests {
    @Test("Discovery from the server's root follows the principal to the calendar home and lists a new calendar with its name")
    func fromRoot() throws {
        try withRadicale { server in
            let client = try server.client()
            let collection = server.newCollectionURL()
            try client.makeCalendar(at: collection, displayName: "Errands & <chores>")
            let calendars = try client.discoverCalendars(at: server.rootURL)
            #expect(calendars.map(\.url) == [collection])
            #expect(calendars.first?.displayName == "Errands & <chores>")
            #expect(calendars.first?.supportedComponents == ["VTODO"])
            #expect(calendars.first?.syncToken?.isEmpty == false)
        }
    }

    @Test("Discovery from a collection's own URL returns that collection alone")
    func fromCollection() throws {
        try withRadicale { server in
            let client = try server.client()
            let wanted = server.newCollectionURL()
            try client.makeCalendar(at: wanted, displayName: "Work")
            try client.makeCalendar(at: server.newCollectionURL(), displayName: "Home")
            #expect(try client.discoverCalendars(at: wanted).map(\.url) == [wanted])
            #expect(try client.discoverCalendars(at: server.rootURL).count == 2)
        }
    }

    @Test("A calendar that holds only events is not listed, from the root or from its own URL")
    func eventsOnlyCalendarIsLeftOut() throws {
        try withRadicale { server in
            let client = try server.client()
            let events = server.newCollectionURL("events")
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
                <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
                </D:prop></D:set></C:mkcalendar>
                """
            let response = try client.http.send(HTTPRequest(method: "MKCALENDAR", url: events, body: Array(body.utf8)))
            #expect(response.status == 201)
            let todos = server.newCollectionURL("todos")
            try client.makeCalendar(at: todos, displayName: "Todos")
            #expect(try client.discoverCalendars(at: server.rootURL).map(\.url) == [todos])
            #expect(try client.discoverCalendars(at: events).isEmpty)
        }
    }
}
