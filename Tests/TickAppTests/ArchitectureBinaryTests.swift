import Foundation
import Testing

/// Invariants of ARCHITECTURE.md about the `tick` binary that a reading of its sources can check:
/// it links FoundationEssentials at most (all of Foundation would add tens of megabytes to the
/// static binary), it never runs the tools' raw SQL, and it starts other programs only with
/// `posix_spawnp` from split words, never through a shell.
@Suite("What the tick binary links and starts")
struct ArchitectureBinaryTests {
    /// The Swift modules the `tick` binary is built from: `tick` and every module it reaches in the
    /// module graph (the C targets have no Swift sources and drop out).
    static func binaryModules() throws -> [String: [(path: String, text: String)]] {
        var reached: Set<String> = [], next = ["tick"]
        while let module = next.popLast() {
            guard reached.insert(module).inserted else { continue }
            next += ArchitectureInvariantTests.allowedImports[module] ?? []
        }
        var sources: [String: [(path: String, text: String)]] = [:]
        for source in try ArchitectureInvariantTests.swiftSources() where reached.contains(source.module) {
            sources[source.module, default: []].append((source.path, source.text))
        }
        return sources
    }

    /// The modules that import no Foundation at all, not even FoundationEssentials.
    static let withoutFoundation: Set<String> = ["CalDAV", "Terminal", "TermTable"]

    @Test("The tick binary's modules import FoundationEssentials at most, never all of Foundation; CalDAV, Terminal and TermTable not even that")
    func binaryLinksFoundationEssentialsAtMost() throws {
        let modules = try Self.binaryModules()
        #expect(Set(modules.keys) == ["tick", "TickApp", "TermTable", "Terminal", "TodoStore", "TodoSync", "CalDAV"], "the graph was walked")
        var problems: [String] = []
        for (module, sources) in modules {
            for source in sources {
                for imported in ArchitectureInvariantTests.importedModules(in: source.text) where imported.hasPrefix("Foundation") {
                    if imported != "FoundationEssentials" || Self.withoutFoundation.contains(module) {
                        problems.append("\(source.path) imports \(imported)")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "the tick binary must not link all of Foundation: \(problems)")
    }

    @Test("No module of the tick binary runs the tools' raw SQL (TodoStore+PackageTools): every write goes through the store's rules")
    func binaryRunsNoRawSQL() throws {
        let modules = try Self.binaryModules()
        #expect(modules["TickApp"]?.isEmpty == false, "the sources were read")
        let users = modules.filter { $0.key != "TodoStore" }.values.joined()
            .filter { $0.text.contains("executeForTools(") || $0.text.contains("integerForTools(") }.map(\.path)
        #expect(users.isEmpty, "raw SQL bypasses the journal, undo and the caches; it is for tick-stress and tick-bench only: \(users)")
    }

    /// The calls on `line` that start a program or a shell (`posix_spawnp(`, `system(`, `execv(`…,
    /// a `"/bin/sh", "-c"` argument list), as the names found; a comment or a declaration finds none.
    static func programStarts(in line: String) -> [String] {
        let code = line.components(separatedBy: "//").first ?? line
        var found: [String] = []
        let call = try! NSRegularExpression(
            pattern: #"(?<![\w.])(?<!func )(system|popen|fork|vfork|execv|execve|execvp|execvpe|execl|execle|execlp|posix_spawn|posix_spawnp)\s*\("#)
        for match in call.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
            found.append(String(code[Range(match.range(at: 1), in: code)!]))
        }
        if code.range(of: #""(/bin/|/usr/bin/)?(ba|da)?sh"\s*,\s*"-c""#, options: .regularExpression) != nil { found.append("sh -c") }
        return found
    }

    @Test("Program starts are found in calls, and not in comments, declarations or other calls", arguments: [
        ("        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)", ["posix_spawnp"]),
        ("    execve(path, argv, envp)", ["execve"]),
        ("    let status = system(command)", ["system"]),
        (#"    let words = ["/bin/sh", "-c", command]"#, ["sh -c"]),
        ("    public static func system(environment: [String: String]) -> ExternalPrograms {", []),
        ("        let programs = ExternalPrograms.system(environment: environment)", []),
        ("    // popen(command) would go through a shell", []),
        ("    posix_spawn_file_actions_addopen(&actions, 0, \"/dev/null\", O_RDONLY, 0)", []),
    ])
    func programStartsAreFound(line: String, names: [String]) {
        #expect(Self.programStarts(in: line) == names)
    }

    @Test("Only ProgramLauncher and SyncPassword start programs, with posix_spawnp; nothing in the tick binary calls a shell, system, popen, fork or exec")
    func programsStartWithoutAShell() throws {
        var spawners: Set<String> = [], problems: [String] = []
        for source in try Self.binaryModules().values.joined() {
            for (number, line) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for name in Self.programStarts(in: String(line)) {
                    if name == "posix_spawnp" { spawners.insert(source.path) } else { problems.append("\(source.path):\(number + 1): \(name)") }
                }
            }
        }
        #expect(spawners == ["Sources/TickApp/ExternalPrograms/ProgramLauncher.swift", "Sources/TickApp/Sync/SyncPassword.swift"],
                "programs start elsewhere too: keep them to ProgramLauncher (or say why here and in ARCHITECTURE.md)")
        #expect(problems.isEmpty, "no shell, ever (posix_spawnp from split words instead): \(problems)")
    }
}
