import Foundation
import Testing

/// Key scripts and the user's store: keys piped in by accident must never change it.
@Suite("Key scripts change only a store they are given")
struct ScriptStoreTests {
    /// A home folder holding a default store with three todos, removed at the end of the test.
    final class Home {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-home-\(UUID().uuidString)")
        var store: String { folder.appendingPathComponent(".local/share/tick/tick.db").path }
        /// HOME points here; XDG_DATA_HOME and TICK_DB are emptied, so the default store is the one above.
        var environment: [String: String] { ["HOME": folder.path, "XDG_DATA_HOME": "", "TICK_DB": ""] }

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for title in ["Pay rent", "Call mum", "Buy milk"] {
                #expect(try CommandLineTests.run(["add", title], environment: environment).status == 0)
            }
        }
        deinit { try? FileManager.default.removeItem(at: folder) }

        /// `tick ls --all` on the default store.
        func listing() throws -> String { try CommandLineTests.run(["ls", "--all"], environment: environment).output }
    }

    @Test("Keys piped in without --db or TICK_DB play on a throwaway store and leave the default store as it was",
          arguments: ["dd", "ddddddx", "Desktop\nDocuments\nMusic\n", "aBuy milk<Enter>"])
    func pipedKeysChangeNothing(keys: String) throws {
        let home = try Home()
        let before = try home.listing()
        #expect(before.split(separator: "\n").count == 3)
        let outcome = try CommandLineTests.run(["--size", "40x4"], input: keys, environment: home.environment)
        #expect(outcome.status == 0)
        #expect(try home.listing() == before)
        // The screen is what the keys did to an empty store: none of the user's todos shows.
        #expect(!outcome.output.contains("Pay rent"))
        // Keys that changed something are told that nothing was saved, on standard error only.
        #expect(outcome.errors.contains("nothing was saved") == (keys == "aBuy milk<Enter>"))
        #expect(!outcome.output.contains("nothing was saved"))
    }

    @Test("Running the README's example twice shows the same screen: each run starts from an empty store")
    func readmeExampleRepeats() throws {
        let home = try Home()
        let first = try CommandLineTests.run(["--size", "40x4"], input: "aBuy milk<Enter>x", environment: home.environment)
        let second = try CommandLineTests.run(["--size", "40x4"], input: "aBuy milk<Enter>x", environment: home.environment)
        #expect(first.output == "▾ Inbox · 0 open · 1 done ─────────────\n[✓] Buy milk\n\nDone: “Buy milk”         0 open · 1 done\n")
        #expect(second.output == first.output)
    }

    @Test("--script FILE without a store named runs on a throwaway store too")
    func scriptFileChangesNothing() throws {
        let home = try Home()
        let before = try home.listing()
        let script = home.folder.appendingPathComponent("clear.keys").path
        try "dddddd".write(toFile: script, atomically: true, encoding: .utf8)
        let outcome = try CommandLineTests.run(["--script", script], environment: home.environment)
        #expect(outcome.status == 0)
        #expect(try home.listing() == before)
    }

    @Test("With --db, TICK_DB or --db \"$(tick --default-db)\" the script changes that store", arguments: ["--db", "TICK_DB", "--default-db"])
    func namedStoreChanges(how: String) throws {
        let home = try Home()
        var arguments = ["--size", "40x4"]
        var environment = home.environment
        switch how {
        case "--db": arguments += ["--db", home.store]
        case "TICK_DB": environment["TICK_DB"] = home.store
        default:
            let printed = try CommandLineTests.run(["--default-db"], environment: environment)
            #expect(printed.status == 0 && printed.output == home.store + "\n")
            arguments += ["--db", String(printed.output.dropLast())]
        }
        let outcome = try CommandLineTests.run(arguments, input: "dd", environment: environment)
        #expect(outcome.status == 0 && outcome.errors.isEmpty)
        // d deletes the selected todo: twice, the first two.
        #expect(try home.listing().split(separator: "\n").map { String($0.suffix(8)) } == ["Buy milk"])
    }

    @Test("--db :memory: works for every kind of run and leaves no file named :memory: behind", arguments: [
        ["add", "Milk"], ["ls"], ["export"], ["rm", "1"], ["--size", "30x3"],
    ])
    func memoryStore(arguments: [String]) throws {
        let home = try Home()
        let outcome = try CommandLineTests.run(["--db", ":memory:"] + arguments, input: "aMilk<Enter>", environment: home.environment,
                                               currentFolder: home.folder.path)
        // rm finds no todo 1 in an empty store: refused (1), but not for want of a store.
        #expect(outcome.status == (arguments.first == "rm" ? 1 : 0))
        #expect(!outcome.errors.contains("write-ahead"))
        #expect(!outcome.errors.contains("nothing was saved"))
        #expect(!FileManager.default.fileExists(atPath: home.folder.appendingPathComponent(":memory:").path))
    }
}
