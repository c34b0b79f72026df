import Foundation
import Testing

/// The invariants of ARCHITECTURE.md that a reading of the sources can check: which module imports
/// which (the one-way graph), which files touch each C library, and no symlinks in the repository.
/// SwiftPM lets a module import any module built before it, not only those it depends on, so the
/// graph holds only because this suite says so.
@Suite("Architecture invariants")
struct ArchitectureInvariantTests {
    /// The package root, found from this file's path (Tests/TickAppTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Tick modules each folder of `Sources` may import: `Package.swift`'s dependencies, which
    /// ARCHITECTURE.md draws as the module graph. A new edge is a design decision: change it here,
    /// in `Package.swift` and in the graph together.
    static let allowedImports: [String: Set<String>] = [
        "CNcursesw": [], "CSQLite": [], "CLibical": [], "CCurl": [], "CLibxml2": [],
        "CTerminalSupport": [], "CProcessSupport": [],
        "TermTable": [],
        "Terminal": ["TermTable", "CNcursesw", "CTerminalSupport"],
        "TodoStore": ["CSQLite", "CLibical"],
        "CalDAV": ["CCurl", "CLibxml2"],
        "TodoSync": ["TodoStore", "CLibical", "CalDAV"],
        "TickApp": ["TermTable", "TodoStore", "TodoSync", "CalDAV", "Terminal", "CProcessSupport"],
        "tick": ["TickApp", "TermTable", "TodoStore", "Terminal"],
        "TTBrowseKit": ["TermTable"],
        "tt-browse": ["TTBrowseKit", "TermTable", "Terminal"],
        "TickTesting": ["TodoStore"],
        "TestSupport": [],
        "TickFuzzing": ["TickApp", "TermTable", "TodoStore", "TickTesting"],
        "tick-fuzz": ["TickFuzzing", "TickTesting"],
        "tick-stress": ["TodoStore", "TickTesting", "TestSupport"],
        "tick-bench": ["TodoStore", "TermTable", "TTBrowseKit", "TodoSync", "CalDAV", "TickTesting", "TestSupport"],
    ]

    /// The only files that import each C library, as ARCHITECTURE.md's code map lists them.
    static let cLibraryImporters: [String: Set<String>] = [
        "CLibical": ["Sources/TodoStore/RecurrenceRule.swift", "Sources/TodoSync/LibicalGlue.swift",
                     "Sources/TodoSync/VTodoReader.swift", "Sources/TodoSync/VTodoWriter.swift"],
        "CSQLite": ["Sources/TodoStore/SQLiteConnection.swift", "Sources/TodoStore/SQLiteConnection+Clock.swift",
                    "Sources/TodoStore/SQLiteStatement.swift", "Sources/TodoStore/Components/BackgroundSearch.swift"],
        "CNcursesw": ["Sources/Terminal/TerminalScreen.swift", "Sources/Terminal/TerminalScreen+Input.swift",
                      "Sources/Terminal/TerminalScreen+OutsideCurses.swift", "Sources/Terminal/TerminalPreflight.swift",
                      "Sources/Terminal/CanvasPresenter.swift", "Sources/Terminal/CursesKeyCode.swift"],
        "CCurl": ["Sources/CalDAV/HTTPClient.swift", "Sources/CalDAV/HTTPClient+Parallel.swift", "Sources/CalDAV/HTTPMessages.swift", "Sources/CalDAV/ServerURL.swift"],
        "CLibxml2": ["Sources/CalDAV/XMLStreamReader.swift"],
        "CTerminalSupport": ["Sources/Terminal/TerminalScreen.swift", "Sources/Terminal/TerminalScreen+Input.swift",
                             "Sources/Terminal/TerminalScreen+OutsideCurses.swift", "Sources/Terminal/OutputByteCounter.swift"],
        "CProcessSupport": ["Sources/TickApp/ExternalPrograms/ProgramLauncher.swift", "Sources/TickApp/Sync/SyncPassword.swift",
                            "Sources/TickApp/Sync/ProcessSecrecy.swift"],
    ]

