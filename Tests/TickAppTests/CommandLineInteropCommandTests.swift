import Foundation
import Testing
@testable import TickApp
import TodoStore

/// export, import, completions and help on a temporary store.
@Suite("Command line: export, import, completions, help")
struct CommandLineInteropCommandTests {
    /// A small store with a bit of everything.
    static func filled() throws -> CommandHarness {
        let tick = try CommandHarness()
        tick.run(["add", "Renew passport 🛂 !!! @+3d"])
        tick.run(["add", "--list", "Work", "Ship release !! @tomorrow"])
        tick.run(["add", "买牛奶"])
        tick.run(["edit", "3", "--notes", "oat\nor soy", "--flag"])
        tick.run(["done", "3"])
        return tick
    }

    @Test("export writes todo.txt or JSON to standard output or a file, and import brings it back", arguments: [
        (["export"], "todo.txt", ""), (["export", "--format", "json"], "b.json", ""),
        (["export", "out.json"], "out.json", "Exported 3 todos to @/out.json (JSON)\n"),
        (["export", "-f", "todotxt", "out.json"], "out.json", "Exported 3 todos to @/out.json (todo.txt)\n"),
    ])
    func exportAndImport(arguments: [String], file: String, message: String) throws {
        let tick = try Self.filled()
        let target = tick.file(file)
        let full = arguments.map { $0.hasSuffix(".json") && $0 == file ? target : $0 }
        let outcome = tick.run(full)
        #expect(outcome.status == 0 && outcome.errors.isEmpty)
        if message.isEmpty {
            try outcome.output.write(toFile: target, atomically: true, encoding: .utf8)
        } else {
            #expect(outcome.output == message.replacing("@", with: tick.folder.path))
        }
        let copy = tick.file("copy.db")
        let imported = tick.run(["--db", copy, "import", target], database: false)
        #expect(imported.status == 0)
        #expect(imported.output == "Imported 3 todos (1 done) into 2 lists from \(target)\n")
        // The same rows but for the ids, which the copy numbers afresh, and, through todo.txt (which has
        // no notes and no flag), the ✎ of the todo with notes and the ⚑ of the flagged one.
        let json = arguments.contains("json") || message.contains("(JSON)")
        let original = Self.withoutIDs(tick.output("ls", "--all")).map { json ? $0 : $0.replacing(" ✎", with: "").replacing("⚑ ", with: "") }
        #expect(Self.withoutIDs(tick.run(["ls", "--all", "--db", copy], database: false).output) == original)
    }

    static func withoutIDs(_ listing: String) -> [String] {
        listing.split(separator: "\n").map { String($0.drop { $0 == " " }.drop { $0 != " " }) }
    }

    @Test("A JSON export imported into an empty store lists the same todos with the same fields")
    func jsonIdentical() throws {
        let tick = try Self.filled()
        let json = tick.output("export", "--format", "json")
        let copy = tick.file("copy.db")
        #expect(tick.run(["--db", copy, "import", "-"], input: json, database: false).status == 0)
        let again = tick.run(["--db", copy, "export", "--format", "json"], database: false).output
        #expect(again.replacing(#/"id": \d+, /#, with: "") == json.replacing(#/"id": \d+, /#, with: ""))
    }

    @Test("A malformed file fails with FILE:LINE: problem and exit 1, and the store is unchanged", arguments: [
        ("bad.txt", "ok\nalso ok +Work\nx 2026-02-31 broken\n", "bad.txt:3: invalid date “2026-02-31”"),
        ("bad.json", "{\"todos\": [\n{\"title\": \"ok\"},\n{\"title\": \"\"}\n]}", "bad.json:3: invalid title: a todo needs a title"),
        ("trunc.json", "[{\"title\": \"ok\"},\n", "trunc.json:2: expected a value but the file ended"),
    ])
    func malformedImport(name: String, contents: String, message: String) throws {
        let tick = try Self.filled()
        let path = tick.file(name)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        let before = try tick.withStore { try $0.exportDocument() }
        let outcome = tick.run(["import", path])
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick import: \(tick.folder.path)/\(message)"))
        #expect(outcome.errors.hasSuffix(" (nothing was imported)\n"))
        #expect(try tick.withStore { try $0.exportDocument() } == before)
    }

    @Test("import detects the format unless told, and says what it could not read")
    func formatDetection() throws {
        let tick = try CommandHarness()
        let json = tick.file("list.txt")
        try "  [{\"title\": \"from JSON\", \"list\": \"Work\"}]".write(toFile: json, atomically: true, encoding: .utf8)
        #expect(tick.run(["import", json]).output == "Imported 1 todo (0 done) into 1 list from \(json)\n")
        let forced = tick.run(["import", "--format", "todotxt", json])
        #expect(forced.status == 0)
        #expect(tick.output("ls", "--list", "Inbox").contains("[{\"title\":"))
        let missing = tick.run(["import", tick.file("nope.txt")])
        #expect(missing.status == 1)
        #expect(missing.errors == "tick import: cannot read \(tick.file("nope.txt")): No such file or directory\n")
        // A folder is read as a vdir; this one holds no .ics files.
        let folder = tick.run(["import", tick.folder.path])
        #expect(folder.status == 1 && folder.errors.contains("holds no .ics files and no folders of them"))
    }

    @Test("export to a file in a missing folder fails with exit 1 and leaves nothing behind")
    func exportFailure() throws {
        let tick = try Self.filled()
        let outcome = tick.run(["export", tick.file("no/such/folder/out.json")])
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("tick export: cannot write \(tick.file("no/such/folder/out.json")): "))
    }

    @Test("Completion scripts name every command and every option, for each shell", arguments: CompletionScript.Shell.allCases)
    func completions(shell: CompletionScript.Shell) throws {
        let tick = try CommandHarness()
        let outcome = tick.run(["completions", shell.rawValue], database: false)
        #expect(outcome.status == 0)
        for command in CommandLineTool.commands {
            #expect(outcome.output.contains(command.description.name))
            for option in command.description.allOptions { #expect(outcome.output.contains(option.long), "\(option.long)") }
        }
        #expect(outcome.output.contains("todotxt json"))
    }

    @Test("Help is generated from each command's description: usage, every argument and option, examples")
    func help() throws {
        let tick = try CommandHarness()
        for command in CommandLineTool.commands {
            let description = command.description
            let help = tick.run([description.name, "--help"]).output
            #expect(help.hasPrefix("Usage: tick \(description.name)"))
            #expect(help == tick.run(["help", description.name]).output)
            #expect(help == tick.run([description.name, "extra", "-h", "--bogus"]).output, "help wins over mistakes")
            for argument in description.arguments { #expect(help.contains(argument.name)) }
            for option in description.allOptions { #expect(help.contains("--\(option.long)")) }
            for example in description.examples { #expect(help.contains(example)) }
            #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(description.name) help fits 80 columns")
        }
        let overview = tick.run(["help"]).output
        for command in CommandLineTool.commands { #expect(overview.contains("  \(command.description.name) ")) }
    }
}
