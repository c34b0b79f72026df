import Foundation
import Testing

/// Issue 16 §5: `tick add` from scripts while a Tick adds in the same list: no add fails because of
/// the other, none is reported failed although it was saved, and every reported add exists once.
@Suite("Concurrent adds")
struct ConcurrentAddTests {
    /// What the command-line workers saw, gathered from several threads.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var added: [(id: Int64, title: String)] = []
        private(set) var failures: [String] = []

        func record(_ outcome: CommandLineTests.Outcome, title: String, arguments: [String]) {
            lock.lock()
            defer { lock.unlock() }
            // "Added 12 to Race 3: cli-0-7"
            if outcome.status == 0, outcome.output.hasPrefix("Added "),
               let id = Int64(outcome.output.dropFirst(6).prefix { $0.isNumber }) {
                added.append((id, title))
            } else if outcome.status != 0 {
                failures.append("\(arguments.joined(separator: " ")): exit \(outcome.status) \(outcome.errors)")
            }
        }

        func fail(_ text: String) {
            lock.lock()
            defer { lock.unlock() }
            failures.append(text)
        }

        private var stopped = false
        private var tickOutcome: CommandLineTests.Outcome?

        /// Set once the workers should finish their round and stop.
        var isStopped: Bool {
            get { lock.lock(); defer { lock.unlock() }; return stopped }
            set { lock.lock(); stopped = newValue; lock.unlock() }
        }

        /// What the key-script Tick printed, once it finished.
        var tick: CommandLineTests.Outcome? {
            get { lock.lock(); defer { lock.unlock() }; return tickOutcome }
            set { lock.lock(); tickOutcome = newValue; lock.unlock() }
        }
    }

    @Test("Command-line adds (to the same list and to lists both create), an add-and-delete loop and a key-script Tick, at once")
    func cliAndTickTogether() throws {
        let database = CommandLineTests.scratchDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let seeded = try CommandLineTests.run(["--db", database, "add", "seed"])
        try #require(seeded.status == 0, "\(seeded.errors)")

        // A Tick adding 300 todos after its highlighted row (key scripts never reload on their own,
        // so every add of another process in its list makes its next table update disagree).
        let tuiAdds = 300
        let keys = (0..<tuiAdds).map { "atui-\($0)<Enter>" }.joined()
        let log = Log()
        let tickFinished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do { log.tick = try CommandLineTests.run(["--db", database, "--size", "60x10"], input: keys) } catch { log.fail("tick: \(error)") }
            tickFinished.signal()
        }

        // Workers stop when the Tick is done (or after 8 seconds) and they made 6 adds each, or after 60.
        let workers = DispatchGroup()
        for worker in 0..<2 {
            workers.enter()
            Thread.detachNewThread {
                defer { workers.leave() }
                for round in 0..<60 {
                    // Both workers add to the same new lists at about the same time, and to the Inbox.
                    let title = "cli-\(worker)-\(round)"
                    let arguments = ["--db", database, "add"] + (round.isMultiple(of: 2) ? ["--list", "Race \(round / 6)"] : []) + [title]
                    guard let outcome = try? CommandLineTests.run(arguments) else { log.fail("cannot run tick"); return }
                    log.record(outcome, title: title, arguments: arguments)
                    if log.isStopped, round >= 5 { return }
                }
            }
        }
        workers.enter()
        Thread.detachNewThread {
            defer { workers.leave() }
            // Adds a todo at the end of the Inbox and deletes it again: the last open todo others read comes and goes.
            for round in 0..<60 where !log.isStopped {
                let arguments = ["--db", database, "add", "victim-\(round)"]
                guard let added = try? CommandLineTests.run(arguments) else { log.fail("cannot run tick"); return }
                guard added.status == 0, let id = added.output.split(separator: " ").dropFirst().first else {
                    log.fail("\(arguments.joined(separator: " ")): exit \(added.status) \(added.errors)")
                    continue
                }
                guard let removed = try? CommandLineTests.run(["--db", database, "rm", String(id)]) else { return }
                if removed.status != 0 { log.fail("rm \(id): exit \(removed.status) \(removed.errors)") }
            }
        }
        let finishedInTime = tickFinished.wait(timeout: .now() + .seconds(8)) == .success
        log.isStopped = true
        workers.wait()
        if !finishedInTime { tickFinished.wait() }

        #expect(log.failures.isEmpty, "\(log.failures.prefix(5))")
        let tickOutcome = try #require(log.tick)
        #expect(tickOutcome.status == 0, "\(tickOutcome.errors)")
        #expect(!tickOutcome.output.contains("Not saved"), "\(tickOutcome.output)")

        let listed = try CommandLineTests.run(["--db", database, "ls", "--all", "--json"])
        try #require(listed.status == 0, "\(listed.errors)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let stored = rows.compactMap { row -> (id: Int64, title: String)? in
            guard let id = (row["id"] as? NSNumber)?.int64Value, let title = row["title"] as? String else { return nil }
            return (id, title)
        }
        // Every add the command line reported is there, once, with its id.
        #expect(log.added.count >= 10, "the workers ran alongside the Tick")
        for add in log.added {
            #expect(stored.filter { $0.title == add.title }.map(\.id) == [add.id], "\(add.title)")
        }
        // Every add the Tick made is there once: none was reported "not saved" and typed again into an open input line.
        let tuiTitles = stored.map(\.title).filter { $0.contains("tui") }
        #expect(tuiTitles.sorted() == (0..<tuiAdds).map { "tui-\($0)" }.sorted(), "\(tuiTitles.filter { $0.count > 7 }.prefix(3))")
        #expect(!stored.contains { $0.title.hasPrefix("victim") })
    }
}
