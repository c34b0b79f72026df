import Foundation
import Synchronization
import TodoStore
import TickTesting

/// `tick-stress sync`: `kill -9` of a syncing `tick sync` at random moments, round after round, and
/// a check that nothing reported done is lost and nothing is duplicated.
///
/// Two devices (two stores) sync through one real Radicale. Each round makes random changes on both
/// (adds, edits, toggles, deletes, moves between lists), each device only to its own todos so that no
/// conflict rule decides the outcome; then runs the real `tick sync` on each device and kills it with
/// SIGKILL at a chosen point: while a chosen request is held by the proxy (so it reaches the server
/// after the client died), just after a chosen request was answered (racing the client's record of
/// it), or after a random delay; sometimes twice. Every third round another `tick` process adds todos
/// and marks todos done on device A while its sync runs and is killed. Then two clean syncs on each
/// device, and the check: both stores and the server hold exactly the expected todos (title, done,
/// list), each UID once, with nothing left waiting to go up.
struct SyncStress {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How a sync is killed.
    enum KillPoint: String, CaseIterable {
        /// While request k is held by the proxy: the server gets it after the client is gone.
        case heldRequest = "held request"
        /// Just after request k was answered: the client may or may not have recorded the answer.
        case answeredRequest = "answered request"
        /// Just after the kth PUT or DELETE was answered: the push's race between the server's change
        /// and the store's record of it, where a lost or doubled todo would come from.
        case answeredWrite = "answered write"
        /// After a random delay.
        case delay
    }

    /// What the rounds did, for the report.
    struct Tally {
        var kills = 0
        /// Kills by the phase of the last request sent: discovery (PROPFIND, MKCALENDAR), pull (REPORT), push (PUT, DELETE, GET).
        var killsByPhase: [String: Int] = [:]
        /// Syncs that ended before their kill point.
        var finishedBeforeKill = 0
        var changesChecked = 0
        var concurrentChanges = 0
    }

    static let lists = ["Inbox", "Work", "Home"]

    let server: SyncServer
    let devices: [SyncDevice]
    let folder: URL
    var random: SplitMix64
    /// The todos every device and the server must hold, by UID, and which device owns each.
    var expected: [String: ExpectedTodo] = [:]
    var owner: [String: String] = [:]
    var tally = Tally()
    /// The most requests one sync was seen to send (plus one): the range kill points are drawn from.
    var requestRange = 8
    private var outputs = 0

    init(folder: URL, seed: UInt64) throws {
        self.folder = folder
        let server = try SyncServer(folder: folder.appendingPathComponent("server"))
        self.server = server
        devices = try ["A", "B"].map { try SyncDevice(name: $0, folder: folder, homeURL: server.homeURL) }
        random = SplitMix64(seed: seed)
    }

    /// Runs the rounds; throws the first disagreement, naming the round.
    mutating func run(rounds: Int) throws {
        defer { server.stop() }
        // The lists exist on A first; clean syncs make them collections and bring them to B.
        do {
            let store = try TodoStore(path: devices[0].storePath)
            defer { store.close() }
            for name in Self.lists.dropFirst() { _ = try store.addList(named: name) }
        }
        try cleanSyncs()
        for round in 1...rounds {
            var touched = Set<String>()
            for device in devices { try change(on: device, round: round, touched: &touched) }
            var notes: [String] = []
            for device in random.next() % 2 == 0 ? devices : devices.reversed() {
                let concurrent = round % 3 == 2 && device.name == "A"
                notes.append(try killedSync(on: device, round: round, withChangesBy: concurrent, untouched: touched))
                if random.next() % 3 == 0 { notes.append(try killedSync(on: device, round: round, withChangesBy: false, untouched: touched)) }
            }
            do {
                try cleanSyncs()
                try verify()
            } catch {
                throw Failure(description: "round \(round) (\(notes.joined(separator: "; "))): \(error)")
            }
            print("round \(round): \(notes.joined(separator: "; ")); \(expected.count) todos, ok")
        }
        let phases = tally.killsByPhase.sorted { $0.key < $1.key }.map { "\($0.value) during \($0.key)" }.joined(separator: ", ")
        print("\(rounds) rounds, \(tally.kills) kills (\(phases)), \(tally.finishedBeforeKill) syncs ended before their kill point, "
            + "\(tally.changesChecked) changes checked (\(tally.concurrentChanges) by another tick during a sync), none lost, no duplicates")
    }

