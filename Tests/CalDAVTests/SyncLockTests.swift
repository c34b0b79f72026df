import CalDAV
import Foundation
import Synchronization
import Testing
@testable import TickApp
import TickTesting
import TodoStore
import TodoSync

/// One sync of a store at a time (issue 28, point 2): two `tick sync` processes, or two open apps, on
/// one store used to make a collection each for every new list and send every todo twice.
@Suite("One sync of a store at a time", .serialized)
struct SyncLockTests {
    static let tick = RadicaleServer.root.appendingPathComponent(".build/debug/tick").path
    static let lists = ["Inbox", "Work", "Home", "Errands"]

    /// A store at `path` with 200 todos in 4 lists (50 each).
    static func seed(_ path: String) throws {
        let store = try TodoStore(path: path)
        defer { store.close() }
        for (index, name) in lists.enumerated() {
            let listID = index == 0 ? TodoStore.inboxListID : try store.addList(named: name).value.id
            for number in 1...50 { _ = try store.add(title: "\(name) \(number)", listID: listID) }
        }
    }

    /// `tick --db DATABASE sync` as a process with `config` as its config file; standard error goes to `errors`.
    static func startSync(database: String, config: String, errors: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tick)
        process.arguments = ["--db", database, "sync"]
        process.environment = ["TICK_CONFIG": config, "TICK_SYNC_PASSWORD": RadicaleServer.password, "PATH": "/usr/bin:/bin",
                               "LANG": "C.UTF-8"]
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (up to `seconds`) until `condition` holds; false when it never did.
    static func wait(upTo seconds: Double = 60, until condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    /// The server's todo collections and every item's UID (duplicates kept, sorted).
    static func serverState(_ server: RadicaleServer) throws -> (collections: Int, uids: [String]) {
        let client = try server.client()
        let collections = try client.discoverCalendars(at: server.homeURL).filter(\.supportsTodos)
        return (collections.count, try SyncEngineTests.serverUIDs(server))
    }

    /// A third device syncing with the server from an empty store: how many todos it gets.
    static func todosOnAnotherDevice(_ server: RadicaleServer, folder: String) throws -> Int {
        let store = try TodoStore(path: folder + "/other.db")
        defer { store.close() }
        _ = try SyncEngine(store: store, client: server.client(), home: server.homeURL, zone: .fromEnvironment).sync()
        return try store.flatOrder().count
    }

    static func config(_ folder: String, _ name: String, url: ServerURL) throws -> String {
        let path = folder + "/" + name
        try "sync url \(url.absoluteString)\nsync user \(RadicaleServer.user)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("Two tick sync processes at once on one store: the second waits for the first, and the server gets one collection per list and each todo once")
    func twoSyncCommands() throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            try SyncCommandTests.withStorePath { database in
                let folder = (database as NSString).deletingLastPathComponent
                try Self.seed(database)
                let throughProxy = try Self.config(folder, "proxy-config", url: proxy.proxied(server.homeURL))
                let direct = try Self.config(folder, "config", url: server.homeURL)
                let release = folder + "/release"
                // The first sync stops at its first MKCALENDAR, holding the store's sync lock, until released.
                try proxy.inject("on MKCALENDAR hold \(release)")
                let first = try Self.startSync(database: database, config: throughProxy, errors: folder + "/first.err")
                #expect(try Self.wait { try proxy.isQueueEmpty() }, "the first sync reached MKCALENDAR")
                let second = try Self.startSync(database: database, config: direct, errors: folder + "/second.err")
                let secondErrors = { (try? String(contentsOfFile: folder + "/second.err", encoding: .utf8)) ?? "" }
                #expect(Self.wait { !second.isRunning || secondErrors().contains("waiting") })
                #expect(second.isRunning, "the second sync waits for the first instead of syncing beside it")
                #expect(secondErrors() == "tick sync: waiting for the sync already running on this store to end…\n")
                _ = FileManager.default.createFile(atPath: release, contents: nil)
                first.waitUntilExit()
                second.waitUntilExit()
                #expect(first.terminationStatus == 0)
                if second.terminationStatus == SyncCommand.alreadyRunningStatus {
                    // The first took longer than the wait (a loaded machine): said so, and a new try goes on from there.
                    #expect(secondErrors().hasSuffix("is already running (the open app or another tick sync); try again when it ends\n"))
                    let again = try Self.startSync(database: database, config: direct, errors: folder + "/again.err")
                    again.waitUntilExit()
                    #expect(again.terminationStatus == 0)
                } else {
                    #expect(second.terminationStatus == 0, "\(secondErrors())")
                }
                let state = try Self.serverState(server)
                #expect(state.collections == 4, "one collection per list")
                #expect(state.uids.count == 200 && Set(state.uids).count == 200, "each todo once")
                #expect(try Self.todosOnAnotherDevice(server, folder: folder) == 200)
            }
        }
    }

