import CProcessSupport
import Foundation
import Testing
@testable import TickApp

/// Issue 28, points 8, 9 and 17: `password-command` is bounded in size and time, starts with none of
/// Tick's descriptors and without `TICK_SYNC_PASSWORD` (as the editor and the link opener do), a
/// `~/.netrc` others can read is not used for the password, and a process holding a password dumps no core.
@Suite("Sync password bounds", .serialized)
struct SyncPasswordBoundsTests {
    static let environment = ["PATH": "/usr/bin:/bin"]

    static func settings(_ lines: String) -> SyncSettings { Configuration.parse(lines, path: "config").sync }

    static func password(_ command: String, timeout: Double = SyncPassword.commandTimeoutSeconds,
                         environment: [String: String] = environment) throws(SyncPassword.Problem) -> String? {
        let settings = Self.settings("sync url https://dav.example.com/\nsync password-command \(command)\n")
        let secret = try SyncPassword.resolve(settings, environment: environment, commandTimeoutSeconds: timeout,
                                              readFile: { _ throws(SyncPassword.Problem) in nil })
        return secret.map { secret in secret.withCString { String(cString: $0) } }
    }

    @Test("A command that never stops printing (yes) gives its first line: it is not read to the end")
    func endlessOutput() throws {
        #expect(try Self.password("yes hunter2") == "hunter2")
    }

    @Test("A first line longer than 4096 bytes is refused, not read whole")
    func endlessLine() throws {
        #expect(throws: SyncPassword.Problem(description: "sync password-command cat printed more than 4096 bytes without a line break")) {
            try Self.password("cat /dev/zero")
        }
    }

    @Test("A command that does not end in time is killed and said", arguments: ["sleep 1000", "sh -c 'echo hunter2; exec sleep 1000'"])
    func hangingCommand(command: String) throws {
        let program = command.split(separator: " ").first!
        #expect(throws: SyncPassword.Problem(description: "sync password-command \(program) did not finish within 1 s, so it was stopped")) {
            try Self.password(command, timeout: 1)
        }
    }

    @Test("The command starts with only the standard streams open and without TICK_SYNC_PASSWORD")
    func nothingInherited() throws {
        // A descriptor Tick has open without close-on-exec (as a library might leave one).
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        #expect(leaked > 2)
        let environment = Self.environment.merging(["TICK_SYNC_PASSWORD": "from-the-environment"]) { $1 }
        let seen = try Self.password("sh -c 'if [ -e /proc/$$/fd/\(leaked) ]; then echo leaked; else echo \"${TICK_SYNC_PASSWORD-unset}\"; fi'",
                                     environment: environment)
        #expect(seen == "unset")
    }

    @Test("The editor and the link opener get neither Tick's other descriptors nor TICK_SYNC_PASSWORD")
    func programsInheritNothing() throws {
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let environment = Self.environment.merging(["TICK_SYNC_PASSWORD": "from-the-environment"]) { $1 }
        let check = ["sh", "-c", "[ ! -e /proc/$$/fd/\(leaked) ] && [ -z \"${TICK_SYNC_PASSWORD+set}\" ]"]
        #expect(ProgramLauncher.runAndWait(check, environment: environment) == .exited(0))
        let programs = ExternalPrograms.system(environment: environment) { $0() }
        #expect(programs.environment["TICK_SYNC_PASSWORD"] == nil)
        #expect(programs.environment["PATH"] == "/usr/bin:/bin")
    }

    @Test("A ~/.netrc that holds the password and that others can read is not used, as ftp refuses it; private, it is")
    func netrcReadableByOthers() throws {
        let scratch = try ScratchFolder("netrc")
        let folder = scratch.folderPath
        let netrc = folder + "/.netrc"
        try "machine dav.example.com login me password s3cret\n".write(toFile: netrc, atomically: true, encoding: .utf8)
        let settings = Self.settings("sync url https://dav.example.com/\nsync user me\n")
        let environment = ["HOME": folder]
        #expect(chmod(netrc, 0o644) == 0)
        #expect(throws: SyncPassword.Problem(description: "\(netrc) holds the sync password but others can read or change it (mode 0644); "
                                             + "it is not used until you run chmod 600 \(netrc)")) {
            try SyncPassword.resolve(settings, environment: environment)
        }
        // tick --check-config says it too.
        let config = folder + "/config"
        try "sync url https://dav.example.com/\nsync user me\n".write(toFile: config, atomically: true, encoding: .utf8)
        var checked = ""
        #expect(ConfigurationCheck.run(path: config, named: true, environment: environment) { checked += $0 } == 1)
        #expect(checked == "\(netrc) holds the sync password but others can read or change it (mode 0644); it is not used until you run chmod 600 \(netrc)\n")
        #expect(!checked.contains("s3cret"))
        #expect(chmod(netrc, 0o600) == 0)
        #expect(ConfigurationCheck.run(path: config, named: true, environment: environment) { _ in } == 0)
        #expect(try SyncPassword.resolve(settings, environment: environment)?.equals(Array("s3cret".utf8)) == true)
        // Readable by others but without a password for this server: nothing is exposed by using it.
        let elsewhere = Self.settings("sync url https://other.example.com/\n")
        #expect(chmod(netrc, 0o644) == 0)
        #expect(try SyncPassword.resolve(elsewhere, environment: environment) == nil)
        // A FIFO in its place is refused, not waited on.
        #expect(unlink(netrc) == 0 && mkfifo(netrc, 0o600) == 0)
        #expect(throws: SyncPassword.Problem(description: "\(netrc) is not a regular file, so it is not read")) {
            try SyncPassword.resolve(settings, environment: environment)
        }
    }

    @Test("Once a password is read the process dumps no core, and the password is wiped after use")
    func noCoreDumpWhileHeld() throws {
        #expect(cp_set_dumpable(1) == 0)
        #expect(ProcessSecrecy.isDumpable)
        let secret = try #require(try SyncPassword.resolve(Self.settings("sync url https://dav.example.com/\n"),
                                                           environment: ["TICK_SYNC_PASSWORD": "hunter2"]))
        #expect(!ProcessSecrecy.isDumpable)
        #expect(secret.equals(Array("hunter2".utf8)))
        secret.wipe()
        #expect(secret.equals([UInt8](repeating: 0, count: 7)))
    }
}