    // MARK: Changes

    /// 1 to 6 random changes to the device's own todos, straight through its store (each one step).
    private mutating func change(on device: SyncDevice, round: Int, touched: inout Set<String>) throws {
        let store = try TodoStore(path: device.storePath)
        defer { store.close() }
        for step in 1...(1 + Int(random.next() % 6)) {
            let mine = expected.keys.filter { owner[$0] == device.name }.sorted()
            let kind = mine.isEmpty ? 0 : random.next() % 11
            let title = "\(device.name)\(round).\(step)"
            if kind < 4 {
                let list = Self.lists[Int(random.next() % 3)]
                let item = try store.add(title: title, listID: try listID(list, in: store)).value
                expected[item.uid] = ExpectedTodo(title: title, isDone: false, list: list)
                owner[item.uid] = device.name
                touched.insert(item.uid)
            } else {
                let uid = mine[Int(random.next() % UInt64(mine.count))]
                guard let item = try store.item(uid: uid) else { throw Failure(description: "device \(device.name) lost \(uid) between rounds") }
                switch kind {
                case 4, 5:
                    _ = try store.update(id: item.id, title: title + "e")
                    expected[uid]?.title = title + "e"
                case 6, 7:
                    _ = try store.setDone(!item.isDone, ids: [item.id])
                    expected[uid]?.isDone.toggle()
                case 8:
                    _ = try store.delete(ids: [item.id])
                    expected[uid] = nil
                default:
                    let list = Self.lists.filter { $0 != expected[uid]?.list }[Int(random.next() % 2)]
                    try store.move(id: item.id, toList: try listID(list, in: store), after: nil)
                    expected[uid]?.list = list
                }
                touched.insert(uid)
            }
            tally.changesChecked += 1
        }
    }

    private func listID(_ name: String, in store: TodoStore) throws -> Int64 {
        guard let list = try store.list(named: name) else { throw Failure(description: "list \(name) is missing") }
        return list.id
    }

    // MARK: Syncs

    /// Two clean syncs on each device (A, B, A, B), so each sees the other's changes; each must succeed.
    private mutating func cleanSyncs() throws {
        try server.reset()
        for device in devices + devices {
            let result = try device.run(["sync"], output: nextOutput(device))
            guard result.status == 0 else {
                throw Failure(description: "a clean tick sync on \(device.name) failed (\(result.status)): \(result.output)")
            }
            requestRange = max(requestRange, try server.requests().begun.count + 1)
            try server.reset()
        }
    }

