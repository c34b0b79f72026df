import CalDAV
import Foundation
import Testing
@testable import TickApp

@Suite("Sync settings in the config file")
struct SyncSettingsTests {
    @Test("every sync line is read into the sync settings")
    func everySyncLine() {
        let configuration = Configuration.parse("""
            sync url https://dav.example.com/calendars/me/
            sync user alice
            sync password-command pass show "caldav/example com"
            sync ca-file /etc/tick/ca.pem
            sync insecure yes
            sync list Private no
            sync list Work Stuff no
            sync list Work Stuff yes
            sync interval 15
            """, path: "config")
        #expect(configuration.problems == [])
        let sync = configuration.sync
        #expect(sync.url == "https://dav.example.com/calendars/me/")
        #expect(sync.user == "alice")
        #expect(sync.passwordCommand == ["pass", "show", "caldav/example com"])
        #expect(sync.caFile == "/etc/tick/ca.pem")
        #expect(sync.allowsInsecureHTTP)
        #expect(sync.localLists == ["Private"])
        #expect(!sync.syncs(listNamed: "Private") && sync.syncs(listNamed: "Work Stuff"))
        #expect(sync.intervalMinutes == 15)
        #expect(SyncSettings().intervalMinutes == 5)
    }

    @Test("the limits a server cannot pass: an answer's size, a request's time and a sync's, with generous defaults")
    func limits() {
        let configuration = Configuration.parse("""
            sync url https://dav.example.com/calendars/me/
            sync max-answer 200
            sync request-timeout 30
            sync time-limit 120
            sync parallel-uploads 2
            """, path: "config")
        #expect(configuration.problems == [])
        #expect(configuration.sync.parallelUploads == 2)
        let sync = configuration.sync
        #expect(sync.maximumAnswerMegabytes == 200 && sync.requestTimeoutMinutes == 30 && sync.timeLimitMinutes == 120)
        let client = sync.clientConfiguration(home: try! ServerURL("https://dav.example.com/calendars/me/"), credentials: nil)
        #expect(client.maximumResponseBytes == 200 << 20)
        #expect(client.totalTimeout == .seconds(1800))
        #expect(client.origin?.origin == "https://dav.example.com:443")
        #expect(client.parallelRequests == 2)
        #expect(sync.timeLimit == .seconds(7200))
        let defaults = SyncSettings()
        #expect(defaults.maximumAnswerMegabytes == 64 && defaults.requestTimeoutMinutes == 10 && defaults.timeLimitMinutes == 60)
        #expect(defaults.parallelUploads == HTTPClient.Configuration.defaultParallelRequests)
    }

    @Test("bad sync lines are reported at their line, and a password line is refused without repeating it", arguments: [
        ("sync url ftp://example.com/", "sync url wants an http or https URL"),
        ("sync url https://alice:hunter2@example.com/", "sync url must not contain a user or password: use sync user and password-command, TICK_SYNC_PASSWORD or ~/.netrc"),
        ("sync password hunter2", "sync password is not read from the config file: use sync password-command, TICK_SYNC_PASSWORD or ~/.netrc"),
        ("sync password-command pass show $SECRET", "sync password-command cannot be run: it uses $, which needs a shell (Tick runs programs without one)"),
        ("sync insecure maybe", "sync insecure wants yes or no"),
        ("sync list Private", "sync list wants a list name and yes or no, like: sync list Private no"),
        ("sync interval often", "sync interval wants a number of minutes from 0 to 1440, like: sync interval 5"),
        ("sync interval -1", "sync interval wants a number of minutes from 0 to 1440, like: sync interval 5"),
        ("sync colour red", "unknown sync setting \"colour\" (url, user, password-command, ca-file, insecure, list, interval, max-answer, request-timeout, time-limit, parallel-uploads)"),
        ("sync", "sync wants a setting (url, user, password-command, ca-file, insecure, list, interval, max-answer, request-timeout, time-limit, parallel-uploads)"),
        ("sync max-answer 0", "sync max-answer wants a size in MB from 1 to 4096, like: sync max-answer 64"),
        ("sync max-answer lots", "sync max-answer wants a size in MB from 1 to 4096, like: sync max-answer 64"),
        ("sync request-timeout 0", "sync request-timeout wants a number of minutes from 1 to 1440, like: sync request-timeout 10"),
        ("sync time-limit forever", "sync time-limit wants a number of minutes from 1 to 1440, like: sync time-limit 60"),
        ("sync parallel-uploads 0", "sync parallel-uploads wants a number of requests from 1 to 8, like: sync parallel-uploads 4"),
        ("sync parallel-uploads 9", "sync parallel-uploads wants a number of requests from 1 to 8, like: sync parallel-uploads 4"),
    ])
    func badLines(line: String, problem: String) {
        let configuration = Configuration.parse("sync url https://dav.example.com/\n" + line + "\n", path: "config")
        #expect(configuration.problems == ["config:2: " + problem])
        #expect(!configuration.problems.joined().contains("hunter2"))
    }

