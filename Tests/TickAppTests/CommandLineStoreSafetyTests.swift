import Foundation
import Testing
@testable import TickApp
import TodoStore

/// What commands do with a store that is damaged: read what they can, never write.
@Suite("Command line: damaged stores")
struct CommandLineStoreSafetyTests {
    @Test("every change to a store with a damaged page fails with exit 1, a way to recover, and no change to the file",
          arguments: [["add", "Buy", "milk"], ["done", "299"], ["rm", "299"], ["edit", "299", "--flag"],
                      ["mv", "299", "--list", "Work"], ["import", "-"]])
    func damagedStoreRefusesChanges(arguments: [String]) throws {
        let tick = try CommandHarness()
        let titles = (0..<300).map { "todo number \($0) with some padding text to fill pages" }
        #expect(tick.run(["import", "-"], input: titles.joined(separator: "\n") + "\n").status == 0)
        try Self.damageLeafPage(holding: "todo number 150 ", in: tick.path)
        let before = try Data(contentsOf: URL(fileURLWithPath: tick.path))

        let listed = tick.run(["ls"])
        #expect(listed.status == 1 && listed.errors.contains("is damaged"))
        let changed = tick.run(arguments, input: "Call mum\n")
        #expect(changed.status == 1)
        #expect(changed.output.isEmpty)
        #expect(changed.errors.hasPrefix("tick \(arguments[0]): \(tick.path) is damaged ("), "\(changed.errors)")
        #expect(changed.errors.contains("Tick changes nothing in it") && changed.errors.contains("tick export"))
        #expect(changed.errors.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: tick.path)) == before)
    }

    /// Garbles the header of the table leaf page holding `marker` (the store must be closed).
    static func damageLeafPage(holding marker: String, in path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let needle = Data(marker.utf8)
        let page = try #require(stride(from: pageSize, to: bytes.count, by: pageSize).first { start in
            bytes[start] == 0x0D && bytes[start..<(start + pageSize)].range(of: needle) != nil
        }, "no leaf page holds \(marker)")
        bytes.replaceSubrange((page + 1)..<(page + 201), with: Data(repeating: 0xFF, count: 200))
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
