import Testing
import TermTable
@testable import TickApp
import TodoStore

/// Messages name the keys in effect (issue 29, point 5): a change the undo key takes back says which
/// key that is after `bind`, and offers none when undo is unbound.
@Suite("Keys named in messages")
struct KeyNamesInMessagesTests {
    static func scenario(_ config: String) throws -> Scenario {
        try Scenario(["Buy milk", "Call mom"], size: Size(width: 80, height: 8),
                     configuration: Configuration.parse(config, path: "/c"))
    }

    @Test("A deletion offers the undo key as bound: u by default, U after bind U undo, none when undo is unbound",
          arguments: [("", " · u undoes"), ("unbind u\nbind U undo\n", " · U undoes"), ("unbind u\n", "")])
    func deletionNamesUndoKey(config: String, offer: String) throws {
        let scenario = try Self.scenario(config)
        try scenario.type("d")
        #expect(scenario.app.lastMessage?.text == "Deleted “Buy milk”" + offer)
    }

    @Test("A recurring todo marked done, and one skipped, name the undo key as bound")
    func recurringNamesUndoKey() throws {
        let scenario = try Self.scenario("unbind u\nbind U undo\n")
        try scenario.type("aWater plants @every day<Enter>x")
        #expect(scenario.app.lastMessage?.text.hasSuffix(" · U undoes") == true)
        #expect(scenario.app.lastMessage?.text.contains("u undoes") == false)
        try scenario.type("ds")  // the selection kept its place: on the next occurrence
        #expect(scenario.app.lastMessage?.text.hasPrefix("Skipped — next on") == true)
        #expect(scenario.app.lastMessage?.text.hasSuffix(" · U undoes") == true)
    }

    @Test("The idle hint, made once per key map, follows a key bound later: in the names, in the app, and in the status line drawn")
    func idleHintFollowsBinding() throws {
        #expect(KeyNames().idleHint.hasPrefix("? help · a add"))
        var maps = KeyMaps()
        maps.list.unbind(.character("a"))
        maps.list.bind(.character("A"), to: .add)
        #expect(KeyNames(maps).idleHint.hasPrefix("? help · A add"))
        let scenario = try Self.scenario("")
        scenario.app.keyMap.unbind(.character("x"))
        #expect(scenario.app.list.keys.idleHint.contains("x done") == false)
        #expect(scenario.status.contains("x done") == false)
        #expect(scenario.status.contains("d delete"))
    }
}