    /// The module names a Swift source imports (`import X`, `@testable import X.Y`, `import struct X.T`),
    /// read line by line; text that only looks like an import (a Python line in a string) has more after the name.
    static func importedModules(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(
            pattern: #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)(?:\.[\w.]+)?\s*(?://.*)?$"#,
            options: [.anchorsMatchLines])
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// Every Swift file under `Sources`, by its module's folder, with paths relative to the root.
    static func swiftSources() throws -> [(module: String, path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        var found: [(String, String, String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let path = "Sources/\(module)/" + file.path.dropFirst(folder.path.count + 1)
                found.append((module, path, try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return found
    }

    /// The module name a folder's target is imported by (`tick-bench` is `tick_bench`).
    static func moduleName(ofFolder folder: String) -> String { folder.replacingOccurrences(of: "-", with: "_") }

    @Test("Imports are read from every form of import line, and from nothing else", arguments: [
        ("import TodoStore", ["TodoStore"]),
        ("@testable import TickApp", ["TickApp"]),
        ("  @_implementationOnly import CSQLite  // the C API", ["CSQLite"]),
        ("public import struct TermTable.IndexPath", ["TermTable"]),
        ("@preconcurrency import Dispatch", ["Dispatch"]),
        ("        import os, signal, sys, threading, time", []),
        ("// import TickApp", []),
        ("let x = 1 // import TickApp", []),
    ])
    func importsAreRead(line: String, modules: [String]) {
        #expect(Self.importedModules(in: line) == modules)
    }

    @Test("Every module folder under Sources has its place in the allowed import table")
    func everyModuleIsInTheTable() throws {
        let folders = Set(try Self.swiftSources().map(\.module))
        #expect(folders.count > 10, "the scan found the sources")
        let missing = folders.subtracting(Self.allowedImports.keys)
        #expect(missing.isEmpty, "add these modules to allowedImports, Package.swift and ARCHITECTURE.md's graph: \(missing.sorted())")
    }

    @Test("Every module imports only the Tick modules it depends on: the graph is one-way, as ARCHITECTURE.md draws it")
    func importsFollowTheGraph() throws {
        let tickModules = Set(Self.allowedImports.keys.map(Self.moduleName(ofFolder:)))
        var problems: [String] = [], importsSeen = 0
        for source in try Self.swiftSources() {
            let allowed = Set((Self.allowedImports[source.module] ?? []).map(Self.moduleName(ofFolder:)))
            for module in Self.importedModules(in: source.text) where tickModules.contains(module) {
                importsSeen += 1
                if !allowed.contains(module) { problems.append("\(source.path) imports \(module)") }
            }
        }
        #expect(importsSeen > 100, "the scan found the imports")
        #expect(problems.isEmpty, "imports against the module graph: \(problems.joined(separator: "; "))")
    }

    @Test("The allowed import table is Package.swift's dependencies, and the graph has no cycle")
    func tableMatchesTheManifest() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:\s*,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var declared: [String: Set<String>] = [:]
        for match in pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = String(manifest[Range(match.range(at: 2), in: manifest)!])
            let list = Range(match.range(at: 3), in: manifest).map { String(manifest[$0]) } ?? ""
            declared[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""])) }
                .filter { !$0.isEmpty })
        }
        #expect(declared["TickApp"]?.contains("TodoStore") == true, "the manifest was read")
        #expect(declared == Self.allowedImports, "Package.swift and allowedImports differ: change both together")
        // Depth-first: a module reached again while its own dependencies are being walked closes a cycle.
        var done: Set<String> = [], walking: [String] = []
        func walk(_ module: String) {
            if done.contains(module) { return }
            if let start = walking.firstIndex(of: module) {
                Issue.record("cycle: \((walking[start...] + [module]).joined(separator: " → "))")
                return
            }
            walking.append(module)
            for dependency in (Self.allowedImports[module] ?? []).sorted() { walk(dependency) }
            walking.removeLast()
            done.insert(module)
        }
        for module in Self.allowedImports.keys.sorted() { walk(module) }
    }

