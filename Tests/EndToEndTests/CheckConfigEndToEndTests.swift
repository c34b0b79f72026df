import Foundation
import Testing

/// `tick --check-config` run as a program: what it prints and its exit status.
@Suite("tick --check-config")
struct CheckConfigEndToEndTests {
    @Test("Every problem is printed with its file and line and the status is 1; a good file is OK with status 0")
    func checksTheNamedFile() throws {
        let scratch = try ScratchFolder("check")
        let folder = scratch.url
        let config = folder.appendingPathComponent("config").path
        try "colour done red\nbind x\nsort due\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bad = try CommandLineTests.run(["--check-config", "--config", config])
        #expect(bad.status == 1)
        #expect(bad.output.split(separator: "\n").map { $0.prefix(config.count + 3) } == ["\(config):1:", "\(config):2:"])
        #expect(bad.errors == "")
        // Through TICK_CONFIG too, as the app finds it.
        try "sort due\n".write(toFile: config, atomically: true, encoding: .utf8)
        let good = try CommandLineTests.run(["--check-config"], environment: ["TICK_CONFIG": config])
        #expect(good.status == 0)
        #expect(good.output == "config OK: \(config)\n")
        let misused = try CommandLineTests.run(["--check-config", "--no-config"])
        #expect(misused.status == 2)
        #expect(misused.errors.contains("--check-config only checks a config file"))
    }
}
