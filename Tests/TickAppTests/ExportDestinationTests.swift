import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Where `tick export FILE` writes: a safe temporary file renamed into place, devices and FIFOs
/// written through, symbolic links followed.
@Suite("Command line: where export writes")
struct ExportDestinationTests {
    /// A store with two todos, and what `tick export` prints for it.
    static func filled() throws -> (CommandHarness, expected: String) {
        let tick = try CommandHarness()
        tick.run(["add", "Buy milk"])
        tick.run(["add", "--list", "Work", "Ship release"])
        let expected = tick.run(["export"]).output
        #expect(expected.contains("Buy milk") && expected.contains("Ship release"))
        return (tick, expected)
    }

    static func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        #expect(lstat(path, &status) == 0)
        return status.st_mode
    }

    /// The names in the harness's folder other than the store's own files.
    static func leftovers(_ tick: CommandHarness) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tick.folder.path).filter { !$0.hasPrefix("tick.db") }.sorted()
    }

    @Test("A symbolic link planted at the temporary file's old predictable name is never followed")
    func plantedLinkIsNotFollowed() throws {
        let (tick, expected) = try Self.filled()
        let victim = tick.file("victim.txt")
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        // The names the old code used (.NAME.tick-PID.tmp); the command runs in this process.
        for name in ["out.txt", "out.json"] {
            try FileManager.default.createSymbolicLink(atPath: tick.file(".\(name).tick-\(getpid()).tmp"), withDestinationPath: victim)
        }
        #expect(tick.run(["export", tick.file("out.txt")]).status == 0)
        #expect(tick.run(["export", tick.file("out.json")]).status == 0)
        #expect(try Self.contents(victim) == "precious\n")
        #expect(try Self.contents(tick.file("out.txt")) == expected)
        #expect(try Self.contents(tick.file("out.json")).hasPrefix("{\n  \"format\": \"tick\""))
        // Nothing else is left behind: no temporary file.
        #expect(try Self.leftovers(tick) == [".out.json.tick-\(getpid()).tmp", ".out.txt.tick-\(getpid()).tmp", "out.json", "out.txt", "victim.txt"])
    }

    @Test("A new export is private (0600); a replaced one keeps its permissions", arguments: [
        (nil, 0o600), (0o644, 0o644), (0o640, 0o640), (0o600, 0o600),
    ] as [(mode_t?, mode_t)])
    func permissions(existing: mode_t?, expected: mode_t) throws {
        let (tick, _) = try Self.filled()
        let path = tick.file("backup.txt")
        if let existing {
            try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, existing) == 0)
        }
        #expect(tick.run(["export", path]).status == 0)
        #expect(Self.mode(path) & 0o7777 == expected)
        #expect(Self.mode(path) & S_IFMT == S_IFREG)
    }

    @Test("A symbolic link is followed: its target is replaced and the link stays a link", arguments: [
        "target.txt", "sub/target.txt", "../target-beside.txt",
    ])
    func symbolicLink(target: String) throws {
        let (tick, expected) = try Self.filled()
        try FileManager.default.createDirectory(atPath: tick.file("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tick.file("links"), withIntermediateDirectories: true)
        // The link's text is relative to the link's own folder.
        let resolved = URL(fileURLWithPath: tick.file("links")).appendingPathComponent(target).standardized.path
        try FileManager.default.createDirectory(atPath: (resolved as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "old\n".write(toFile: resolved, atomically: false, encoding: .utf8)
        #expect(chmod(resolved, 0o644) == 0)
        let link = tick.file("links/backup.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let outcome = tick.run(["export", link])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try Self.contents(resolved) == expected)
        #expect(Self.mode(resolved) & 0o7777 == 0o644)
    }

    @Test("A dangling symbolic link is followed and its target created, as a shell's > does; a loop is refused")
    func danglingLink() throws {
        let (tick, expected) = try Self.filled()
        let link = tick.file("backup.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "new.txt")
        #expect(tick.run(["export", link]).status == 0)
        #expect(try Self.contents(tick.file("new.txt")) == expected)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "new.txt")

        try FileManager.default.createSymbolicLink(atPath: tick.file("loop"), withDestinationPath: "loop")
        let loop = tick.run(["export", tick.file("loop")])
        #expect(loop.status == 1)
        #expect(loop.errors == "tick export: cannot write \(tick.file("loop")): Too many levels of symbolic links\n")
    }

    @Test("A FIFO is written through, not replaced by a regular file")
    func fifo() throws {
        let (tick, expected) = try Self.filled()
        let path = tick.file("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        // A reader that does not block, so the export's open finds it; the export fits the pipe's buffer.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let outcome = tick.run(["export", path])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(String(decoding: try FileStream(descriptor: reader).readToEnd(), as: UTF8.self) == expected)
        #expect(Self.mode(path) & S_IFMT == S_IFIFO)
        #expect(try Self.leftovers(tick) == ["pipe"])
    }

    /// A character device like /dev/`name`, made in the test's folder when allowed (root), so a bug
    /// could never replace the machine's own; else the real one, which no one else can replace.
    static func device(_ name: String, in tick: CommandHarness) -> String {
        let path = tick.file(name)
        var real = stat()
        guard stat("/dev/\(name)", &real) == 0, mknod(path, S_IFCHR | 0o666, real.st_rdev) == 0 else { return "/dev/\(name)" }
        return path
    }

    @Test("A character device is written through: /dev/full's write error is exit 1 with a message, /dev/null takes it all")
    func characterDevices() throws {
        let (tick, _) = try Self.filled()
        let full = Self.device("full", in: tick)
        let failed = tick.run(["export", full])
        #expect(failed.status == 1)
        #expect(failed.output.isEmpty)
        #expect(failed.errors == "tick export: cannot write \(full): No space left on device\n")
        #expect(Self.mode(full) & S_IFMT == S_IFCHR)

        let null = Self.device("null", in: tick)
        let written = tick.run(["export", "--format", "json", null])
        #expect(written.status == 0)
        #expect(written.output == "Exported 2 todos to \(null) (JSON)\n")
        #expect(Self.mode(null) & S_IFMT == S_IFCHR)
        #expect(try Self.leftovers(tick).allSatisfy { $0 == "full" || $0 == "null" })
    }

    @Test("A folder is refused and left as it was")
    func folder() throws {
        let (tick, _) = try Self.filled()
        try FileManager.default.createDirectory(atPath: tick.file("backups"), withIntermediateDirectories: true)
        let outcome = tick.run(["export", tick.file("backups")])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick export: cannot write \(tick.file("backups")): Is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tick.file("backups")).isEmpty)
    }
}
