import Foundation
import Testing
@testable import TodoStore

@Suite("Titles")
struct TitleTests {
    static let awkwardTitles: [String] = [
        "it's \"quoted\"",
        "'); DROP TABLE todos; --",
        "line one\nline two\r\nline three",
        "tab\tseparated\tcolumns",
        "买牛奶",
        "thumbs 👍🏽 and family 👨‍👩‍👧",
        "escape \u{1B}[31mred\u{1B}[0m bell \u{07} and C1 \u{85}\u{9B}2J",
        "  leading and trailing spaces  ",
        "e\u{301} decomposed vs \u{E9} composed",
        String(repeating: "0123456789abcdef", count: 6400),  // 100 KB
    ]

    @Test("awkward titles round-trip byte for byte after reopening", arguments: awkwardTitles)
    func roundTrip(title: String) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/tick.db"
            let store = try openStore(path)
            let added = try store.add(title: "placeholder").value
            let renamed = try store.update(id: added.id, title: title).value
            let second = try store.add(title: title, after: added.id).value
            #expect(Array(renamed.title.utf8) == Array(title.utf8))
            store.close()

            let reopened = try openStore(path)
            let titles = try reopened.items(SectionQuery(listID: TodoStore.inboxListID), in: 0..<10).map(\.title)
            #expect(titles.map { Array($0.utf8) } == [Array(title.utf8), Array(title.utf8)])
            #expect(try Array(reopened.item(id: second.id)?.title.utf8 ?? "".utf8) == Array(title.utf8))
        }
    }

    @Test("empty and whitespace-only titles are refused and nothing is stored",
          arguments: ["", " ", "\t", "\n\n", " \r\n\t ", "\u{3000}", "\u{A0}"])
    func refusesBlank(title: String) throws {
        try withTemporaryFolder { folder in
            let store = try openStore(folder + "/tick.db")
            let kept = try store.add(title: "kept").value
            #expect { try store.add(title: title).value } throws: { error in
                guard case StoreError.invalidTitle = error else { return false }
                return true
            }
            #expect { try store.update(id: kept.id, title: title).value } throws: { error in
                guard case StoreError.invalidTitle = error else { return false }
                return true
            }
            #expect(store.count == 1)
            #expect(try allTitles(store) == ["kept"])
        }
    }
}
