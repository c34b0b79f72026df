import CalDAV
import Foundation
import TodoSync

/// What the server holds, read with Tick's reader: every item of every todo collection of the test
/// user, for checks that no copy was made or lost.
struct ServerTodos {
    /// Each item's href, ETag, text and todo.
    struct Item {
        var collection: ServerURL
        var href: String
        var etag: String
        var text: String
        var todo: CalendarTodo
    }

    var items: [Item]

    /// Reads every item now on `server`.
    init(_ server: RadicaleServer) throws {
        let client = try server.client()
        items = []
        for calendar in try client.discoverCalendars(at: server.homeURL) where calendar.supportsTodos {
            let hrefs = try client.listItems(in: calendar.url).map(\.href)
            for item in try client.multiget(hrefs, in: calendar.url) {
                for todo in try VTodoRewriter(zone: .fromEnvironment).read(item.calendarData) {
                    items.append(Item(collection: calendar.url, href: item.href, etag: item.etag, text: item.calendarData, todo: todo))
                }
            }
        }
    }

    /// The open todos titled `title`.
    func open(_ title: String) -> [CalendarTodo] { items.map(\.todo).filter { $0.title == title && !$0.isDone } }

    /// The done todos titled `title`.
    func done(_ title: String) -> [CalendarTodo] { items.map(\.todo).filter { $0.title == title && $0.isDone } }
}
