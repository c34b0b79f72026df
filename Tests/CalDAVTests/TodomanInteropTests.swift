import CalDAV
import Foundation
import Testing
import TickTesting
import TodoStore
import TodoSync

/// Tick and the real todoman, which vdirsyncer syncs with the same Radicale (both from PyPI, in
/// `.build/venv`, which `make test` installs): two clients that complete one occurrence of a
/// recurring todo before syncing end with one next occurrence, on both and on the server, and
/// todoman's categories survive Tick's edits.
@Suite("Tick with todoman and vdirsyncer", .serialized)
struct TodomanInteropTests {
    /// todoman's side: a vdir (a folder of .ics files), synced with the server's collections by vdirsyncer.
    final class Todoman {
        let folder: URL
        let bin = RadicaleServer.root.appendingPathComponent(".build/venv/bin").path
        private var discovered = false

        init(server: RadicaleServer, folder: URL) throws {
            self.folder = folder
            for program in ["todo", "vdirsyncer"] where !FileManager.default.isExecutableFile(atPath: bin + "/" + program) {
                throw Failure("\(program) is not installed in .build/venv: `make test` (or `make interop-clients`) installs it")
            }
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("vdir"), withIntermediateDirectories: true)
            try """
                [general]
                status_path = "\(folder.path)/status/"
                [pair tasks]
                a = "tasks_local"
                b = "tasks_remote"
                collections = ["from b"]
                conflict_resolution = "b wins"
                [storage tasks_local]
                type = "filesystem"
                path = "\(folder.path)/vdir/"
                fileext = ".ics"
                [storage tasks_remote]
                type = "caldav"
                url = "\(server.homeURL.absoluteString)"
                username = "\(RadicaleServer.user)"
                password = "\(RadicaleServer.password)"
                item_types = ["VTODO"]

                """.write(to: folder.appendingPathComponent("vdirsyncer"), atomically: true, encoding: .utf8)
            try """
                path = "\(folder.path)/vdir/*"
                date_format = "%Y-%m-%d"
                time_format = "%H:%M"
                cache_path = "\(folder.path)/cache.sqlite3"

                """.write(to: folder.appendingPathComponent("todoman.py"), atomically: true, encoding: .utf8)
        }

