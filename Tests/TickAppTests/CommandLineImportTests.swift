import Foundation
import Testing
@testable import TickApp
import TodoStore

/// tick import with files other tools wrote, imported more than once, and stopped by Ctrl-C.
@Suite("Command line: import of shared files, duplicates, Ctrl-C")
struct CommandLineImportTests {
    /// A Ctrl-C that has already been pressed.
    static let pressedCtrlC = InterruptWatch(begin: {}, end: {}, isRequested: { true })

    @Test("Importing a file twice skips what is already there and says how many, unless --allow-duplicates")
    func duplicates() throws {
        let tick = try CommandHarness()
        let file = tick.file("todo.txt")
        try "Pay rent due:2026-12-01\n(A) Ship it +Work\nx 2026-11-20 Old news\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(tick.output("import", file) == "Imported 3 todos (1 done) into 2 lists from \(file)\n")
        let again = tick.run(["import", file])
        #expect(again.status == 0 && again.errors.isEmpty)
        #expect(again.output == "Imported 0 todos (0 done) into 0 lists from \(file); skipped 3 todos that looked like duplicates"
                + " of todos already there (--allow-duplicates adds them)\n")
        #expect(try tick.withStore { $0.count } == 3)
        let allowed = tick.run(["import", "--allow-duplicates", file])
        #expect(allowed.output == "Imported 3 todos (1 done) into 2 lists from \(file); 3 todos looked like duplicates of todos"
                + " already there and were added anyway\n")
        #expect(try tick.withStore { $0.count } == 6)
    }

    @Test("Re-importing Tick's own todo.txt export adds nothing, todos with a due time included (todo.txt keeps the day only)")
    func reimportOwnExport() throws {
        let tick = try CommandHarness()
        #expect(tick.run(["add", "--due", "2026-12-24T18:30", "Carols"]).status == 0)
        #expect(tick.run(["add", "--due", "2026-12-25", "Dinner"]).status == 0)
        #expect(tick.run(["add", "No date"]).status == 0)
        let file = tick.file("backup.txt")
        #expect(tick.run(["export", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Carols due:2026-12-24"))
        let again = tick.run(["import", file])
        #expect(again.status == 0)
        #expect(again.output.hasPrefix("Imported 0 todos"), "\(again.output)")
        #expect(again.output.contains("skipped 3 todos that looked like duplicates"))
        #expect(try tick.withStore { $0.count } == 3)
    }

    @Test("Relative due days are read as of today, and the summary says so")
    func relativeDueDays() throws {
        let tick = try CommandHarness()
        let outcome = tick.run(["import", "-"], input: "Pay rent due:tom\nCall Mom due:mon\nFixed due:2026-12-24\n")
        #expect(outcome.status == 0)
        #expect(outcome.output == "Imported 3 todos (0 done) into 1 list from standard input; 2 relative due dates read as of 2026-11-29\n")
        // 2026-11-29 is a Sunday: tomorrow and the next Monday are the same day.
        let dues = try tick.withStore { store in try store.exportDocument().todos.map(\.due) }
        #expect(dues == ["2026-11-30", "2026-11-30", "2026-12-24"])
    }

    @Test("Ctrl-C while reading or while writing the todos stops the import: exit 130, a message, the store unchanged",
          arguments: ["todotxt", "json", "taskwarrior"])
    func interrupted(format: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Already here"])
        let before = tick.output("export", "--format", "json")
        let titles = (0..<10_000).map { "todo \($0)" }
        // JSON is decoded without progress reports, so its Ctrl-C is noticed while the todos are written.
        let text = switch format {
        case "json": "{\"todos\": [" + titles.map { "{\"title\": \"\($0)\"}" }.joined(separator: ",\n") + "]}"
        // A bad task at the end: the export is read a piece at a time, and Ctrl-C is noticed before it.
        case "taskwarrior": "[" + titles.map { "{\"description\": \"\($0)\", \"status\": \"pending\"}" }.joined(separator: ",\n")
            + ",\n{\"description\": \"bad\"}]"
        default: titles.joined(separator: "\n")
        }
        let outcome = tick.run(["import", "-"], input: text) { $0.interrupts = Self.pressedCtrlC }
        #expect(outcome.status == 130)
        #expect(outcome.errors == "tick import: interrupted; nothing was imported, the store is unchanged\n")
        #expect(outcome.output.isEmpty)
        #expect(tick.output("export", "--format", "json") == before)
    }

    @Test("Ctrl-C during an export to a file leaves the file as it was")
    func interruptedExport() throws {
        let tick = try CommandHarness()
        let list = tick.file("list.txt")
        try "(A) 2026-11-01 Buy milk\n".write(toFile: list, atomically: true, encoding: .utf8)
        _ = try tick.withStore { store in try store.importItems((0..<5_000).map { NewTodo(title: "todo \($0)") }) }
        let outcome = tick.run(["export", list]) { $0.interrupts = Self.pressedCtrlC }
        #expect(outcome.status == 130)
        #expect(outcome.errors == "tick export: interrupted; \(list) was left as it was\n")
        #expect(try String(contentsOfFile: list, encoding: .utf8) == "(A) 2026-11-01 Buy milk\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tick.folder.path).filter { $0.hasPrefix(".list.txt.tick-") }.isEmpty)
    }

    @Test("A progress bar is drawn on standard error when it is a terminal, and erased; none on a pipe or with --quiet",
          arguments: [(true, [String](), true), (false, [], false), (true, ["--quiet"], false), (true, ["-q"], false)])
    func progressBar(errorIsTerminal: Bool, extra: [String], isShown: Bool) throws {
        let tick = try CommandHarness()
        let file = tick.file("big.txt")
        try (0..<20_000).map { "todo \($0)" }.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = tick.run(["import"] + extra + [file]) { context in
            context.errorIsTerminal = errorIsTerminal
            context.progressDelay = 0
        }
        #expect(outcome.status == 0)
        #expect(outcome.output == "Imported 20000 todos (0 done) into 1 list from \(file)\n")
        if isShown {
            #expect(outcome.errors.hasPrefix("\rReading ["))
            #expect(outcome.errors.contains("\rImporting ["))
            #expect(outcome.errors.hasSuffix("\r\u{1B}[K"))
            let exported = tick.run(["export", tick.file("out.txt")]) { context in
                context.errorIsTerminal = true
                context.progressDelay = 0
            }
            #expect(exported.errors.hasPrefix("\rExporting [") && exported.errors.hasSuffix("\r\u{1B}[K"))
        } else {
            #expect(outcome.errors.isEmpty)
        }
    }
}
