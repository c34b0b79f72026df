import Foundation
import Testing
@testable import TickApp
import TodoStore

/// add, ls, done, undone, rm, edit and mv on a temporary store: output, messages and exit codes.
@Suite("Command line: todo commands")
struct CommandLineTodoCommandTests {
    @Test("add reads the title syntax, prints the new id, and ls shows aligned columns", arguments: [
        (["Pay", "rent", "!!!", "@fri"], "1  [ ]  !!!  2026-12-04  Inbox  Pay rent", "Added 1 to Inbox: Pay rent (!!!, due 2026-12-04)"),
        (["Call", "@tomorrow", "!"], "1  [ ]  !    2026-11-30  Inbox  Call", "Added 1 to Inbox: Call (!, due 2026-11-30)"),
        (["Plain"], "1  [ ]  Inbox  Plain", "Added 1 to Inbox: Plain"),
        (["bob@example.com", "@+1m"], "1  [ ]  2026-12-29  Inbox  bob@example.com", "Added 1 to Inbox: bob@example.com (due 2026-12-29)"),
        (["--", "-20%", "coupon"], "1  [ ]  Inbox  -20% coupon", "Added 1 to Inbox: -20% coupon"),
    ])
    func addAndList(words: [String], row: String, message: String) throws {
        let tick = try CommandHarness()
        let added = tick.run(["add"] + words)
        #expect(added.status == 0 && added.errors.isEmpty)
        #expect(added.output == message + "\n")
        #expect(tick.output("ls") == row + "\n")
    }

