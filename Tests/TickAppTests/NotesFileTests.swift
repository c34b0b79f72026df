import Foundation
import Testing
@testable import TickApp

/// The private file a todo's notes go to for `$EDITOR`.
@Suite("The notes file handed to an editor")
struct NotesFileTests {
    /// A fresh directory for one test, removed after it.
    private final class Directory {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tick-notes-test-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test("It is made in a folder of its own in the directory given, both for their owner only, and removed on request")
    func privateFile() throws {
        let directory = try Directory()
        let file = try NotesFile(holding: "milk", in: directory.path)
        #expect(file.path.hasPrefix(directory.path + "/tick-notes-"))
        #expect(file.path == file.directory + "/notes.txt")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let folderPermissions = try FileManager.default.attributesOfItem(atPath: file.directory)[.posixPermissions] as? Int
        #expect(folderPermissions == 0o700)
        file.remove()
        #expect(directory.files.isEmpty)
    }

    @Test("What an editor leaves beside the file (a backup, a swap file) goes with it")
    func editorLeftovers() throws {
        let directory = try Directory()
        let file = try NotesFile(holding: "milk", in: directory.path)
        try "old".write(toFile: file.path + "~", atomically: false, encoding: .utf8)
        try "swap".write(toFile: file.directory + "/.notes.txt.swp", atomically: false, encoding: .utf8)
        file.remove()
        #expect(directory.files.isEmpty)
    }

    @Test("A symbolic link put in the file's place is not followed: the read is refused, saying so, and what it points to is untouched")
    func symbolicLinkRefused() throws {
        let directory = try Directory()
        let secret = directory.path + "/secret"
        try "private key".write(toFile: secret, atomically: false, encoding: .utf8)
        let file = try NotesFile(holding: "old", in: directory.path)
        defer { file.remove() }
        try FileManager.default.removeItem(atPath: file.path)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: secret)
        #expect { try file.read() } throws: { "\($0)" == "\(file.path) was replaced by a symbolic link, which Tick does not follow" }
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "private key")
    }

    @Test("A pipe or a folder put in the file's place is refused without waiting on it")
    func notAFileRefused() throws {
        let directory = try Directory()
        let file = try NotesFile(holding: "old", in: directory.path)
        defer { file.remove() }
        try FileManager.default.removeItem(atPath: file.path)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect { try file.read() } throws: { "\($0)" == "\(file.path) was replaced by something that is not a file" }
        try FileManager.default.removeItem(atPath: file.path)
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        #expect { try file.read() } throws: { "\($0)" == "\(file.path) was replaced by something that is not a file" }
    }

    @Test("The text is read from the folder made, even when another folder has taken its name since")
    func readsThroughTheFolderMade() throws {
        let directory = try Directory()
        let file = try NotesFile(holding: "old", in: directory.path)
        try "edited".write(toFile: file.path, atomically: true, encoding: .utf8)
        let moved = directory.path + "/moved"
        try FileManager.default.moveItem(atPath: file.directory, toPath: moved)
        try FileManager.default.createDirectory(atPath: file.directory, withIntermediateDirectories: false)
        try "planted".write(toFile: file.path, atomically: false, encoding: .utf8)
        #expect(try file.read() == "edited")
        try FileManager.default.removeItem(atPath: moved)
    }

    @Test("Notes go out with one final newline and come back without it", arguments: ["", "milk", "two\nlines", "ends with a newline\n", "日本語 🛂"])
    func roundTrip(notes: String) throws {
        let directory = try Directory()
        let file = try NotesFile(holding: notes, in: directory.path)
        defer { file.remove() }
        let written = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(written == (notes.isEmpty ? "" : notes + "\n"))
        #expect(try file.read() == notes)
    }

    @Test("What an editor wrote is read back, with or without its final newline")
    func editedText() throws {
        let directory = try Directory()
        let file = try NotesFile(holding: "old", in: directory.path)
        defer { file.remove() }
        try "new\ntext\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        #expect(try file.read() == "new\ntext")
        try "no newline".write(toFile: file.path, atomically: false, encoding: .utf8)
        #expect(try file.read() == "no newline")
    }

    @Test("Bytes that are not UTF-8 are refused with a message, not read as something else")
    func notUTF8() throws {
        let directory = try Directory()
        let file = try NotesFile(holding: "old", in: directory.path)
        defer { file.remove() }
        try Data([0x66, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: file.path))
        #expect { try file.read() } throws: { "\($0)" == "the edited notes are not UTF-8 text" }
    }

    @Test("A directory that cannot hold the file is named in the message")
    func missingDirectory() {
        #expect { try NotesFile(holding: "x", in: "/nonexistent-tick-dir") } throws: {
            "\($0)".hasPrefix("cannot make a temporary folder in /nonexistent-tick-dir: ")
        }
    }
}
