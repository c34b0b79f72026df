import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 30: the completion scripts complete ids (with their titles in zsh and fish), list names,
/// tags and `@when` words through the hidden `tick __complete KIND [WORD]`, which reads the store
/// without changing it and answers nothing (exit 0) when it cannot.
@Suite("Completion words from the store")
struct CompletionWordsTests {
    /// A store with two lists, tags, a done todo and a title with a tab and a line break.
    private func filled() throws -> CommandHarness {
        let tick = try CommandHarness()
        for arguments in [["add", "Buy milk #shop"], ["add", "Call mum #Family #shop", "--list", "Home office"], ["add", "Done one"],
                          ["add", "Tab\there"]] {
            #expect(tick.run(arguments).status == 0)
        }
        #expect(tick.run(["done", "3"]).status == 0)
        return tick
    }

    @Test("ids are the open todos with their titles on one line, newest first; a prefix picks ids that begin with it")
    func ids() throws {
        let tick = try filled()
        #expect(tick.run(["__complete", "ids"]).output == "4\tTab here\n2\tCall mum\n1\tBuy milk\n")
        for _ in 5...12 { #expect(tick.run(["add", "More"]).status == 0) }
        #expect(tick.run(["__complete", "ids", "1"]).output == "1\tBuy milk\n10\tMore\n11\tMore\n12\tMore\n")
        #expect(tick.run(["__complete", "ids", "#2"]).output == "2\tCall mum\n")
        #expect(tick.run(["__complete", "ids", "3"]).output == "", "3 is done")
        #expect(tick.run(["__complete", "ids", "x"]).output == "")
    }

    @Test("lists, tags, @when words, and a title word's #tags and @words")
    func words() throws {
        let tick = try filled()
        #expect(tick.run(["__complete", "lists"]).output == "Inbox\nHome office\n")
        #expect(tick.run(["__complete", "tags"]).output == "Family\nshop\n")
        let when = tick.run(["__complete", "when"]).output.split(separator: "\n")
        #expect(when.contains("tomorrow") && when.contains("tonight") && when.contains("next-week"))
        for word in when where word != "none" {
            let parsed = TitleSyntax.parse("x @" + word, today: tick.today, now: 0)
            #expect(parsed.due != nil, "@\(word) is offered, so it must be a date")
        }
        #expect(tick.run(["__complete", "title", "#s"]).output == "#Family\n#shop\n")
        #expect(tick.run(["__complete", "title", "@"]).output.hasPrefix("@today\n@tomorrow\n"))
        #expect(tick.run(["__complete", "title", "milk"]).output == "")
    }

    @Test("A missing, damaged or foreign store answers nothing with exit 0, and none is created or changed", arguments: ["missing", "damaged", "text"])
    func unreadableStore(kind: String) throws {
        let tick = try CommandHarness()
        let path = tick.file("store.db")
        if kind == "damaged" { try Data(repeating: 0xAB, count: 8192).write(to: URL(fileURLWithPath: path)) }
        if kind == "text" { try "not a store\n".write(toFile: path, atomically: true, encoding: .utf8) }
        let before = FileManager.default.contents(atPath: path)
        for source in CompletionSource.allCases where source != .when {
            let outcome = tick.run(["--db", path, "__complete", source.rawValue, source == .title ? "#" : ""])
            #expect(outcome.status == 0)
            #expect(outcome.output == "" && outcome.errors == "")
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(kind != "missing" || !FileManager.default.fileExists(atPath: path))
    }

    @Test("Reading completions changes nothing in the store file")
    func readsOnly() throws {
        let tick = try filled()
        let before = try #require(FileManager.default.contents(atPath: tick.path))
        for source in CompletionSource.allCases { _ = tick.run(["__complete", source.rawValue]) }
        #expect(FileManager.default.contents(atPath: tick.path) == before)
    }

    @Test("__complete is hidden: not in the help, the manual page, the suggestions or the completion scripts' command lists")
    func hidden() throws {
        let tick = try CommandHarness()
        #expect(!tick.run(["help"]).output.contains("__complete"))
        #expect(!ManualPage.text.contains("__complete"))
        #expect(tick.run(["__complet"]).errors.contains("did you mean") == false)
        for shell in CompletionScript.Shell.allCases {
            let script = CompletionScript.script(for: shell)
            #expect(!script.contains("__complete)") && !script.contains("-a __complete"), "\(shell)")
            #expect(script.contains("__complete"), "\(shell) calls it")
        }
    }
}

/// The generated scripts call `tick __complete` and use its answer, tried in the real shells: bash
/// through `complete`'s function, fish through `complete -C`, zsh by calling its helper functions
/// with the completion builtins stood in for. A fake `tick` first in `PATH` records its arguments.
@Suite("Completion scripts in the shells")
struct CompletionScriptShellTests {
    /// A folder with the script for `shell` and a fake `tick` that logs its arguments and answers ids
    /// and lists as the real one does.
    private func prepare(_ shell: CompletionScript.Shell) throws -> (folder: URL, log: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tick-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("calls").path
        let fake = """
            #!/bin/sh
            echo "$*" >> '\(log)'
            case "$*" in
                *"__complete ids"*) printf '12\\tBuy milk\\n13\\tCall: mum\\n' ;;
                *"__complete lists"*) printf 'Work\\nHome office\\n' ;;
                *"__complete tags"*) printf 'shop\\nwork\\n' ;;
            esac
            """
        try fake.write(to: folder.appendingPathComponent("tick"), atomically: true, encoding: .utf8)
        chmod(folder.appendingPathComponent("tick").path, 0o755)
        try CompletionScript.script(for: shell).write(to: folder.appendingPathComponent("script"), atomically: true, encoding: .utf8)
        return (folder, log)
    }

    /// Runs `shell -c script` with the fake first in `PATH`; its standard output.
    private func run(_ program: String, _ arguments: [String], folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ["PATH": folder.path + ":/usr/bin:/bin", "HOME": folder.path, "XDG_CONFIG_HOME": folder.path,
                               "XDG_DATA_HOME": folder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("bash: ids after edit, list names after --list (one word each), tags after --tag, passing --db on")
    func bash() throws {
        let (folder, log) = try prepare(.bash)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            source '\(folder.path)/script'
            show() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tick; printf '%s|' "${COMPREPLY[@]}"; echo; }
            show tick edit 1
            show tick mv 12 --list ''
            show tick add x --tag s
            show tick --db /tmp/other.db done ''
            """
        let lines = try run("/bin/bash", ["-c", script], folder: folder).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(4) == ["12|13|", "Work|Home\\ office|", "shop|", "12|13|"])
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls == ["__complete ids 1", "__complete lists ", "__complete tags s", "--db /tmp/other.db __complete ids "])
    }

    @Test("fish: ids with their titles as descriptions, list names after --list", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fish() throws {
        let (folder, log) = try prepare(.fish)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try run("/usr/bin/fish", ["--no-config", "-c", "source '\(folder.path)/script'; complete -C 'tick edit '; complete -C 'tick ls --list '"],
                             folder: folder)
        #expect(output.contains("12\tBuy milk\n") && output.contains("13\tCall: mum\n"))
        let lines = output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("Work\t") } && lines.contains { $0.hasPrefix("Home office\t") }, "each with the option's description")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("__complete ids"))
    }

    @Test("zsh: the script loads, _tick_ids offers id:title pairs and _tick_stored the words", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zsh() throws {
        let (folder, log) = try prepare(.zsh)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            compdef() { : }
            _describe() { local name=${@[-1]}; print -rl -- "${(@P)name}" }
            compadd() { local name=${@[-1]}; print -rl -- "${(@P)name}" }
            source '\(folder.path)/script'
            PREFIX=1 _tick_ids
            PREFIX= _tick_stored lists
            """
        let output = try run("/usr/bin/zsh", ["-f", "-c", script], folder: folder)
        #expect(output == "12:Buy milk\n13:Call: mum\nWork\nHome office\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "__complete ids 1\n__complete lists \n")
    }
}