    @Test("ARCHITECTURE.md's module graph (its “Module → dependencies” lines) is the allowed import table")
    func documentDrawsTheGraph() throws {
        let architecture = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var drawn: [String: Set<String>] = [:]
        for line in architecture.split(separator: "\n") {
            let parts = line.components(separatedBy: " → ")
            guard parts.count == 2 else { continue }
            // A graph line starts with the module's name at the left margin; prose has more words there.
            let module = parts[0].trimmingCharacters(in: .whitespaces)
            guard !module.isEmpty, !module.contains(" "), !line.hasPrefix(" ") else { continue }
            drawn[module] = Set(parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let expected = Self.allowedImports.filter { !$0.value.isEmpty }
        #expect(drawn == expected, """
            the graph in ARCHITECTURE.md differs from allowedImports: \
            drawn only \(drawn.filter { expected[$0.key] != $0.value }.keys.sorted()), \
            allowed only \(expected.filter { drawn[$0.key] != $0.value }.keys.sorted())
            """)
    }

    @Test("TermTable imports nothing at all, not even the C library or Foundation")
    func engineImportsNothing() throws {
        let engine = try Self.swiftSources().filter { $0.module == "TermTable" }
        #expect(engine.count > 20, "the scan found the engine")
        let imports = engine.flatMap { source in Self.importedModules(in: source.text).map { "\(source.path): \($0)" } }
        #expect(imports.isEmpty, "TermTable must stay free of imports: \(imports.joined(separator: "; "))")
    }

    @Test("TickApp talks to a real terminal only from the run loop and the playback commands")
    func appUsesTheTerminalInFewPlaces() throws {
        let users = try Self.swiftSources().filter { $0.module == "TickApp" && Self.importedModules(in: $0.text).contains("Terminal") }
        #expect(users.contains { $0.path == "Sources/TickApp/InteractiveSession.swift" }, "the scan found the run loop")
        let elsewhere = users.map(\.path).filter {
            $0 != "Sources/TickApp/InteractiveSession.swift" && !$0.hasPrefix("Sources/TickApp/CommandLine/")
        }
        #expect(elsewhere.isEmpty, "these files import Terminal, so they no longer run headless: \(elsewhere)")
    }

    @Test("Exactly the files ARCHITECTURE.md lists import each C library", arguments: cLibraryImporters.keys.sorted())
    func cLibraryImportersAreListed(library: String) throws {
        let importers = Set(try Self.swiftSources().filter { Self.importedModules(in: $0.text).contains(library) }.map(\.path))
        let listed = Self.cLibraryImporters[library]!
        #expect(importers == listed, """
            \(library) is imported by files not listed (\(importers.subtracting(listed).sorted())) \
            or no longer by listed ones (\(listed.subtracting(importers).sorted())): keep the list here and in ARCHITECTURE.md true
            """)
        let architecture = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let unnamed = listed.filter { !architecture.contains(($0 as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")) }
        #expect(unnamed.isEmpty, "ARCHITECTURE.md does not name these importers of \(library): \(unnamed.sorted())")
    }

    @Test("No tracked file is a symbolic link (a link between test folders once hid which target owned a file)")
    func noTrackedSymlinks() throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", Self.root.path, "ls-files", "-s", "-z"]
        let output = Pipe()
        git.standardOutput = output
        git.standardError = FileHandle.nullDevice
        try git.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else {
            // A source tree without its git directory (an unpacked tarball) has nothing to check.
            try #require(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(".git").path),
                         "git ls-files failed in a checkout")
            return
        }
        // Each entry: "MODE OBJECT STAGE\tPATH".
        let entries = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(entries.contains { $0.hasSuffix("\tPackage.swift") }, "git ls-files listed \(entries.count) entries, without Package.swift")
        let links = entries.filter { $0.hasPrefix("120000 ") }.map { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) ?? $0 }
        #expect(links.isEmpty, "tracked symbolic links (copy the file or share it through a target instead): \(links)")
    }
}
