import Foundation
import Testing
@testable import TickApp

/// Running the editor and starting the opener, for real, without a shell of Tick's own (the programs
/// here are small `sh` scripts only because tests need a program that does something observable).
@Suite("Starting programs without a shell")
struct ProgramLauncherTests {
    private let environment = ["PATH": "/usr/bin:/bin"]

    @Test("The editor's exit status, the signal that killed it, or why it could not start", arguments: [
        (["sh", "-c", "exit 0"], ProgramLauncher.Outcome.exited(0)),
        (["sh", "-c", "exit 3"], .exited(3)),
        (["sh", "-c", "kill -9 $$"], .killed(signal: 9)),
        (["tick-no-such-editor-here"], .couldNotStart("No such file or directory")),
    ])
    func waitedFor(command: [String], outcome: ProgramLauncher.Outcome) {
        #expect(ProgramLauncher.runAndWait(command, environment: environment) == outcome)
    }

    @Test("Arguments reach the program as they are: no shell expands $, globs or quotes in them")
    func argumentsAsTheyAre() throws {
        let scratchDirectory = try ScratchFolder("launch")
        let directory = scratchDirectory.url
        let output = directory.appendingPathComponent("args").path
        let outcome = ProgramLauncher.runAndWait(["sh", "-c", "printf '%s|' \"$@\" > \"$0\"", output, "$HOME", "*", "a b", "'q'"],
                                                 environment: environment)
        #expect(outcome == .exited(0))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "$HOME|*|a b|'q'|")
    }

    @Test("While the editor runs Tick ignores Ctrl-C and Ctrl-\\ and lets Ctrl-Z stop it; the editor gets the defaults; all is put back after")
    func signalsAroundTheEditor() throws {
        let scratchDirectory = try ScratchFolder("launch")
        let directory = scratchDirectory.url
        let output = directory.appendingPathComponent("status").path
        // A handler of our own for the three, as Tick's terminal session installs.
        var ours = sigaction()
        ours.__sigaction_handler.sa_handler = { _ in }
        var saved = (0..<3).map { _ in sigaction() }
        for (index, signal) in [SIGINT, SIGQUIT, SIGTSTP].enumerated() { sigaction(signal, &ours, &saved[index]) }
        defer { for (index, signal) in [SIGINT, SIGQUIT, SIGTSTP].enumerated() { sigaction(signal, &saved[index], nil) } }
        let outcome = ProgramLauncher.runAndWait(["sh", "-c", "grep -E '^Sig(Ign|Cgt)' /proc/$PPID/status > \"$0\"; grep -E '^Sig(Ign|Cgt)' /proc/$$/status >> \"$0\"", output],
                                                 environment: environment)
        #expect(outcome == .exited(0))
        let masks = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map { UInt64($0.split(separator: "\t").last!, radix: 16)! }
        let bit = { (signal: Int32) in UInt64(1) << UInt64(signal - 1) }
        // Tick while waiting: SIGINT and SIGQUIT ignored, SIGTSTP neither ignored nor caught (the default: stop).
        #expect(masks[0] & bit(SIGINT) != 0 && masks[0] & bit(SIGQUIT) != 0)
        #expect(masks[0] & bit(SIGTSTP) == 0 && masks[1] & bit(SIGTSTP) == 0)
        // The editor: none of them ignored.
        #expect(masks[2] & (bit(SIGINT) | bit(SIGQUIT) | bit(SIGTSTP)) == 0)
        // Afterwards our handlers are back.
        for signal in [SIGINT, SIGQUIT, SIGTSTP] {
            var now = sigaction()
            sigaction(signal, nil, &now)
            #expect(unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(ours.__sigaction_handler.sa_handler, to: Int.self))
        }
    }

    @Test("A missing opener is reported at once")
    func missingOpener() {
        #expect(ProgramLauncher.startDetached(["tick-no-such-opener-here", "https://example.com"], environment: environment)
                == .couldNotStart("No such file or directory"))
    }

    @Test("The opener runs in its own session with standard input, output and error on /dev/null")
    func detached() throws {
        let scratchDirectory = try ScratchFolder("launch")
        let directory = scratchDirectory.url
        let output = directory.appendingPathComponent("fds").path
        // The shell's own descriptors, and whether it leads its session (its session id is its pid).
        let script = "fds=$(readlink /proc/$$/fd/0 /proc/$$/fd/1 /proc/$$/fd/2); sid=$(ps -o sid= -p $$ | tr -d ' ');"
            + " printf '%s\\n%s\\n%s\\n' \"$fds\" \"$sid\" $$ > \"$0.part\"; mv \"$0.part\" \"$0\""
        #expect(ProgramLauncher.startDetached(["sh", "-c", script, output], environment: environment) == .started)
        // Waits for the file the opener writes (not a timing assertion: the deadline only ends a hung test).
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: output), Date() < deadline { usleep(10_000) }
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["/dev/null", "/dev/null", "/dev/null"])
        #expect(lines.count == 5 && lines[3] == lines[4])
        // The shell may still be exiting after its `mv`. Reap it before the test ends: a zombie left in
        // the test process blocks Swift Testing's exit-test monitor (it waits on any child without
        // reaping, sees this one first forever), and every later exit test then hangs the whole run.
        let reapDeadline = Date().addingTimeInterval(20)
        repeat {
            ProgramLauncher.reapFinishedChildren()
            if ProgramLauncher.unreapedChildCount == 0 { break }
            usleep(10_000)
        } while Date() < reapDeadline
        #expect(ProgramLauncher.unreapedChildCount == 0, "the detached shell was never reaped")
    }
}
