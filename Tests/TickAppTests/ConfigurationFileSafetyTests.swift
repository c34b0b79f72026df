import Foundation
import Testing
@testable import TickApp

/// Issue 28, point 8: a config file someone else could have written is refused whole, as ssh refuses
/// such files, since its `sync password-command` would run as you; a config that is not a regular
/// file (a FIFO, `/dev/zero`) is refused without reading it.
@Suite("Config files others could write", .serialized)
struct ConfigurationFileSafetyTests {
    static let text = "sync url https://dav.example.com/\nsync password-command touch /tmp/tick-must-not-run\ncolor done red\n"

    /// A scratch folder (mode 0700) with a config file (mode 0600) in it; removed afterwards.
    static func withConfig(_ body: (_ folder: String, _ path: String) throws -> Void) throws {
        let scratch = try ScratchFolder("config")
        let folder = scratch.folderPath
        #expect(chmod(folder, 0o700) == 0)
        let path = folder + "/config"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o600) == 0)
        try body(folder, path)
    }

    static func check(_ path: String) -> (status: Int32, output: String) {
        var output = ""
        let status = ConfigurationCheck.run(path: path, named: true) { output += $0 }
        return (status, output)
    }

    @Test("A config file others can change, or whose folder they can change, is not used, and --check-config says why", arguments: [
        ("world-writable", 0o666, 0o700, "not used: others can change it (mode 0666), and a config file can run a program as you (sync password-command); run chmod go-w PATH"),
        ("group-writable", 0o620, 0o700, "not used: others can change it (mode 0620), and a config file can run a program as you (sync password-command); run chmod go-w PATH"),
        ("in a world-writable folder", 0o600, 0o777, "not used: others can replace it, since they can change its folder FOLDER (mode 0777), and a config file can run a program as you (sync password-command); run chmod go-w FOLDER"),
    ])
    func writableByOthers(name: String, fileMode: Int, folderMode: Int, problem: String) throws {
        try Self.withConfig { folder, path in
            #expect(chmod(path, mode_t(fileMode)) == 0 && chmod(folder, mode_t(folderMode)) == 0)
            let configuration = Configuration.load(path: path)
            let expected = problem.replacingOccurrences(of: "FOLDER", with: folder).replacingOccurrences(of: "PATH", with: path)
            #expect(configuration.refusal == expected, "\(name)")
            #expect(configuration.problems == ["\(path): \(expected)"])
            #expect(configuration.sync.url == nil && configuration.sync.passwordCommand == nil, "nothing of it is used")
            #expect(configuration.colors.isEmpty)
            let checked = Self.check(path)
            #expect(checked.status == 1 && checked.output == "\(path): \(expected)\n")
            // tick sync says why sync is not configured.
            let context = CommandContext(environment: [:], today: Day(iso: "2026-11-29")!, localTime: .utc, write: { _ in }, writeError: { _ in })
            context.configuration = configuration
            #expect(throws: CommandFailure("the config file was \(expected)")) { try SyncCommand(ParsedArguments.parse([], for: SyncCommand.description)).run(in: context) }
        }
    }

    @Test("A config file of another user is not used", .enabled(if: getuid() == 0, "only root can give a file away"))
    func ownedByAnotherUser() throws {
        try Self.withConfig { folder, path in
            #expect(chown(path, 4242, 4242) == 0)
            #expect(Configuration.load(path: path).refusal
                == "not used: it belongs to another user (uid 4242), and a config file can run a program as you (sync password-command)")
            #expect(chown(path, 0, 0) == 0 && chown(folder, 4242, 4242) == 0)
            #expect(Configuration.load(path: path).refusal?.hasPrefix("not used: its folder \(folder) belongs to another user (uid 4242)") == true)
        }
    }

    @Test("A private config file is used, also in a sticky world-writable folder such as /tmp and through a link")
    func privateFilesAreUsed() throws {
        try Self.withConfig { folder, path in
            #expect(Configuration.load(path: path).refusal == nil)
            #expect(Configuration.load(path: path).sync.url == "https://dav.example.com/")
            #expect(chmod(path, 0o644) == 0, "others may read it: no password is in it")
            #expect(Configuration.load(path: path).problems.isEmpty)
            #expect(chmod(folder, 0o1777) == 0)
            #expect(Configuration.load(path: path).problems.isEmpty, "sticky: only the owner can replace the file")
            #expect(chmod(folder, 0o700) == 0)
            let link = folder + "/link"
            #expect(symlink(path, link) == 0)
            #expect(Configuration.load(path: link).sync.url == "https://dav.example.com/")
        }
    }

    @Test("A config that is not a regular file is refused without reading it; /dev/null means no settings", arguments: [
        ("/dev/zero", "not read: it is a character device, not a regular file"),
        ("/dev/urandom", "not read: it is a character device, not a regular file"),
        ("FIFO", "not read: it is a named pipe (FIFO), not a regular file"),
        ("FOLDER", "not read: it is a folder, not a regular file"),
    ])
    func notARegularFile(name: String, refusal: String) throws {
        try Self.withConfig { folder, _ in
            var path = name
            if name == "FIFO" {
                path = folder + "/fifo"
                #expect(mkfifo(path, 0o600) == 0)
            } else if name == "FOLDER" {
                path = folder
            }
            // Returns at once: a FIFO without a writer is not waited on, /dev/zero is not read.
            let configuration = Configuration.load(path: path)
            #expect(configuration.refusal == refusal)
            #expect(Self.check(path) == (1, "\(path): \(refusal)\n"))
        }
        #expect(Configuration.load(path: "/dev/null") == Configuration())
        #expect(Self.check("/dev/null") == (0, "config OK: /dev/null\n"))
    }

    @Test("A config file larger than 1 MiB is not read")
    func tooLarge() throws {
        try Self.withConfig { _, path in
            try String(repeating: "# a comment line\n", count: 70_000).write(toFile: path, atomically: true, encoding: .utf8)
            #expect(chmod(path, 0o600) == 0)
            #expect(Configuration.load(path: path).refusal == "not read: it is larger than 1 MiB")
        }
    }
}