        /// Runs a program of the venv; its standard output, or a failure with its standard error.
        @discardableResult
        func run(_ program: String, _ arguments: [String], input: String = "") throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: bin + "/" + program)
            process.arguments = arguments
            // Nothing of the person running the tests: their config, cache and home stay out of it.
            process.environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "XDG_CACHE_HOME": folder.path,
                                   "XDG_DATA_HOME": folder.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            let errors = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure("\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                              + String(decoding: errors + output, as: UTF8.self))
            }
            return String(decoding: output, as: UTF8.self)
        }

        /// `vdirsyncer sync` (after `discover` the first time, which makes the local folders).
        func sync() throws {
            let config = folder.appendingPathComponent("vdirsyncer").path
            if !discovered {
                try run("vdirsyncer", ["-c", config, "discover"], input: String(repeating: "y\n", count: 10))
                discovered = true
            }
            try run("vdirsyncer", ["-c", config, "sync"])
        }

        /// `todo --porcelain list`: the open todos, as todoman's JSON.
        func openTodos() throws -> [[String: Any]] {
            let text = try run("todo", ["-c", folder.appendingPathComponent("todoman.py").path, "--porcelain", "list"])
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        }

        /// The text of every file in the vdir, for failure messages.
        func files() throws -> String {
            let vdir = folder.appendingPathComponent("vdir")
            var text = ""
            for collection in try FileManager.default.contentsOfDirectory(atPath: vdir.path) {
                let path = vdir.appendingPathComponent(collection)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? [] where name.hasSuffix(".ics") {
                    text += "== \(collection)/\(name)\n" + (try String(contentsOf: path.appendingPathComponent(name), encoding: .utf8))
                }
            }
            return text
        }

        /// `todo done ID` for the open todo titled `title`.
        func complete(_ title: String) throws {
            let id = try #require(try openTodos().first { $0["summary"] as? String == title }?["id"] as? Int)
            try run("todo", ["-c", folder.appendingPathComponent("todoman.py").path, "done", String(id)])
        }
    }

    /// A Radicale server, a Tick device and todoman, in a scratch folder.
    static func withClients(_ body: (RadicaleServer, SyncEngineTests.Device, Todoman) throws -> Void) throws {
        try withRadicale { server in
            let scratch = try ScratchFolder("todoman")
            let folder = scratch.url
            let tick = try SyncEngineTests.Device(folder.appendingPathComponent("tick.db").path, home: server.homeURL, client: server.client())
            defer { tick.store.close() }
            try body(server, tick, try Todoman(server: server, folder: folder.appendingPathComponent("todoman")))
        }
    }

    @Test("Tick and todoman both complete one occurrence before syncing: one open next occurrence in both and on the server",
          arguments: ["todoman syncs first", "Tick syncs first"])
    func seriesConverges(order: String) throws {
        try Self.withClients { server, tick, todoman in
            let todo = try tick.store.add(title: "Water plants", due: "2026-12-08", recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY"),
                                          tags: ["home"]).value
            try tick.sync()
            try todoman.sync()
            #expect(try todoman.openTodos().map { $0["summary"] as? String } == ["Water plants"])

            // Both complete it, neither has synced since.
            _ = try tick.store.setDoneReportingNext(true, ids: [todo.id])
            try todoman.complete("Water plants")
            if order == "todoman syncs first" {
                try todoman.sync()
                #expect(try tick.sync().conflicts == 0)
            } else {
                try tick.sync()
                try todoman.sync()
                #expect(try tick.sync().conflicts == 0)
            }
            try todoman.sync()

            let open = try SeriesConvergenceTests.open(tick)
            #expect(open.count == 1 && open.first?.due == "2026-12-15" && open.first?.tags == ["home"], "\(open)")
            let theirs = try todoman.openTodos().filter { $0["summary"] as? String == "Water plants" }
            #expect(theirs.count == 1, "\(theirs)")
            let onServer = try ServerTodos(server)
            #expect(onServer.open("Water plants").map(\.uid) == open.map(\.uid))
            #expect(onServer.done("Water plants").map(\.uid) == [todo.uid])
            // Settled: another round changes nothing.
            try todoman.sync()
            let again = try tick.sync()
            #expect(again.sentChanges + again.sentDeletions + again.receivedNew + again.receivedChanges + again.receivedDeletions == 0, "\(again)")
        }
    }

    @Test("todoman's category with a space is #Q4-Planning in Tick, and stays Q4 Planning on the server when Tick adds a tag")
    func categoriesSurvive() throws {
        try Self.withClients { server, tick, todoman in
            _ = try tick.store.add(title: "Plan the quarter")
            try tick.sync()
            try todoman.sync()
            let id = try #require(try todoman.openTodos().first?["id"] as? Int)
            try todoman.run("todo", ["-c", todoman.folder.appendingPathComponent("todoman.py").path, "edit", String(id),
                                     "--category", "Q4 Planning", "--category", "Paperwork"])
            try todoman.sync()
            try tick.sync()
            let item = try tick.todo("Plan the quarter")
            #expect(item.tags == ["Q4-Planning", "Paperwork"])
            let query = SectionQuery(listID: item.listID, search: "#Q4-Planning")
            #expect(try tick.store.items(query, in: 0..<5).map(\.id) == [item.id])

            _ = try tick.store.update(id: item.id, tags: ["Q4-Planning", "Paperwork", "urgent"])
            try tick.sync()
            let text = try #require(try ServerTodos(server).items.first { $0.todo.title == "Plan the quarter" }).text
            #expect(text.contains("Q4 Planning") && !text.contains("Q4-Planning"), "\(text)")
            try todoman.sync()
            let listed = try todoman.openTodos()
            let categories = try #require(listed.first?["categories"] as? [String])
            let files = try todoman.files()
            #expect(Set(categories) == ["Q4 Planning", "Paperwork", "urgent"], "\(listed)\n\(files)")
        }
    }
}
