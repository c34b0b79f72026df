import Foundation
import Glibc
import Testing
@testable import TickApp
import TodoStore

/// Runs `tick` command lines in-process against a temporary store, capturing what they print.
final class CommandHarness {
    private let scratch: ScratchFolder
    let folder: URL
    let path: String
    /// Today for every command, so relative due days are predictable.
    let today = Day(iso: "2026-11-29")!
    /// The zone of every command (`prepare` may give another): fixed, as today is, so that no
    /// command reads the process's zone (`make test-zone` runs these suites in another).
    let localTime = LocalTime.utc

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    init() throws {
        scratch = try ScratchFolder("cli")
        folder = scratch.url
        path = folder.appendingPathComponent("tick.db").path
    }

    /// A file in the temporary folder.
    func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `tick ARGUMENTS` as main does, with `--db` pointing at the temporary store unless the arguments name one;
    /// `prepare` may change the context first (a terminal on standard error, a Ctrl-C to trip).
    @discardableResult
    func run(_ arguments: [String], input: String = "", database: Bool = true,
             prepare: (CommandContext) -> Void = { _ in }) -> Outcome {
        var output = "", errors = ""
        let full = database && !arguments.contains(where: { $0.hasPrefix("--db") }) ? ["--db", path] + arguments : arguments
        switch CommandLineTool.route(full) {
        case let .command(command, rest, databasePath):
            let context = CommandContext(databasePath: databasePath, environment: ["HOME": folder.path], today: today,
                                         localTime: localTime, write: { output += $0 }, writeError: { errors += $0 },
                                         standardInput: { RereadableInput(bytes: Data(input.utf8)) })
            prepare(context)
            let status = CommandLineTool.run(command, arguments: rest, context: context)
            return Outcome(status: status, output: output, errors: errors)
        case let .usageError(message, usage):
            return Outcome(status: 2, output: "", errors: "tick: \(message)\n\n\(usage)\n")
        case .app:
            return Outcome(status: -1, output: "", errors: "not a command")
        }
    }

    /// Runs and returns standard output, for commands expected to succeed.
    func output(_ arguments: String...) -> String { run(arguments).output }

    /// A pipe whose write end is fed `bytes` from another thread, then closed; returns the read end
    /// (standard input of a command that reads a pipe).
    static func pipe(feeding bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        let writer = ends[1]
        Thread.detachNewThread {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writer, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writer)
        }
        return ends[0]
    }

    /// The store, opened for a look and closed again.
    func withStore<T>(_ body: (TodoStore) throws -> T) throws -> T {
        let store = try TodoStore(path: path)
        defer { store.close() }
        return try body(store)
    }
}