    @Test("A sync killed with kill -9 while it holds the lock leaves no stale lock: the next tick sync runs at once")
    func killedSyncLeavesNoLock() throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            try SyncCommandTests.withStorePath { database in
                let folder = (database as NSString).deletingLastPathComponent
                do {
                    let store = try TodoStore(path: database)
                    _ = try store.add(title: "Pay rent")
                    store.close()
                }
                let throughProxy = try Self.config(folder, "proxy-config", url: proxy.proxied(server.homeURL))
                let direct = try Self.config(folder, "config", url: server.homeURL)
                try proxy.inject("on MKCALENDAR hold \(folder)/never")
                let killed = try Self.startSync(database: database, config: throughProxy, errors: folder + "/killed.err")
                #expect(try Self.wait { try proxy.isQueueEmpty() })
                #expect(FileManager.default.fileExists(atPath: database + ".sync-lock"))
                kill(killed.processIdentifier, SIGKILL)
                killed.waitUntilExit()
                let next = try Self.startSync(database: database, config: direct, errors: folder + "/next.err")
                next.waitUntilExit()
                #expect(next.terminationStatus == 0)
                #expect(try String(contentsOfFile: folder + "/next.err", encoding: .utf8) == "", "no wait, no message")
                #expect(try SyncEngineTests.serverUIDs(server).count == 1)
            }
        }
    }

    /// A runner's outcome, waited for.
    static func outcome(of runner: CalDAVSyncRunner) -> SyncOutcome {
        let box = Mutex<SyncOutcome?>(nil)
        runner.run { outcome in box.withLock { $0 = outcome } }
        _ = wait(upTo: 120) { box.withLock { $0 != nil } }
        return box.withLock { $0 } ?? .failed(SyncFailure(kind: .needsUser, reason: "the sync did not end"))
    }

    @Test("Two open apps on one store: while one syncs, the other's sync does nothing and says so, tries again later, and nothing is sent twice")
    func twoOpenApps() throws {
        try withRadicale { server in
            let proxy = try FaultProxy(to: server)
            defer { proxy.stop() }
            try SyncCommandTests.withStorePath { database in
                let folder = (database as NSString).deletingLastPathComponent
                try Self.seed(database)
                func runner(_ url: ServerURL) -> CalDAVSyncRunner {
                    let settings = Configuration.parse("sync url \(url.absoluteString)\nsync user \(RadicaleServer.user)\n", path: "config").sync
                    return CalDAVSyncRunner(path: database, historyDepth: 100, durability: .full, settings: settings,
                                            environment: ["TICK_SYNC_PASSWORD": RadicaleServer.password], zone: .fromEnvironment)
                }
                let firstApp = runner(proxy.proxied(server.homeURL)), secondApp = runner(server.homeURL)
                let release = folder + "/release"
                try proxy.inject("on MKCALENDAR hold \(release)")
                let firstOutcome = Mutex<SyncOutcome?>(nil)
                firstApp.run { outcome in firstOutcome.withLock { $0 = outcome } }
                #expect(try Self.wait { try proxy.isQueueEmpty() })
                guard case .failed(let failure) = Self.outcome(of: secondApp) else {
                    Issue.record("the second app synced beside the first")
                    return
                }
                #expect(failure.kind == .anotherSyncRunning)
                #expect(failure.reason == "another sync of this store is running (another Tick or tick sync)")
                _ = FileManager.default.createFile(atPath: release, contents: nil)
                #expect(Self.wait(upTo: 120) { firstOutcome.withLock { $0 != nil } })
                guard case .synced(let first, _)? = firstOutcome.withLock({ $0 }) else {
                    Issue.record("the first sync failed: \(String(describing: firstOutcome.withLock { $0 }))")
                    return
                }
                #expect(first.sentChanges == 200)
                // Its retry finds the work done.
                guard case .synced(let second, _) = Self.outcome(of: secondApp) else {
                    Issue.record("the second app's retry failed")
                    return
                }
                #expect(second.sentChanges == 0 && second.receivedNew == 0)
                let state = try Self.serverState(server)
                #expect(state.collections == 4)
                #expect(state.uids.count == 200 && Set(state.uids).count == 200)
                #expect(try Self.todosOnAnotherDevice(server, folder: folder) == 200)
            }
        }
    }
}
