import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TickApp
@testable import TodoSync

/// The conflict rules of the sync, one row each, played by two devices through one real server
/// (Radicale, then Xandikos) with clocks the test sets: "here" is the first device, which syncs last and so decides; "there"
/// is the second, whose change reaches the server first (or, for the 412 rows, while the first
/// device's sync is between its pull and its push).
@Suite("Conflict rules against Radicale and Xandikos", .serialized)
struct ConflictRuleTests {
    /// A clock a test sets; a device's store (its modification times) and its engine read it.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var time: Date
        init(_ time: Date) { self.time = time }
        var now: Date {
            get { lock.withLock { time } }
            set { lock.withLock { time = newValue } }
        }
    }

    /// A device: a store in its own file, with its own clock.
    final class Device {
        let path: String
        let store: TodoStore
        let clock = Clock(ConflictRuleTests.start)
        let client: CalDAVClient
        let home: ServerURL

        /// A device syncing with `server`, or through the address `home` (a proxy's) when given.
        init(_ path: String, server: TestServer, home: ServerURL? = nil) throws {
            self.path = path
            let clock = self.clock
            store = try TodoStore(path: path, clock: { clock.now })
            client = try server.client()
            self.home = home ?? server.homeURL
        }

        @discardableResult
        func sync(betweenPullAndPush: (() throws -> Void)? = nil) throws -> SyncSummary {
            let clock = self.clock
            let engine = SyncEngine(store: store, client: client, home: home, zone: .fromEnvironment, now: { clock.now })
            engine.betweenPullAndPush = betweenPullAndPush
            return try engine.sync()
        }

        /// The one todo of the test, if it is there.
        func todo() throws -> TodoItem? { try store.flatOrder().first }

        func edit(_ edit: Edit, minutes: Int) throws {
            clock.now = ConflictRuleTests.start.addingTimeInterval(Double(minutes * 60))
            let todo = try #require(try self.todo())
            switch edit {
            case .title(let title): _ = try store.update(id: todo.id, title: title)
            case .notes(let notes): _ = try store.update(id: todo.id, notes: notes)
            case .delete: _ = try store.delete(ids: [todo.id])
            case .move(let list, let title):
                let listID = try store.lists().first { $0.name == list }?.id ?? store.addList(named: list).value.id
                _ = try store.move(ids: [todo.id], toList: listID)
                if let title { _ = try store.update(id: todo.id, title: title) }
            }
            // The sync comes later than the change: what goes up must be the change's time, not the sync's.
            clock.now = clock.now.addingTimeInterval(30)
        }
    }

    /// A change to the todo; `move` puts it into another list (made when missing), with a new title when given.
    enum Edit: Sendable {
        case title(String), notes(String), delete
        case move(String, title: String? = nil)
    }

    /// One rule: the change here and its minute, the change there and its minute, and what both
    /// devices and the server end with (`title` nil: gone everywhere), the LAST-MODIFIED they
    /// agree on, and the conflict lines `tick sync --status` prints here.
    struct Rule: CustomTestStringConvertible, Sendable {
        var name: String
        var here: Edit, hereAt: Int
        var there: Edit, thereAt: Int
        /// The change there is made and synced between this device's pull and push (a 412 at the push).
        var thereDuringPush = false
        var title: String?
        var notes = ""
        /// The list the todo ends in, on both devices, and the collection of its one item on the server.
        var list = "Inbox"
        var modifiedAt = 0
        var conflicts: [String] = []
        var testDescription: String { name }
    }

    static let start = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01 10:00:00 UTC

    static let rules: [Rule] = [
        Rule(name: "different fields changed on both sides: both changes kept, no conflict",
             here: .notes("Oat, not cow"), hereAt: 5, there: .title("Buy oat milk"), thereAt: 10,
             title: "Buy oat milk", notes: "Oat, not cow", modifiedAt: 10),
        Rule(name: "same field, this device's change later: it wins",
             here: .title("Buy soy milk"), hereAt: 10, there: .title("Buy oat milk"), thereAt: 5, title: "Buy soy milk", modifiedAt: 10,
             conflicts: ["«Buy soy milk»: title — kept this device's (later) change, the server's «Buy oat milk» lost"]),
        Rule(name: "same field, the server's change later: it wins, though it reached the server first",
             here: .title("Buy soy milk"), hereAt: 10, there: .title("Buy oat milk"), thereAt: 15, title: "Buy oat milk", modifiedAt: 15,
             conflicts: ["«Buy oat milk»: title — kept the server's (later) change, this device's «Buy soy milk» lost"]),
        Rule(name: "same field, same second: a tie goes to the server",
             here: .title("Buy soy milk"), hereAt: 5, there: .title("Buy oat milk"), thereAt: 5, title: "Buy oat milk", modifiedAt: 5,
             conflicts: ["«Buy oat milk»: title — kept the server's change (same time: the server's wins a tie), this device's «Buy soy milk» lost"]),
        Rule(name: "deleted here, edited there earlier: the edit wins and the todo comes back",
             here: .delete, hereAt: 10, there: .title("Buy oat milk"), thereAt: 5, title: "Buy oat milk", modifiedAt: 5,
             conflicts: ["«Buy oat milk»: deleted here, edited on the server: kept the edit, the deletion lost"]),
        Rule(name: "edited here, deleted there later: the edit wins and the todo is made again on the server",
             here: .title("Buy soy milk"), hereAt: 5, there: .delete, thereAt: 10, title: "Buy soy milk", modifiedAt: 5,
             conflicts: ["«Buy soy milk»: deleted on the server, edited here: kept the edit, the deletion lost"]),
        Rule(name: "deleted on both sides: gone everywhere, no error, no conflict",
             here: .delete, hereAt: 5, there: .delete, thereAt: 10, title: nil),
        Rule(name: "the same change on both sides: no conflict",
             here: .title("Buy oat milk"), hereAt: 5, there: .title("Buy oat milk"), thereAt: 10, title: "Buy oat milk", modifiedAt: 10),
        Rule(name: "changed on the server between pull and push, the server's later: the 412 is merged and the server's change wins",
             here: .title("Buy soy milk"), hereAt: 5, there: .title("Buy oat milk"), thereAt: 10, thereDuringPush: true,
             title: "Buy oat milk", modifiedAt: 10,
             conflicts: ["«Buy oat milk»: title — kept the server's (later) change, this device's «Buy soy milk» lost"]),
        Rule(name: "changed on the server between pull and push, this device's later: the 412 is merged and this device's change wins",
             here: .title("Buy soy milk"), hereAt: 10, there: .title("Buy oat milk"), thereAt: 5, thereDuringPush: true,
             title: "Buy soy milk", modifiedAt: 10,
             conflicts: ["«Buy soy milk»: title — kept this device's (later) change, the server's «Buy oat milk» lost"]),
        Rule(name: "changed on the server between pull and push in the same second: the 412 is merged and a tie goes to the server, as at a pull",
             here: .title("Buy soy milk"), hereAt: 5, there: .title("Buy oat milk"), thereAt: 5, thereDuringPush: true,
             title: "Buy oat milk", modifiedAt: 5,
             conflicts: ["«Buy oat milk»: title — kept the server's change (same time: the server's wins a tie), this device's «Buy soy milk» lost"]),
        Rule(name: "another field changed on the server between pull and push: the 412 is merged and both changes are kept, no conflict",
             here: .notes("Oat, not cow"), hereAt: 5, there: .title("Buy oat milk"), thereAt: 10, thereDuringPush: true,
             title: "Buy oat milk", notes: "Oat, not cow", modifiedAt: 10),
        Rule(name: "edited here, deleted on the server between pull and push: the PUT's 412 keeps the edit and the todo is made again, as at a pull",
             here: .title("Buy soy milk"), hereAt: 10, there: .delete, thereAt: 5, thereDuringPush: true, title: "Buy soy milk", modifiedAt: 10,
             conflicts: ["«Buy soy milk»: deleted on the server, edited here: kept the edit, the deletion lost"]),
        Rule(name: "deleted here, edited on the server between pull and push: the DELETE's 412 keeps the edit and the todo comes back, as at a pull",
             here: .delete, hereAt: 10, there: .title("Buy oat milk"), thereAt: 5, thereDuringPush: true, title: "Buy oat milk", modifiedAt: 5,
             conflicts: ["«Buy oat milk»: deleted here, edited on the server: kept the edit, the deletion lost"]),
        Rule(name: "moved to another list here, edited there: both kept, the todo arrives moved with the edit, as one item",
             here: .move("Work"), hereAt: 10, there: .title("Buy oat milk"), thereAt: 5, title: "Buy oat milk", list: "Work", modifiedAt: 10),
        Rule(name: "moved to another list here, edited on the server between pull and push: the DELETE's 412 is merged and the todo arrives moved with the edit",
             here: .move("Work"), hereAt: 10, there: .title("Buy oat milk"), thereAt: 5, thereDuringPush: true,
             title: "Buy oat milk", list: "Work", modifiedAt: 10),
        Rule(name: "moved and retitled here, retitled on the server between pull and push later: the DELETE's 412 is merged, the server's title wins, the todo stays moved",
             here: .move("Work", title: "Buy soy milk"), hereAt: 10, there: .title("Buy oat milk"), thereAt: 15, thereDuringPush: true,
             title: "Buy oat milk", list: "Work", modifiedAt: 15,
             conflicts: ["«Buy oat milk»: title — kept the server's (later) change, this device's «Buy soy milk» lost"]),
        Rule(name: "moved to another list here, deleted on the server between pull and push: the move wins and the todo is made again in its new list, as at a pull",
             here: .move("Work"), hereAt: 10, there: .delete, thereAt: 5, thereDuringPush: true, title: "Buy milk", list: "Work", modifiedAt: 10,
             conflicts: ["«Buy milk»: deleted on the server, edited here: kept the edit, the deletion lost"]),
        Rule(name: "moved to another list here, deleted there earlier: the move wins and the todo is made again in its new list",
             here: .move("Work"), hereAt: 10, there: .delete, thereAt: 5, title: "Buy milk", list: "Work", modifiedAt: 10,
             conflicts: ["«Buy milk»: deleted on the server, edited here: kept the edit, the deletion lost"]),
        Rule(name: "moved to two other lists, here later: this device's list wins, as one item in its collection",
             here: .move("Work"), hereAt: 10, there: .move("Home"), thereAt: 5, title: "Buy milk", list: "Work", modifiedAt: 10,
             conflicts: ["«Buy milk»: list — kept this device's (later) change, the server's «Home» lost"]),
        Rule(name: "moved to two other lists, the other between pull and push, here later: the DELETE's 404 pulls again, this device's list wins, one item",
             here: .move("Work"), hereAt: 10, there: .move("Home"), thereAt: 5, thereDuringPush: true, title: "Buy milk", list: "Work", modifiedAt: 10,
             conflicts: ["«Buy milk»: list — kept this device's (later) change, the server's «Home» lost"]),
        Rule(name: "moved to two other lists, the other between pull and push and later: the DELETE's 404 pulls again, the server's list wins, one item",
             here: .move("Work"), hereAt: 10, there: .move("Home"), thereAt: 15, thereDuringPush: true, title: "Buy milk", list: "Home", modifiedAt: 15,
             conflicts: ["«Buy milk»: list — kept the server's (later) change, this device's «Work» lost"]),
    ]

    @Test("a todo changed on both devices ends as the rule says, on both devices and the server, and --status names the change that lost",
          arguments: CalDAVServerKind.allCases, rules)
    func rule(on kind: CalDAVServerKind, _ rule: Rule) throws {
        try Self.withDevices(on: kind) { server, here, there in
            _ = try here.store.add(title: "Buy milk")
            try here.sync()
            try there.sync()
            let uid = try #require(try here.todo()).uid

            try here.edit(rule.here, minutes: rule.hereAt)
            let thereChanges = { try there.edit(rule.there, minutes: rule.thereAt); try there.sync() }
            if !rule.thereDuringPush { try thereChanges() }
            let summary = try here.sync(betweenPullAndPush: rule.thereDuringPush ? thereChanges : nil)
            #expect(summary.conflicts == rule.conflicts.count)
            try there.sync()
            try here.sync()

            let modified = Self.start.addingTimeInterval(Double(rule.modifiedAt * 60))
            for device in [here, there] {
                #expect(try device.store.pendingSyncChanges() == [])
                guard let title = rule.title else {
                    #expect(try device.todo() == nil)
                    continue
                }
                let todo = try #require(try device.todo())
                #expect(todo.uid == uid && todo.title == title && todo.notes == rule.notes)
                #expect(try device.store.lists().first { $0.id == todo.listID }?.name == rule.list)
                // Received or sent, the todo's time is the LAST-MODIFIED on the server.
                #expect(try device.store.modificationDate(ofTodo: todo.id) == modified)
            }
            let onServer = try Self.serverTodos(server)
            #expect(onServer.map(\.title) == (rule.title.map { [$0] } ?? []))
            #expect(onServer.map(\.listName) == (rule.title == nil ? [] : [rule.list]))
            #expect(onServer.map(\.lastModified) == (rule.title == nil ? [] : [modified]))

            let status = SyncCommandTests.tick(["sync", "--status"], database: here.path, config: "sync url \(server.homeURL.absoluteString)\n",
                                               environment: [:])
            // Recorded at this device's sync, by its clock, and said in the user's time zone.
            let minute = String(format: "%02d", rule.hereAt)
            let lines = status.output.split(separator: "\n").filter { $0.hasPrefix("conflict ") }
            #expect(lines.map { $0.drop { $0 != "«" } }.map(String.init) == rule.conflicts)
            #expect(lines.allSatisfy { $0.hasPrefix("conflict 2026-12-01 10:\(minute): ") })
            let honolulu = try #require(LocalTime(zoneNamed: "Pacific/Honolulu"))
            let inHonolulu = SyncCommandTests.tick(["sync", "--status"], database: here.path, config: "sync url \(server.homeURL.absoluteString)\n",
                                                   environment: [:], localTime: honolulu)
            let honoluluLines = inHonolulu.output.split(separator: "\n").filter { $0.hasPrefix("conflict ") }
            #expect(honoluluLines.count == lines.count)
            #expect(honoluluLines.allSatisfy { $0.hasPrefix("conflict 2026-12-01 00:\(minute): ") })
            #expect(try there.store.syncConflicts(limit: 5) == [])
        }
    }

    @Test("a conflict on a title with control characters is printed by --status with placeholders, never the characters")
    func controlCharactersInConflicts() throws {
        try Self.withDevices { server, here, there in
            _ = try here.store.add(title: "Buy milk")
            try here.sync()
            try there.sync()
            // Only this device's value can hold them: a VTODO's text cannot.
            try there.edit(.title("Buy oat milk"), minutes: 10)
            try there.sync()
            try here.edit(.title("Buy \u{1B}[2Jsoy\u{7} milk"), minutes: 5)
            try here.sync()
            let status = SyncCommandTests.tick(["sync", "--status"], database: here.path, config: "sync url \(server.homeURL.absoluteString)\n",
                                               environment: [:])
            #expect(status.output.contains("«Buy oat milk»: title — kept the server's (later) change, this device's «Buy ␛[2Jsoy␇ milk» lost"))
            #expect(!status.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }

    /// Two devices with their clocks at `start`, in a scratch folder, syncing with a fresh server of `kind`.
    static func withDevices(on kind: CalDAVServerKind = .radicale, _ body: (TestServer, Device, Device) throws -> Void) throws {
        try withServer(kind) { server in
            let scratch = try ScratchFolder("conflicts")
            let folder = scratch.url
            let here = try Device(folder.appendingPathComponent("here.db").path, server: server)
            let there = try Device(folder.appendingPathComponent("there.db").path, server: server)
            defer { here.store.close(); there.store.close() }
            try body(server, here, there)
        }
    }

    /// Every todo on the server, across its collections, each with its collection's name as `listName`.
    static func serverTodos(_ server: TestServer) throws -> [CalendarTodo] {
        let client = try server.client()
        var todos: [CalendarTodo] = []
        for calendar in try client.discoverCalendars(at: server.homeURL) where calendar.supportsTodos {
            let hrefs = try client.listItems(in: calendar.url).map(\.href)
            guard !hrefs.isEmpty else { continue }
            for item in try client.multiget(hrefs, in: calendar.url) {
                todos += try VTodoRewriter(zone: .fromEnvironment).read(item.calendarData).map { todo in
                    var todo = todo
                    todo.listName = calendar.listName
                    return todo
                }
            }
        }
        return todos
    }
}