    @Test("sync settings without a url are a problem of the file as a whole")
    func settingsWithoutURL() {
        #expect(Configuration.parse("sync user alice\n", path: "config").problems == [
            "config: sync settings without a sync url: add one, like: sync url https://dav.example.com/calendars/me/",
        ])
        #expect(Configuration.parse("mouse no\n", path: "config").problems == [])
    }

    @Test("tick --check-config reports sync problems and never prints the password")
    func checkConfigReportsSync() throws {
        let scratch = try ScratchFolder("sync")
        let folder = scratch.folderPath
        let path = folder + "/config"
        try "sync url https://dav.example.com/\nsync password hunter2\n".write(toFile: path, atomically: true, encoding: .utf8)
        var output = ""
        let status = ConfigurationCheck.run(path: path, named: true, write: { output += $0 })
        #expect(status == 1)
        #expect(output == "\(path):2: sync password is not read from the config file: use sync password-command, TICK_SYNC_PASSWORD or ~/.netrc\n")
    }
}

@Suite("Sync password")
struct SyncPasswordTests {
    static let netrc = """
        machine other.example.com login alice password wrong
        macdef init
        password macro-is-not-a-password

        machine DAV.example.com
          login bob password bobs-secret
        machine dav.example.com login alice password alices-secret
        default login anyone password fallback
        """

    static func settings(_ lines: String) -> SyncSettings { Configuration.parse(lines, path: "config").sync }

    /// A secret's text, for comparing in tests.
    static func text(_ secret: SyncPassword.Secret) -> String { secret.withCString { String(cString: $0) } }

    @Test("the password comes from password-command first, then TICK_SYNC_PASSWORD, then ~/.netrc by host and user")
    func sources() throws {
        let files = { (path: String) throws(SyncPassword.Problem) -> SyncPassword.NetrcFile? in
            path == "/home/me/.netrc" ? SyncPassword.NetrcFile(text: Self.netrc, mode: 0o600) : nil
        }
        let environment = ["HOME": "/home/me", "PATH": "/usr/bin:/bin"]
        let command = Self.settings("sync url https://dav.example.com/\nsync password-command printf 'from-command\\nsecond line'\n")
        #expect(try SyncPassword.resolve(command, environment: environment.merging(["TICK_SYNC_PASSWORD": "env"]) { $1 }, readFile: files).map(Self.text) == "from-command")
        let plain = Self.settings("sync url https://dav.example.com:5232/cal/\nsync user alice\n")
        #expect(try SyncPassword.resolve(plain, environment: environment.merging(["TICK_SYNC_PASSWORD": "env"]) { $1 }, readFile: files).map(Self.text) == "env")
        #expect(try SyncPassword.resolve(plain, environment: environment, readFile: files).map(Self.text) == "alices-secret")
        let bob = Self.settings("sync url https://dav.example.com/\nsync user bob\n")
        #expect(try SyncPassword.resolve(bob, environment: environment, readFile: files).map(Self.text) == "bobs-secret")
        let elsewhere = Self.settings("sync url https://[::1]:5232/\n")
        #expect(try SyncPassword.resolve(elsewhere, environment: environment, readFile: files).map(Self.text) == "fallback")
        #expect(try SyncPassword.resolve(plain, environment: environment, readFile: { _ throws(SyncPassword.Problem) in nil }) == nil)
    }

    @Test("in the open app a password-command's standard error goes to /dev/null, not over the screen; tick sync keeps it")
    func errorOutputOfTheCommand() throws {
        // The program prints where its own standard error goes (readlink of /proc/self/fd/2).
        let environment = ["PATH": "/usr/bin:/bin"]
        let whereErrorsGo = ["readlink", "/proc/self/fd/2"]
        #expect(Self.text(try SyncPassword.firstLine(ofOutputOf: whereErrorsGo, environment: environment, errorOutput: .discarded)) == "/dev/null")
        let inherited = Self.text(try SyncPassword.firstLine(ofOutputOf: whereErrorsGo, environment: environment, errorOutput: .inherited))
        let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/2")
        #expect(inherited == ours)
    }

    @Test("a password-command that fails, prints nothing or cannot start is a problem naming the program only")
    func commandProblems() {
        let environment = ["PATH": "/usr/bin:/bin"]
        let cases: [(String, String)] = [
            ("false hunter2", "sync password-command false failed (exit status 1)"),
            ("true hunter2", "sync password-command true printed no password"),
            ("no-such-program-for-tick hunter2", "sync password-command no-such-program-for-tick could not be started: No such file or directory"),
        ]
        for (command, message) in cases {
            let settings = Self.settings("sync url https://dav.example.com/\nsync password-command \(command)\n")
            #expect(throws: SyncPassword.Problem(description: message)) {
                try SyncPassword.resolve(settings, environment: environment, readFile: { _ throws(SyncPassword.Problem) in nil })
            }
        }
    }
}
