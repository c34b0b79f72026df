import Foundation
import Testing
import TickTesting
@testable import TodoStore

/// An import writes its rows many per statement: 128 at a time, the last statement padded with rows
/// it leaves out, with their dates-not-given notes and modification times likewise. Whatever the
/// count, every todo is stored once, in the order given, with what it brings.
@Suite("Import: rows written in chunks")
struct ImportChunkTests {
    @Test("Every size of import stores each todo once, in the order given, with its modification time and its dates given or not",
          arguments: [1, 7, 72, 127, 128, 129, 200, 300])
    func everySize(count: Int) throws {
        let store = try TodoStore(inMemoryWith: { Date(timeIntervalSince1970: 1_760_000_000) })
        defer { store.close() }
        let items = (0..<count).map { index in
            var todo = NewTodo(title: "Todo \(index)", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
            todo.uid = "chunk-\(index)"
            todo.modifiedAt = Date(timeIntervalSince1970: 1_750_000_000 + Double(index))
            todo.isCreationDateKnown = index % 3 != 0
            return todo
        }
        let imported = try store.importItems(items, options: ImportOptions()).imported
        #expect(imported.count == count)
        #expect(try store.flatOrder().map(\.uid) == items.map { $0.uid! })
        for (index, todo) in imported.enumerated() {
            #expect(try store.modificationDate(ofTodo: todo.id) == items[index].modifiedAt)
        }
        var withoutCreationDate: [String] = []
        try store.forEachTodoForExport { item, _, dates in if !dates.creation { withoutCreationDate.append(item.uid) } }
        #expect(withoutCreationDate == items.filter { !$0.isCreationDateKnown }.map { $0.uid! })
    }
}
