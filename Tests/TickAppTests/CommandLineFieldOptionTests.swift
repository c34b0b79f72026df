import Foundation
import Testing
@testable import TickApp
import TodoStore

/// Issue 17: `--priority` and `--due` on add and edit (no `!` to quote), notes about words that look
/// like dates, two due dates refused, and examples that are safe to paste into bash and zsh.
/// Today is Sunday 2026-11-29 for every command.
@Suite("Command line: priority and due options, date notes")
struct CommandLineFieldOptionTests {
    @Test("add takes --priority and --due as words that need no quoting", arguments: [
        (["--priority", "high", "--due", "fri", "Pay", "rent"], "Added 1 to Inbox: Pay rent (!!!, due 2026-12-04)"),
        (["-p", "low", "Call"], "Added 1 to Inbox: Call (!)"),
        (["--priority=medium", "Ship"], "Added 1 to Inbox: Ship (!!)"),
        (["--priority", "none", "--due", "dec5", "Gift"], "Added 1 to Inbox: Gift (due 2026-12-05)"),
        (["--due", "@next-week", "Plan"], "Added 1 to Inbox: Plan (due 2026-11-30)"),
        (["--due", "eom", "--priority", "2", "Close", "the", "books"], "Added 1 to Inbox: Close the books (!!, due 2026-11-30)"),
        (["--due", "none", "Someday"], "Added 1 to Inbox: Someday"),
    ])
    func addOptions(arguments: [String], message: String) throws {
        let tick = try CommandHarness()
        let added = tick.run(["add"] + arguments)
        #expect(added.status == 0)
        #expect(added.errors.isEmpty)
        #expect(added.output == message + "\n")
    }

