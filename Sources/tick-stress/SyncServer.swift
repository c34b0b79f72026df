import Foundation
import TestSupport
import TickTesting

/// The server side of `tick-stress sync`: a real Radicale (from `.build/venv`, as the CalDAV tests
/// use) on 127.0.0.1 at a free port, behind the CalDAV tests' `fault_proxy.py`, which holds a chosen
/// request and logs every request, so a `tick sync` can be killed at a chosen request.
///
/// The server's items are read straight from Radicale's storage folder: that is what the server
/// holds, with no client of ours in between to hide a duplicate.
final class SyncServer {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An item on the server, as the check needs it.
    struct Item: Equatable {
        var uid: String
        var title: String
        var isDone: Bool
        /// The display name of its collection (the list).
        var collection: String
        /// Its file, for messages.
        var file: String
    }

    /// The account `tick sync` uses.
    static let user = "tick-user"
    /// Its password (Radicale's htpasswd file holds it in plain text).
    static let password = "stress-Pa55word"

    /// The package root: this file is Sources/tick-stress/SyncServer.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = RadicaleProcess.python(inRepository: root)
    static let proxyScript = root.appendingPathComponent("Tests/CalDAVTests/Support/fault_proxy.py").path

    let folder: URL
    /// The calendar home through the proxy: what the devices' config files name.
    let homeURL: String
    /// Where the proxy takes its faults from, one line per coming request.
    let controlFile: URL
    /// Where the proxy logs "begin N METHOD PATH" and "end N".
    let requestLog: URL
    private let radicale: Process
    private let proxy: Process

    init(folder: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw Failure(description: "Radicale is not installed in .build/venv: run `make radicale` (make stress-sync does)")
        }
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try RadicaleProcess.freePort()
        try "\(Self.user):\(Self.password)\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        let config = RadicaleProcess.configuration(port: port, usersFile: "\(folder.path)/users", storage: "\(folder.path)/collections")
        try config.write(to: folder.appendingPathComponent("radicale.conf"), atomically: true, encoding: .utf8)
        // Radicale exits with its parent (this program), so a failed run leaves no server behind.
        try Data().write(to: folder.appendingPathComponent("radicale.log"))
        let log = try FileHandle(forWritingTo: folder.appendingPathComponent("radicale.log"))
        radicale = try RadicaleProcess.start(python: Self.python, configuration: folder.appendingPathComponent("radicale.conf").path, log: log)

        controlFile = folder.appendingPathComponent("faults")
        requestLog = folder.appendingPathComponent("requests")
        try Data().write(to: controlFile)
        try Data().write(to: requestLog)
        proxy = Process()
        proxy.executableURL = URL(fileURLWithPath: Self.python)
        proxy.arguments = [Self.proxyScript, String(port), controlFile.path, requestLog.path]
        let output = Pipe()
        proxy.standardOutput = output
        proxy.standardInput = FileHandle.nullDevice
        try proxy.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let proxyPort = UInt16(String(decoding: line, as: UTF8.self)) else {
            throw Failure(description: "the fault proxy (\(Self.proxyScript)) did not start")
        }
        homeURL = "http://127.0.0.1:\(proxyPort)/\(Self.user)/"
        if RadicaleProcess.waitUntilListening(radicale, port: port) { return }
        throw Failure(description: "Radicale did not start listening within 20 s; see \(folder.path)/radicale.log")
    }

    /// Stops both processes.
    func stop() {
        for process in [proxy, radicale] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    // MARK: Faults and the request log

    /// Holds the `index`th request from now (1-based) for `seconds` before passing it on.
    func hold(request index: Int, seconds: Double) throws {
        let lines = Array(repeating: "", count: index - 1) + ["slow \(seconds)"]
        try lines.map { $0 + "\n" }.joined().write(to: controlFile, atomically: true, encoding: .utf8)
    }

    /// Forgets the queued faults and the logged requests.
    func reset() throws {
        try Data().write(to: controlFile)
        try Data().write(to: requestLog)
    }

    /// The requests logged since the last `reset()`: method and path of each begun one, and how many ended.
    func requests() throws -> (begun: [(method: String, path: String)], ended: Int) {
        let text = try String(contentsOf: requestLog, encoding: .utf8)
        var begun: [(String, String)] = [], ended = 0
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "begin", words.count >= 4 { begun.append((String(words[2]), String(words[3]))) }
            if words.first == "end" { ended += 1 }
        }
        return (begun, ended)
    }

    // MARK: What the server holds

    /// Every VTODO in the user's collections, read from Radicale's storage folder.
    func items() throws -> [Item] {
        let home = folder.appendingPathComponent("collections/collection-root/\(Self.user)")
        guard FileManager.default.fileExists(atPath: home.path) else { return [] }
        var items: [Item] = []
        for collection in try FileManager.default.contentsOfDirectory(atPath: home.path) where !collection.hasPrefix(".") {
            let folder = home.appendingPathComponent(collection)
            let properties = try Data(contentsOf: folder.appendingPathComponent(".Radicale.props"))
            let name = (try JSONSerialization.jsonObject(with: properties) as? [String: Any])?["D:displayname"] as? String ?? collection
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !file.hasPrefix(".") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for var item in Self.todos(in: text) {
                    item.collection = name
                    item.file = "\(collection)/\(file)"
                    items.append(item)
                }
            }
        }
        return items
    }

    /// The VTODOs of an iCalendar text: UID, SUMMARY and whether STATUS is COMPLETED. The titles
    /// tick-stress writes need no unescaping.
    static func todos(in text: String) -> [Item] {
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .replacingOccurrences(of: "\r\n", with: "\n")
        var items: [Item] = []
        var current: Item?
        for line in unfolded.split(separator: "\n") {
            if line == "BEGIN:VTODO" { current = Item(uid: "", title: "", isDone: false, collection: "", file: "") }
            guard current != nil else { continue }
            let name = line.prefix { $0 != ":" && $0 != ";" }
            let value = line.firstIndex(of: ":").map { String(line[line.index(after: $0)...]) } ?? ""
            switch name {
            case "UID": current?.uid = value
            case "SUMMARY": current?.title = value
            case "STATUS": current?.isDone = value == "COMPLETED"
            case "END" where value == "VTODO":
                items.append(current!)
                current = nil
            default: break
            }
        }
        return items
    }
}
