import Foundation
import Testing
@testable import TickApp

/// `tick help --man`: the manual page generated from the same descriptions as --help.
@Suite("Manual page")
struct ManualPageTests {
    /// groff, which renders man pages (Debian's groff-base; make test installs it).
    static let groff = ["/usr/bin/groff", "/usr/local/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The long options in the "Options:" table of a --help text.
    static func tableOptions(in help: String) -> [String] {
        guard let start = help.range(of: "\nOptions:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix(" ") }
            .compactMap { line -> String? in
                let label = line.drop { $0 == " " }
                // A label is indented 2 columns (6 without a short name); a wrapped explanation, further.
                guard label.hasPrefix("-"), [2, 6].contains(line.count - label.count) else { return nil }
                let long = label.components(separatedBy: " ").first { $0.hasPrefix("--") }
                return long.map { String($0.dropFirst(2).prefix { $0.isLetter || $0 == "-" }) }
            }
    }

    /// The part of the page from `heading` (a `.SH` or `.SS` line) to the next heading of that level or above.
    static func part(of page: String, from heading: String) throws -> String {
        let start = try #require(page.range(of: "\n" + heading + "\n"), "the page has no \(heading)")
        let rest = page[start.upperBound...]
        let next = [rest.range(of: "\n.SH "), heading.hasPrefix(".SS") ? rest.range(of: "\n.SS ") : nil]
            .compactMap { $0?.lowerBound }.min() ?? rest.endIndex
        return String(rest[..<next])
    }

    /// How an option's name appears as a term in the page.
    static func term(_ long: String) -> String { "\\fB\\-\\-" + long.replacing("-", with: "\\-") + "\\fR" }

    @Test("tick help --man prints the page; with a command it is a usage mistake")
    func printed() throws {
        let tick = try CommandHarness()
        let outcome = tick.run(["help", "--man"], database: false)
        #expect(outcome.status == 0 && outcome.errors.isEmpty)
        #expect(outcome.output == ManualPage.text)
        #expect(outcome.output.hasPrefix(".TH TICK 1 "))
        let mistake = tick.run(["help", "add", "--man"], database: false)
        #expect(mistake.status == 2 && mistake.errors.contains("--man prints the whole manual page"))
    }

    @Test("Every option in tick --help is in the page's OPTIONS")
    func appOptions() throws {
        let options = Self.tableOptions(in: CommandLineTool.overview)
        #expect(options.count >= 10, "the overview's options table was not found: \(options)")
        let section = try Self.part(of: ManualPage.text, from: ".SH \"OPTIONS\"")
        for option in options { #expect(section.contains(Self.term(option)), "--\(option) is in tick --help but not in the manual page") }
    }

    @Test("Every option in each command's --help is in that command's part of the page")
    func commandOptions() throws {
        let page = ManualPage.text
        for command in CommandLineTool.commands {
            let name = command.description.name
            let options = Self.tableOptions(in: command.description.help)
            #expect(options.contains("help"), "no options table found for \(name)")
            let section = try Self.part(of: page, from: ".SS " + ManualPageWriter.quoted("tick \(name)"))
            for option in options {
                #expect(section.contains(Self.term(option)), "--\(option) is in tick \(name) --help but not in the manual page")
            }
            #expect(section.contains(ManualPageWriter.escaped(command.description.summary)))
        }
    }

    @Test("The page covers every key of every mode's key map, key scripts, files, environment variables and exit codes")
    func coverage() throws {
        let page = ManualPage.text
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "KEYS", "KEY SCRIPTS", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
            #expect(page.contains("\n.SH \"\(heading)\"\n"), "no \(heading) section")
        }
        let keys = try Self.part(of: page, from: ".SH \"KEYS\"")
        for (key, command) in KeyMap.standard.bindings {
            #expect(keys.contains(ManualPageWriter.escaped(ManualPage.keyName(key), atLineStart: false)), "key \(key) is missing")
            #expect(keys.contains(ManualPageWriter.escaped(command.summary)), "\(command) is missing")
        }
        for (mode, entries) in KeyMaps().otherModesHelp() {
            #expect(keys.contains(".SS " + ManualPageWriter.quoted(mode.title)), "no subsection for \(mode)")
            for entry in entries {
                #expect(keys.contains(ManualPageWriter.escaped(entry.summary)), "\(mode): \(entry.summary) is missing")
            }
        }
        let environment = try Self.part(of: page, from: ".SH \"ENVIRONMENT\"")
        for variable in ["TICK_DB", "TICK_CONFIG", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM", "TZ",
                         "VISUAL", "EDITOR", "BROWSER", "TICK_SYNC_PASSWORD", "TMPDIR"] {
            #expect(environment.contains(ManualPageWriter.escaped(variable, atLineStart: false)), "ENVIRONMENT lacks \(variable)")
        }
        let exits = try Self.part(of: page, from: ".SH \"EXIT STATUS\"")
        for status in ["0", "1", "2", "141"] { #expect(exits.contains(".TP\n\\fB\(status)\\fR\n")) }
        #expect(try Self.part(of: page, from: ".SH \"KEY SCRIPTS\"").contains("<Resize 60x20>"))
    }

    @Test("Text that roff would read as requests or escapes is escaped", arguments: [
        (".TH oops", "\\&.TH oops"), ("'quote", "\\&'quote"), ("back\\slash", "back\\eslash"),
        ("--db", "\\-\\-db"), ("a…b", "a...b"), ("bell\u{07}", "bell?"), ("买", "\\[u4E70]"),
    ])
    func escaping(text: String, expected: String) {
        #expect(ManualPageWriter.escaped(text) == expected)
    }

    @Test("The page renders for a terminal without a warning (groff -man -ww -z -Tutf8)", .enabled(if: groff != nil, "groff is not installed (make test-deps installs groff-base)"))
    func rendersCleanly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.groff))
        // -Tutf8: man(1) renders the page for a terminal, whose font has the ✎ and ⚑ the page shows
        // (groff's default PostScript device has neither, and would warn about them).
        process.arguments = ["-man", "-ww", "-z", "-Tutf8"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(ManualPage.text.utf8))
        try input.fileHandleForWriting.close()
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(warnings.isEmpty, "groff warned:\n\(warnings)")
    }
}
