import CalDAV
import Foundation
import Testing
import TickApp
import TickTesting
import TodoStore
import TodoSync

/// The progress a sync reports (`SyncEngine.progress`), and `tick sync` drawing it only on a terminal.
@Suite("Sync progress", .serialized)
struct SyncProgressTests {
    @Test("A sync reports finding the collections, then the pull with the todos it receives, then the push with every change it sends, counting requests")
    func engineReportsPhases() throws {
        try SyncEngineTests.withDevices { server, first, second in
            for title in ["Pay rent", "Water plants", "Call Mom"] { _ = try first.store.add(title: title) }
            try first.sync()
            _ = try second.store.add(title: "Buy milk")
            var reports: [SyncProgress] = []
            let engine = SyncEngine(store: second.store, client: second.client, home: second.home, zone: .fromEnvironment)
            engine.progress = { reports.append($0) }
            let summary = try engine.sync()
            #expect(reports.first == SyncProgress(phase: .collections, requests: 0))
            // Phases come in order, and requests only grow.
            let phases = reports.map(\.phase)
            #expect(phases == phases.sorted { [.collections, .pull, .push].firstIndex(of: $0)! < [.collections, .pull, .push].firstIndex(of: $1)! })
            #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.requests <= $1.requests })
            let pull = reports.filter { $0.phase == .pull }
            #expect(pull.last?.itemsDone == 3 && pull.last?.itemsTotal == 3)
            #expect(pull.map(\.itemsDone) == [0, 0, 1, 2, 3])
            // The list's collection was adopted: its todo goes up, with the three already there skipped by the pull.
            let push = reports.filter { $0.phase == .push }
            #expect(push.first?.itemsDone == 0 && push.last?.itemsDone == push.last?.itemsTotal && (push.last?.itemsTotal ?? 0) >= 1)
            #expect(reports.last?.requests == summary.requests)
        }
    }

    /// Runs `tick sync` with standard error a terminal or not, the bar shown at once when it is one.
    static func tickSync(database: String, server: RadicaleServer, errorIsTerminal: Bool) -> (status: Int32, output: String, errors: String) {
        var output = "", errors = ""
        guard case let .command(command, rest, databasePath) = CommandLineTool.route(["--db", database, "sync"]) else {
            return (-1, "", "not a command")
        }
        let context = CommandContext(databasePath: databasePath, environment: ["TICK_SYNC_PASSWORD": RadicaleServer.password],
                                     today: .today, localTime: .fromEnvironment, write: { output += $0 }, writeError: { errors += $0 })
        context.configuration = Configuration.parse("sync url \(server.homeURL.absoluteString)\nsync user \(RadicaleServer.user)\n", path: "config")
        context.errorIsTerminal = errorIsTerminal
        context.progressDelay = 0
        let status = CommandLineTool.run(command, arguments: rest, context: context)
        return (status, output, errors)
    }

    @Test("tick sync draws its progress on standard error when it is a terminal and erases it before the summary; in a pipe it writes no progress and no control sequence")
    func commandShowsProgressOnlyOnTerminal() throws {
        try withRadicale { server in
            try SyncCommandTests.withStorePath { database in
                let store = try TodoStore(path: database)
                _ = try store.add(title: "Pay rent")
                store.close()
                let piped = Self.tickSync(database: database, server: server, errorIsTerminal: false)
                #expect(piped.status == 0)
                #expect(piped.output == "↑ 1 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts\n")
                #expect(piped.errors == "")
                let store2 = try TodoStore(path: database)
                _ = try store2.add(title: "Water plants")
                store2.close()
                let terminal = Self.tickSync(database: database, server: server, errorIsTerminal: true)
                #expect(terminal.status == 0)
                #expect(terminal.output == "↑ 1 changed, 0 deleted · ↓ 0 new, 0 changed, 0 deleted · 0 conflicts\n", "the summary line is unchanged")
                #expect(terminal.errors.hasPrefix("\rSyncing: finding the collections · 0 requests\u{1B}[K"))
                #expect(terminal.errors.hasSuffix("\r\u{1B}[K"), "the bar is erased before the summary")
            }
        }
    }
}
