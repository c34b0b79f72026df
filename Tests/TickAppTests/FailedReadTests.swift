import Foundation
import Glibc
import Testing
@testable import TickApp

/// A read the system refuses is reported, never taken for the end of an empty input: a key script,
/// a config file or a `.netrc` read as empty would look like success (no keys, the defaults, no password).
@Suite("A failed read is not an empty input")
struct FailedReadTests {
    /// A descriptor whose reads fail: a directory opened for reading (`read` says `EISDIR`).
    static func unreadableStream() throws -> FileStream {
        let descriptor = open(FileManager.default.temporaryDirectory.path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        return FileStream(descriptor: descriptor, closesOnDeinit: true)
    }

    @Test("Reading a stream whose read fails throws the system's reason")
    func streamRead() throws {
        let stream = try Self.unreadableStream()
        #expect(throws: ReadFailure(number: EISDIR)) { try stream.read(upTo: 16) }
        #expect(throws: ReadFailure(number: EISDIR)) { try stream.readToEnd() }
        #expect(ReadFailure(number: EISDIR).description == "Is a directory")
    }

    @Test("A key script whose input cannot be read fails before any key runs, saying why")
    func keyScript() throws {
        var reader = KeyScriptReader(handle: try Self.unreadableStream())
        do {
            try reader.prepare()
            Issue.record("an unreadable script was prepared as \(reader.isEmpty ? "an empty" : "a") script")
        } catch let problem as KeyScriptReader.ReadProblem {
            #expect(problem.description == "cannot read the key script: Is a directory")
        }
        #expect(reader.keysRead == 0)
    }
}