    /// Runs `tick sync` on `device` and kills it with SIGKILL at a random kill point; with
    /// `concurrent`, another `tick` process changes the store meanwhile. A short note for the report.
    private mutating func killedSync(on device: SyncDevice, round: Int, withChangesBy concurrent: Bool,
                                     untouched touched: Set<String>) throws -> String {
        try server.reset()
        let point = KillPoint.allCases[Int(random.next() % UInt64(KillPoint.allCases.count))]
        let request = point == .answeredWrite ? 1 + Int(random.next() % 3) : 1 + Int(random.next() % UInt64(requestRange))
        let delay = Double(random.next() % 800) / 1000
        let afterwards = Double(random.next() % (point == .heldRequest ? 250 : 3)) / 1000
        if point == .heldRequest { try server.hold(request: request, seconds: 0.3) }
        var changer: ConcurrentChanger?
        if concurrent {
            let targets = try openTodos(of: device, excluding: touched)
            changer = ConcurrentChanger(device: device, round: round, targets: targets, folder: folder, seed: random.next())
            changer?.start()
        }
        let process = try device.start(["sync"], output: nextOutput(device))
        let started = Date()
        while process.isRunning {
            let ended = try server.requests()
            let due = switch point {
            case .heldRequest: ended.begun.count >= request
            case .answeredRequest: ended.ended >= request
            case .answeredWrite:
                ended.ended == ended.begun.count
                    && ended.begun.filter { $0.method == "PUT" || $0.method == "DELETE" }.count >= request
                    && ["PUT", "DELETE"].contains(ended.begun.last?.method)
            case .delay: Date().timeIntervalSince(started) >= delay
            }
            if due {
                usleep(UInt32(afterwards * 1_000_000))
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(500)
        }
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal
        if let changer {
            let done = try changer.stop()
            try record(done, on: device)
        }
        // A held request still reaches the server: wait for it, so it lands before the next sync starts.
        var requests = try server.requests()
        for _ in 0..<500 where requests.ended < requests.begun.count {
            usleep(10_000)
            requests = try server.requests()
        }
        try server.reset()
        let extra = changer.map { ", \($0.doneCount) changes by another tick meanwhile" } ?? ""
        guard killed else {
            guard process.terminationStatus == 0 else {
                throw Failure(description: "tick sync on \(device.name) failed (\(process.terminationStatus)) before its kill point")
            }
            tally.finishedBeforeKill += 1
            requestRange = max(requestRange, requests.begun.count + 1)
            return "\(device.name) synced before its kill point\(extra)"
        }
        let last = requests.begun.last?.method
        let phase = switch last {
        case nil: "start-up"
        case "PROPFIND", "MKCALENDAR": "discovery"
        case "REPORT": "pull"
        default: "push"
        }
        tally.kills += 1
        tally.killsByPhase[phase, default: 0] += 1
        let at = switch point {
        case .delay: "after \(Int(delay * 1000)) ms"
        case .answeredWrite: "after write \(request) was answered (request \(requests.begun.count))"
        default: "at \(point.rawValue) \(requests.begun.count)"
        }
        return "\(device.name) killed \(at) (\(last ?? "no request"), \(phase))\(extra)"
    }

    /// The device's open todos not changed this round, by UID with their local ids: what another
    /// process may mark done while a sync runs without racing a change of this round's.
    private func openTodos(of device: SyncDevice, excluding touched: Set<String>) throws -> [(uid: String, id: Int64)] {
        let store = try TodoStore(path: device.storePath)
        defer { store.close() }
        return try expected.keys.sorted().filter { owner[$0] == device.name && !touched.contains($0) && expected[$0]?.isDone == false }
            .compactMap { uid in try store.item(uid: uid).map { (uid, $0.id) } }
    }

    /// Adds what another process reported done to the expected todos.
    private mutating func record(_ changes: [ConcurrentChanger.Change], on device: SyncDevice) throws {
        let store = try TodoStore(path: device.storePath)
        defer { store.close() }
        for change in changes {
            switch change {
            case .add(let title, let list):
                let found = try store.flatOrder().filter { $0.title == title }
                guard found.count == 1 else { throw Failure(description: "tick add \(title) reported done, found \(found.count) times on \(device.name)") }
                expected[found[0].uid] = ExpectedTodo(title: title, isDone: false, list: list)
                owner[found[0].uid] = device.name
            case .done(let uid):
                expected[uid]?.isDone = true
            }
            tally.changesChecked += 1
            tally.concurrentChanges += 1
        }
    }

    private mutating func nextOutput(_ device: SyncDevice) -> URL {
        outputs += 1
        return folder.appendingPathComponent("output-\(outputs)-\(device.name).txt")
    }

    // MARK: The check

    /// Both stores and the server hold exactly the expected todos, each UID once.
    private func verify() throws {
        for device in devices {
            let todos = try device.todos()
            if todos != expected { throw Failure(description: "device \(device.name): " + Self.difference(todos, expected)) }
        }
        var onServer: [String: ExpectedTodo] = [:]
        for item in try server.items() {
            let todo = ExpectedTodo(title: item.title, isDone: item.isDone, list: item.collection)
            if let other = onServer.updateValue(todo, forKey: item.uid) {
                throw Failure(description: "the server holds UID \(item.uid) twice: \(other) and \(todo) (\(item.file))")
            }
        }
        if onServer != expected { throw Failure(description: "the server: " + Self.difference(onServer, expected)) }
    }

    /// The first few todos that are missing, unexpected or different.
    private static func difference(_ actual: [String: ExpectedTodo], _ expected: [String: ExpectedTodo]) -> String {
        var lines: [String] = []
        for (uid, todo) in expected.sorted(by: { $0.key < $1.key }) where actual[uid] != todo {
            lines.append(actual[uid].map { "\(uid) is \($0), expected \(todo)" } ?? "\(todo) (\(uid)) is missing")
        }
        for (uid, todo) in actual.sorted(by: { $0.key < $1.key }) where expected[uid] == nil {
            lines.append("\(todo) (\(uid)) should not be there")
        }
        return "\(lines.count) differences: " + lines.prefix(5).joined(separator: "; ")
    }
}
