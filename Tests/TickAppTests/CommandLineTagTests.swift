import Foundation
import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Issue 19: tags on the command line: `#word` in add and edit titles, `--tag`, `ls --tag`, and
/// `"tags"` in `ls --json`.
@Suite("Command line: tags")
struct CommandLineTagTests {
    @Test("add reads #words and --tag (repeatable, # optional) as tags and names them")
    func addTags() throws {
        let tick = try CommandHarness()
        #expect(tick.output("add", "Call Mom #phone") == "Added 1 to Inbox: Call Mom (#phone)\n")
        #expect(tick.output("add", "--tag", "work", "-t", "#q4", "Report", "#work") == "Added 2 to Inbox: Report (#work, #q4)\n")
        let tags = try tick.withStore { store in try store.item(id: 2)?.tags }
        #expect(tags == ["work", "q4"])
    }

    @Test("A --tag that is not a tag is a usage mistake that adds nothing", arguments: ["12", "two words", "a,b", ""])
    func badTag(tag: String) throws {
        let tick = try CommandHarness()
        let outcome = tick.run(["add", "--tag", tag, "Report"])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("as a tag"))
        #expect(try tick.withStore { store in store.count } == 0)
    }

    @Test("ls --tag lists exactly the todos with that tag; --json includes the tags")
    func listByTag() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Report #work"])
        tick.run(["add", "Plan #workshop"])
        tick.run(["add", "--list", "Home", "Fix the sink #Work"])
        tick.run(["add", "Untagged"])
        let listed = tick.output("ls", "--tag", "work")
        #expect(listed.split(separator: "\n").map { $0.split(separator: " ").last! } == ["#work", "#Work"])
        #expect(tick.output("ls", "--tag", "work", "--list", "Home").contains("Fix the sink #Work"))
        let json = tick.output("ls", "--tag", "#workshop", "--json")
        #expect(json.contains(#""title": "Plan""#) && json.contains(#""tags": ["workshop"]"#))
        #expect(!json.contains("Report"))
        #expect(tick.run(["ls", "--tag", "12"]).status == 2)
    }

    @Test("edit replaces the tags when the title has #words or --tag is given, and keeps them otherwise")
    func editTags() throws {
        let tick = try CommandHarness()
        tick.run(["add", "Report #work"])
        #expect(tick.output("edit", "1", "Quarterly report") == "Edited 1: Quarterly report (#work)\n")
        #expect(tick.output("edit", "1", "Quarterly report #q4 #finance") == "Edited 1: Quarterly report (#q4, #finance)\n")
        #expect(tick.output("edit", "1", "--tag", "home") == "Edited 1: Quarterly report (#home)\n")
    }

    @Test("A key script types a #tag: the screen shows it dimmed after the title, and tick ls --tag finds it")
    func keyScript() throws {
        let tick = try CommandHarness()
        let store = try TodoStore(path: tick.path)
        let result = try ScriptRunner.run(script: "aCall Mom #phone<Enter>aPlain<Enter><Esc>", store: store,
                                          size: Size(width: 40, height: 5))
        store.close()
        let line = try #require(result.screen.lines.firstIndex { $0.hasPrefix("[ ] Call Mom #phone") })
        let column = DisplayWidth.of("[ ] Call Mom ")
        #expect(result.screen[column, line].style == Theme.standard.tag)
        #expect(tick.output("ls", "--tag", "phone").hasSuffix("Inbox  Call Mom #phone\n"))
    }
}
