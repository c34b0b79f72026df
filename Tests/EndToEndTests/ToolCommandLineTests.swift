import Foundation
import Testing

/// The test tools' command lines: `--help` prints the usage and starts nothing, and an option the tool
/// does not know is a mistake (exit status 2) rather than a full run with the defaults.
@Suite("The test tools' command lines")
struct ToolCommandLineTests {
    /// A tool's run: its exit status and what it printed.
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs a built tool. `TMPDIR` names a folder that does not exist, so a tool that ignored its
    /// arguments and started a real run fails at once instead of running for minutes; a run still
    /// going after 120 s is ended (`ChildProcess` throws), so a planted bug cannot hang the suite.
    static func run(_ tool: String, _ arguments: [String]) throws -> Outcome {
        let binary = TickEndToEndTests.root.appendingPathComponent(".build/debug/\(tool)").path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build (make test does)")
        let scratch = try ScratchFolder("tool-command-line")
        let (output, errors) = (scratch.path("output"), scratch.path("errors"))
        // ChildProcess opens its output files without O_CREAT.
        for file in [output, errors] { try #require(FileManager.default.createFile(atPath: file, contents: nil)) }
        let status = try ChildProcess.run([binary] + arguments,
                                          environment: ["TMPDIR": "/nonexistent-tick-tool-test", "BENCH_TICK": "/nonexistent-tick-tool-test/tick",
                                                        "SWIFT_BACKTRACE": "interactive=no", "PATH": "/usr/bin:/bin"],
                                          output: output, errors: errors, timeout: 120)
        return Outcome(status: status, output: try String(contentsOfFile: output, encoding: .utf8),
                       errors: try String(contentsOfFile: errors, encoding: .utf8))
    }

    @Test("--help prints the usage on standard output and exits 0, starting no run", arguments: [
        ("tick-stress", ["--help"]), ("tick-stress", ["sync", "--help"]), ("tick-stress", ["--rounds", "3", "-h"]),
        ("tick-fuzz", ["--help"]), ("tick-bench", ["--help"]),
    ])
    func help(tool: String, arguments: [String]) throws {
        let outcome = try Self.run(tool, arguments)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.hasPrefix("usage: \(tool)"), "\(outcome.output)")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
    }

    @Test("An unknown option, a stray argument or a value of the wrong kind exits 2, naming it, with the usage", arguments: [
        ("tick-stress", ["--round", "3"], "unknown option --round"),
        ("tick-stress", ["--rounds", "many"], "--rounds needs a whole number, not many"),
        ("tick-stress", ["sync", "--max-ms", "5"], "unknown option --max-ms"),
        ("tick-fuzz", ["--seed"], "--seed needs a value (a whole number from 0 to 18446744073709551615)"),
        ("tick-fuzz", ["--seconds", "-1"], "--seconds needs a number of seconds, not -1"),
        ("tick-bench", ["1000"], "unexpected argument 1000"),
        ("tick-bench", ["--sizes", "0"], "unknown option --sizes"),
    ])
    func mistake(tool: String, arguments: [String], problem: String) throws {
        let outcome = try Self.run(tool, arguments)
        #expect(outcome.status == 2, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.errors.hasPrefix("\(tool): \(problem)\nusage: \(tool)"), "\(outcome.errors)")
        #expect(outcome.output.isEmpty, "\(outcome.output)")
    }
}