    @Test("edit takes the priority as a word or as 0 to 3")
    func editPriorityWords() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Pay rent"])
        #expect(tick.output("edit", "1", "--priority", "medium") == "Edited 1: Pay rent (!!)\n")
        #expect(tick.output("edit", "1", "-p", "3", "--due", "tmrw") == "Edited 1: Pay rent (!!!, due 2026-11-30)\n")
        #expect(tick.output("edit", "1", "--priority", "none", "--due", "none") == "Edited 1: Pay rent\n")
        #expect(tick.output("edit", "1", "Pay the rent !! @5dec") == "Edited 1: Pay the rent (!!, due 2026-12-05)\n")
    }

    @Test("Saying the due day or the priority twice is a usage mistake naming both, and changes nothing", arguments: [
        (["add", "Tax", "@2026-12-31", "@tom"], "two due dates, @2026-12-31 and @tom: keep one"),
        (["add", "--due", "fri", "Tax @mon"], "two due dates, @mon and --due fri: keep one"),
        (["add", "--priority", "high", "Tax !!"], "two priorities, !! and --priority high: keep one"),
        (["add", "--priority", "urgent", "Tax"], "--priority wants one of none, low, medium, high, 0, 1, 2, 3, not \"urgent\""),
        (["add", "--due", "someday", "Tax"], "cannot read the due date “someday”"),
        (["add", "--due", "25:00", "Tax"], "cannot read the due date “25:00”"),
        (["add", "--due", "monday 9", "Tax"], "cannot read the due date “monday 9”"),
        (["edit", "1", "Keep @fri @sat"], "two due dates, @fri and @sat: keep one"),
        (["edit", "1", "--due", "tom", "Keep @fri"], "two due dates, @fri and --due tom: keep one"),
        (["edit", "1", "-p", "1", "Keep !!!"], "two priorities, !!! and --priority 1: keep one"),
    ])
    func saidTwice(arguments: [String], message: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Keep"])
        let before = tick.output("ls", "--all")
        let outcome = tick.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("tick \(arguments[0]): \(message)"), "\(outcome.errors)")
        #expect(outcome.output.isEmpty)
        #expect(tick.output("ls", "--all") == before)
    }

    @Test("A start after the due is refused, however the two are given, and changes nothing", arguments: [
        (["add", "Tax @mon ^fri"], "a todo cannot start after it is due: ^fri is after @mon"),
        (["add", "--due", "mon", "--start", "fri", "Tax"], "a todo cannot start after it is due: the start 2026-12-04 is after the due 2026-11-30"),
        (["edit", "1", "--start", "2026-12-06"], "a todo cannot start after it is due: the start 2026-12-06 is after the due 2026-12-05"),
        (["edit", "1", "--due", "2026-12-02"], "a todo cannot start after it is due: the start 2026-12-03 is after the due 2026-12-02"),
        (["edit", "1", "Keep @2026-12-08 ^2026-12-09"], "a todo cannot start after it is due: ^2026-12-09 is after @2026-12-08"),
    ])
    func startAfterDue(arguments: [String], message: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Keep", "--due", "2026-12-05", "--start", "2026-12-03"])
        let before = tick.output("ls", "--all")
        let outcome = tick.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("tick \(arguments[0]): \(message)"), "\(outcome.errors)")
        #expect(tick.output("ls", "--all") == before)
    }

    @Test("A start on the due day, at any time, or a due time on the start's day, is accepted")
    func startOnTheDueDay() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Keep", "--due", "2026-12-05", "--start", "2026-12-03"])
        #expect(tick.run(["edit", "1", "--start", "2026-12-05T18:00"]).status == 0)
        #expect(tick.run(["edit", "1", "--due", "2026-12-05T09:00", "--start", "2026-12-05"]).status == 0)
        #expect(tick.run(["edit", "1", "--start", "none", "--due", "2026-12-01"]).status == 0)
    }

    @Test("A word that looks like a date but is none is kept, with a note on standard error", arguments: [
        (["add", "Tax", "@2026-02-30"], "Added 2 to Inbox: Tax @2026-02-30", "tick add: @2026-02-30 is not a date; kept in the title"),
        (["add", "Call @25:00 @dec32"], "Added 2 to Inbox: Call @25:00 @dec32", "tick add: @25:00 and @dec32 are not dates; kept in the title"),
        (["edit", "1", "Meet @25:00"], "Edited 1: Meet @25:00", "tick edit: @25:00 is not a date; kept in the title"),
    ])
    func notes(arguments: [String], output: String, note: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "First"])
        let outcome = tick.run(arguments)
        #expect(outcome.status == 0)
        #expect(outcome.output == output + "\n")
        #expect(outcome.errors == note + "\n")
    }

    @Test("Other @ words get no note, and the note never carries control characters to the terminal")
    func plainWordsAndControlCharacters() throws {
        let tick = try CommandHarness()
        let plain = tick.run(["add", "Email bob@example.com @home"])
        #expect(plain.status == 0 && plain.errors.isEmpty)
        let hostile = tick.run(["add", "Tax @3\u{1B}[2J"])
        #expect(hostile.status == 0)
        #expect(hostile.errors == "tick add: @3␛[2J is not a date; kept in the title\n")
    }

    @Test("Every example in --help and every tick command in the code blocks of the README and docs/*.md is safe to paste into bash and zsh")
    func examplesAreSafeToPaste() throws {
        for command in CommandLineTool.commands {
            for example in command.description.examples {
                #expect(!Self.expandsHistory(example), "tick \(command.description.name) --help: \(example)")
            }
        }
        for page in try UserPages.paths() {
            var inCode = false
            for line in try UserPages.text(of: page).split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inCode.toggle(); continue }
                let command = line.hasPrefix("$ ") ? line.dropFirst(2) : line
                guard inCode, command.hasPrefix("tick ") else { continue }
                #expect(!Self.expandsHistory(String(command)), "\(page): \(line)")
            }
        }
    }

    @Test("The check for pasting finds a ! outside single quotes", arguments: [
        ("tick add Pay rent !!! @fri", true), ("tick add \"Pay rent !!\"", true), ("tick add 'Pay rent !!!' @fri", false),
        ("tick add Pay  # a comment, wow!", false), ("tick edit 1 --notes $'a!\\nb'", false),
    ])
    func historyCheck(line: String, expands: Bool) {
        #expect(Self.expandsHistory(line) == expands)
    }

    /// Whether an interactive bash or zsh would try history expansion on the line: a `!` outside
    /// single quotes (double quotes do not protect it), before any comment.
    static func expandsHistory(_ line: String) -> Bool {
        var inSingle = false, inDouble = false
        var previous: Character = " "
        for character in line {
            defer { previous = character }
            if inSingle {
                if character == "'" { inSingle = false }
                continue
            }
            switch character {
            case "'" where !inDouble: inSingle = true
            case "\"": inDouble.toggle()
            case "#" where !inDouble && previous == " ": return false
            case "!": return true
            default: break
            }
        }
        return false
    }
}