    @Test("ls leaves the due column out when no todo of the lists shown has a due, and shows it once one has (open ones for ls, done ones for --done)")
    func dueColumnOnlyWithDues() throws {
        let tick = try CommandHarness()
        for words in [["Buy", "milk"], ["Call", "mom"], ["--list", "Work", "Ship", "!!"]] { tick.run(["add"] + words) }
        #expect(tick.output("ls") == "1  [ ]       Inbox  Buy milk\n2  [ ]       Inbox  Call mom\n3  [ ]  !!   Work   Ship\n")
        tick.run(["add", "--list", "Work", "Review", "@fri"])
        #expect(tick.output("ls") == """
            1  [ ]                   Inbox  Buy milk
            2  [ ]                   Inbox  Call mom
            3  [ ]  !!               Work   Ship
            4  [ ]       2026-12-04  Work   Review

            """)
        // Only the Inbox, which has no due: no column.
        #expect(tick.output("ls", "--list", "Inbox") == "1  [ ]  Inbox  Buy milk\n2  [ ]  Inbox  Call mom\n")
        // The done todos have no due (the open one with a due is not listed): no column; once done, it shows.
        tick.run(["done", "1"])
        #expect(tick.output("ls", "--done") == "1  [x]  Inbox  Buy milk\n")
        tick.run(["done", "4"])
        #expect(tick.output("ls", "--done") == "1  [x]              Inbox  Buy milk\n4  [x]  2026-12-04  Work   Review\n")
    }

    @Test("ls leaves the priority column out when no todo listed has a priority, and shows it once one has (open ones for ls, done ones for --done, the window for --due)")
    func priorityColumnOnlyWithPriorities() throws {
        let tick = try CommandHarness()
        for words in [["Buy", "milk"], ["Call", "mom", "@fri"]] { tick.run(["add"] + words) }
        #expect(tick.output("ls") == "1  [ ]              Inbox  Buy milk\n2  [ ]  2026-12-04  Inbox  Call mom\n")
        #expect(tick.output("ls", "--due", "fri") == "2  [ ]  2026-12-04  Inbox  Call mom\n")
        tick.run(["add", "--list", "Work", "Ship", "!!"])
        #expect(tick.output("ls") == """
            1  [ ]                   Inbox  Buy milk
            2  [ ]       2026-12-04  Inbox  Call mom
            3  [ ]  !!               Work   Ship

            """)
        // Only the Inbox, which has no priority: no column; the done todos have none either.
        #expect(tick.output("ls", "--list", "Inbox") == "1  [ ]              Inbox  Buy milk\n2  [ ]  2026-12-04  Inbox  Call mom\n")
        tick.run(["done", "1"])
        #expect(tick.output("ls", "--done") == "1  [x]  Inbox  Buy milk\n")
        tick.run(["done", "3"])
        #expect(tick.output("ls", "--done") == "1  [x]       Inbox  Buy milk\n3  [x]  !!   Work   Ship\n")
        // A due todo with a priority: --due shows the column.
        tick.run(["add", "Pay", "rent", "@fri", "!"])
        // Within a day, the higher priority first.
        #expect(tick.output("ls", "--due", "fri") == "4  [ ]  !    2026-12-04  Inbox  Pay rent\n2  [ ]       2026-12-04  Inbox  Call mom\n")
    }

    @Test("ls QUERY decides the priority and due columns from the todos that match, not from the rest of their lists")
    func queriedColumnsFromMatches() throws {
        let tick = try CommandHarness()
        for words in [["Buy", "milk"], ["Buy", "bread"], ["Call", "mom", "@fri", "18:00", "!!!"], ["Call", "dad", "@fri"]] { tick.run(["add"] + words) }
        #expect(tick.output("ls", "buy") == "1  [ ]  Inbox  Buy milk\n2  [ ]  Inbox  Buy bread\n")
        #expect(tick.output("ls", "dad") == "4  [ ]  2026-12-04  Inbox  Call dad\n")
        #expect(tick.output("ls", "call") == "3  [ ]  !!!  2026-12-04 18:00  Inbox  Call mom\n4  [ ]       2026-12-04        Inbox  Call dad\n")
        // A query that is only a list is the whole list: the store's answer, as without one.
        #expect(tick.output("ls", "list:Inbox").hasPrefix("1  [ ]                         Inbox  Buy milk\n"))
    }

    @Test("ls lines up ids, lists and wide titles, and shows control characters as placeholders")
    func listColumns() throws {
        let tick = try CommandHarness()
        for words in [["--list", "Work", "Ship", "!!"], ["买牛奶", "🥛"], ["evil\u{1B}[31m", "red\nline"]] { tick.run(["add"] + words) }
        for _ in 0..<8 { tick.run(["add", "filler"]) }
        tick.run(["rm"] + (4...11).map(String.init))
        tick.run(["add", "--list", "日本", "寿司"])
        tick.run(["done", "2"])
        #expect(tick.output("ls") == """
             3  [ ]       Inbox  evil␛[31m red␊line
             1  [ ]  !!   Work   Ship
            12  [ ]       日本   寿司

            """)
        #expect(tick.output("ls", "--all", "--list", "INBOX") == " 3  [ ]  Inbox  evil␛[31m red␊line\n 2  [x]  Inbox  买牛奶 🥛\n")
        #expect(tick.output("ls", "--done") == " 2  [x]  Inbox  买牛奶 🥛\n")
        #expect(!tick.output("ls", "--all").contains("\u{1B}"))
    }

    @Test("ls --json prints every field as a JSON array")
    func listJSON() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Quote \" and \\ and \u{1}", "@2026-12-24", "!!"])
        tick.run(["edit", "1", "--notes", "two\nlines", "--flag"])
        let output = tick.output("ls", "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array[0]["title"] as? String == "Quote \" and \\ and \u{1}")
        #expect(array[0]["notes"] as? String == "two\nlines")
        #expect(array[0]["due"] as? String == "2026-12-24")
        #expect(array[0]["priority"] as? Int == 2)
        #expect(array[0]["flagged"] as? Bool == true)
        #expect(array[0]["list"] as? String == "Inbox")
        #expect(tick.output("ls", "--json", "--done") == "[]\n")
    }

    @Test("done, undone and rm change several todos at once and say what they did")
    func stateChanges() throws {
        let tick = try CommandHarness()
        for title in ["One", "Two", "Three"] { tick.run(["add", title]) }
        #expect(tick.output("done", "1", "#3") == "Done 1: One\nDone 3: Three\n")
        #expect(tick.output("done", "1") == "Already done 1: One\n")
        #expect(tick.output("undone", "3") == "Open again 3: Three\n")
        #expect(tick.output("undone", "2") == "Already open 2: Two\n")
        #expect(tick.output("rm", "2", "3") == "Deleted 2: Two\nDeleted 3: Three\n")
        #expect(tick.output("ls", "--all") == "1  [x]  Inbox  One\n")
        // Ids are never reused.
        #expect(tick.output("add", "Four") == "Added 4 to Inbox: Four\n")
    }

    @Test("A missing id fails with exit 1 and changes nothing, even with other good ids", arguments: ["done", "undone", "rm"])
    func missingIDs(command: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Keep"])
        let before = tick.output("ls", "--all")
        let outcome = tick.run([command, "1", "7", "9"])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick \(command): no todo has id 7, 9 (tick ls shows the ids); nothing was changed\n")
        #expect(tick.output("ls", "--all") == before)
    }

    @Test("Usage mistakes exit 2 with the command's usage", arguments: [
        (["done"], "missing ID"), (["done", "abc"], "\"abc\" is not a todo id"), (["rm", "0"], "\"0\" is not a todo id"),
        (["add"], "missing TITLE"), (["add", "!!!", "@fri"], "the title is empty"), (["add", "--lst", "x"], "unknown option \"--lst\""),
        (["ls", "--all", "--done"], "exclude each other"), (["ls", "@someday"], "@someday is not a date"),
        (["edit", "1"], "standard input is not a terminal"), (["edit", "1", "--due", "someday"], "cannot read the due date"),
        (["edit", "1", "--priority", "5"], "--priority wants one of none, low, medium, high, 0, 1, 2, 3"), (["edit", "1", "--flag", "--unflag"], "exclude each other"),
        (["mv", "1"], "missing --list NAME"), (["mv", "1", "--list"], "--list needs a value"), (["ls", "--json=yes"], "--json takes no value"),
        (["export", "--format", "csv"], "--format wants one of todotxt, json"), (["import"], "missing FILE"),
        (["completions", "tcsh"], "unknown shell"), (["help", "nope"], "unknown command"),
    ])
    func usageMistakes(arguments: [String], message: String) throws {
        let tick = try CommandHarness()
        tick.run(["add", "Something"])
        let outcome = tick.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("tick \(arguments[0]): "))
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
        #expect(outcome.errors.contains("Usage: tick \(arguments[0])"))
        #expect(outcome.output.isEmpty)
    }

    @Test("edit changes what it is given and keeps the rest")
    func edit() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Pay", "rent", "!!!", "@fri"])
        #expect(tick.output("edit", "1", "Pay", "the", "rent") == "Edited 1: Pay the rent (!!!, due 2026-12-04)\n")
        #expect(tick.output("edit", "1", "--due", "none", "--priority", "1", "--flag") == "Edited 1: Pay the rent (!, flagged)\n")
        #expect(tick.output("edit", "1", "Pay @+2d", "--unflag") == "Edited 1: Pay (!, due 2026-12-01)\n")
        #expect(tick.output("edit", "1", "--due", "@2027-01-01") == "Edited 1: Pay (!, due 2027-01-01)\n")
        let missing = tick.run(["edit", "5", "x"])
        #expect(missing.status == 1 && missing.errors.contains("no todo has id 5"))
    }

    @Test("mv moves a todo to the end of another list, creating the list when it is new")
    func move() throws {
        let tick = try CommandHarness()
        tick.run(["add", "--list", "Work", "First"])
        tick.run(["add", "Second"])
        #expect(tick.output("mv", "2", "--list", "work") == "Moved 2 to Work: Second\n")
        #expect(tick.output("ls") == "1  [ ]  Work  First\n2  [ ]  Work  Second\n")
        #expect(tick.output("mv", "1", "-l", "Later") == "Moved 1 to Later (a new list): First\n")
        #expect(try tick.withStore { try $0.lists().map(\.name) } == ["Inbox", "Work", "Later"])
        let outcome = tick.run(["ls", "--list", "Nope"])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "tick ls: there is no list named “Nope” (lists: Inbox, Work, Later)\n")
    }

    @Test("add --list finds a list another Tick created (ignoring case), goes after its open todos, and creates a new list")
    func addToNamedList() throws {
        let tick = try CommandHarness()
        try tick.withStore { _ = try $0.addList(named: "Work") }  // made by another Tick since
        #expect(tick.output("add", "--list", "WORK", "First") == "Added 1 to Work: First\n")
        tick.run(["add", "-l", "work", "Second"])
        tick.run(["done", "2"])
        #expect(tick.output("add", "-l", " Work ", "Third") == "Added 3 to Work: Third\n")
        #expect(try tick.withStore { store in
            let work = try #require(try store.list(named: "Work"))
            let open = SectionQuery(listID: work.id, includesCompleted: false)
            return try store.items(open, in: 0..<store.count(open)).map(\.title)
        } == ["First", "Third"])
        #expect(tick.output("add", "--list", "Errands", "Stamps") == "Added 4 to Errands (a new list): Stamps\n")
        #expect(try tick.withStore { try $0.lists().map(\.name) } == ["Inbox", "Work", "Errands"])
        let blank = tick.run(["add", "--list", "  ", "Nowhere"])
        #expect(blank.status == 1 && blank.errors.contains("a list needs a name"), "\(blank.errors)")
        #expect(try tick.withStore { $0.count } == 4)
    }

    @Test("--db works before or after the command, and a store that is not Tick's fails with exit 1")
    func storeOption() throws {
        let tick = try CommandHarness()
        let other = tick.file("other.db")
        #expect(tick.run(["--db", other, "add", "Elsewhere"], database: false).status == 0)
        #expect(tick.run(["ls", "--db", other], database: false).output == "1  [ ]  Inbox  Elsewhere\n")
        #expect(tick.run(["ls", "--db=\(other)"], database: false).output.contains("Elsewhere"))
        #expect(tick.output("ls").isEmpty)
        let garbage = tick.file("garbage.db")
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: garbage))
        let refused = tick.run(["ls", "--db", garbage], database: false)
        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix("tick ls: \(garbage)"))
        #expect(refused.errors.split(separator: "\n").count == 1)
        #expect(tick.run(["--db=", "ls"], database: false).status == 2)
    }
}

/// `--db :memory:` gives each command a private, empty store that vanishes when it ends.
@Suite("Command line: in-memory store")
struct CommandLineInMemoryTests {
    @Test("every command runs against --db :memory: and no file named :memory: appears", arguments: [
        (["add", "Buy", "milk"], Int32(0), "Added 1 to Inbox: Buy milk\n"),
        (["ls"], 0, ""),
        (["ls", "--json"], 0, "[]\n"),
        (["export"], 0, ""),
        (["import", "-"], 0, "Imported 1 todo (0 done) into 1 list from standard input\n"),
        (["mv", "1", "--list", "Work"], 1, ""),
        (["done", "1"], 1, ""),
        (["undone", "1"], 1, ""),
        (["rm", "1"], 1, ""),
        (["edit", "1", "--flag"], 1, ""),
    ])
    func everyCommand(arguments: [String], status: Int32, output: String) throws {
        let tick = try CommandHarness()
        let leftover = FileManager.default.currentDirectoryPath + "/:memory:"
        let existedBefore = FileManager.default.fileExists(atPath: leftover)
        defer { if !existedBefore { try? FileManager.default.removeItem(atPath: leftover) } }
        let outcome = tick.run(["--db", ":memory:"] + arguments, input: "Call mum\n", database: false)
        #expect(outcome.status == status, "\(outcome.errors)")
        #expect(outcome.output == output)
        // A store that cannot open names the file; an empty store only misses the todo.
        #expect(status == 0 ? outcome.errors.isEmpty : outcome.errors.contains("no todo has id 1"))
        #expect(FileManager.default.fileExists(atPath: leftover) == existedBefore)
        #expect(!FileManager.default.fileExists(atPath: tick.path))
    }
}
