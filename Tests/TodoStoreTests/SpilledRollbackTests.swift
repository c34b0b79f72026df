import Foundation
import Testing
@testable import TodoStore

/// A transaction that outgrows the page cache writes frames to the write-ahead log before it
/// commits. When it rolls back, none of those bytes may reach the log later, where another
/// process has committed since: that once made the whole file "not a database" for every reader.
@Suite("A spilled rollback next to another process's commits")
struct SpilledRollbackTests {
    /// `tick-stress`, built next to this test binary (`swift build` builds both).
    static let helper = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("tick-stress").path

    @Test("the other process's commits survive, the rolled-back rows do not appear, and the file stays intact")
    func spilledRollbackThenConcurrentCommit() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.helper), "build first: swift build (make test does)")
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            // The rows that spill go to a table of their own, created, committed and checkpointed
            // (closing the last connection does that) before A starts: the state of any closed store.
            let setup = try openStore(path)
            try setup.connection.execute("CREATE TABLE spill(data BLOB)")
            setup.close()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.helper)
            process.arguments = ["spilled-rollback", "--db", path]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let lines = LineReader(descriptor: output.fileHandleForReading.fileDescriptor)

            // Process A has spilled and rolled back; B now commits two todos in two transactions.
            let first = lines.next()
            guard first == "rolled back" else {
                // Writing the go-ahead to a process that has gone would raise SIGPIPE here.
                process.terminate()
                process.waitUntilExit()
                Issue.record("process A did not roll back: \(first ?? "nothing")")
                return
            }
            let committer = try openStore(path)
            let firstTodo = try committer.add(title: "first").value
            try committer.add(title: "second", after: firstTodo.id)
            input.fileHandleForWriting.write(Data("go\n".utf8))
            let answer = lines.next()
            process.waitUntilExit()
            committer.close()

            #expect(answer == "count 2", "process A read: \(answer ?? "nothing")")
            #expect(process.terminationStatus == 0)
            let reader = try openStore(path)
            defer { reader.close() }
            #expect(reader.integrityCheck() == "ok")
            #expect(try allTitles(reader) == ["first", "second"])
            #expect(try reader.connection.scalarInt("SELECT count(*) FROM spill") == 0)
        }
    }
}

/// Reads a pipe one line at a time, blocking until the line is complete (nil at end of file).
private final class LineReader {
    private let descriptor: Int32
    init(descriptor: Int32) { self.descriptor = descriptor }

    func next() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
