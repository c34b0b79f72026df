import Testing
import TermTable
@testable import TickApp
import TodoStore
import TickTesting

/// Applying a store step's `TodoChange` to the controller leaves exactly what a fresh start on the
/// same store shows: the same lists, counts and screen, and cached rows that are the store's rows.
@Suite("Applying todo changes")
struct TodoChangeApplyTests {
    /// A view to run the steps under.
    struct View: CustomTestStringConvertible, Sendable {
        var name: String
        var sort: TodoSort = .manual
        var showsCompleted = true
        var filter: String?
        var foldsWork = false
        var testDescription: String { name }
    }

    static let views = [
        View(name: "manual order"),
        View(name: "by priority, done hidden", sort: .priority, showsCompleted: false),
        View(name: "filtered", filter: "1"),
        View(name: "due order with Work folded", sort: .due, foldsWork: true),
    ]

    private static let size = Size(width: 44, height: 14)

    /// A controller over the store with the view's options, its table laid out at `size`.
    private func controller(_ store: TodoStore, _ view: View) -> TodoListController {
        let controller = TodoListController(store: store)
        controller.tableView.frame = Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height)
        controller.options.sort = view.sort
        controller.options.showsCompleted = view.showsCompleted
        controller.options.filter = view.filter
        controller.reloadFromStore()
        return controller
    }

    /// The table's text with the highlight on `row` of the first section showing rows, that row at the top.
    private func screen(_ controller: TodoListController, row: Int) -> [String] {
        if let section = controller.sectionCounts.firstIndex(where: { $0 > 0 }) {
            let indexPath = IndexPath(row: row % controller.sectionCounts[section], section: section)
            controller.tableView.moveSelection(to: indexPath)
            controller.tableView.scrollToRow(at: indexPath, at: .top)
        }
        var canvas = Canvas(width: Self.size.width, height: Self.size.height)
        controller.tableView.draw(in: &canvas)
        return canvas.lines
    }

    /// Checks the controller against a fresh one on the same store: lists, counts, screen, and
    /// every cached row equal to the store's row.
    private func expectSameAsFresh(_ controller: TodoListController, _ store: TodoStore, _ view: View, row: Int,
                                   _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = self.controller(store, view)
        #expect(controller.lists == fresh.lists, "lists after \(what)", sourceLocation: sourceLocation)
        #expect(controller.sectionCounts == fresh.sectionCounts, "counts after \(what)", sourceLocation: sourceLocation)
        #expect(controller.rowColumns == fresh.rowColumns, "columns after \(what)", sourceLocation: sourceLocation)
        for section in controller.lists.indices {
            let query = controller.query(forSection: section)
            for row in 0..<controller.sectionCounts[section] {
                guard let cached = controller.cache.cached(row, in: query) else { continue }
                let stored = try store.items(query, in: row..<(row + 1)).first
                #expect(cached == stored, "cached row \(row) of section \(section) after \(what)", sourceLocation: sourceLocation)
            }
        }
        #expect(screen(controller, row: row) == screen(fresh, row: row), "screen after \(what)", sourceLocation: sourceLocation)
    }

    @Test("Every kind of step, applied as its change, leaves the screen and the cached rows of a fresh start", arguments: views)
    func randomSteps(view: View) throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let other = try TodoStore(path: temporary.path)
        defer { other.close() }
        var random = SplitMix64(seed: 18)
        let work = try store.addList(named: "Work").value
        let listIDs = [TodoStore.inboxListID, work.id]
        for index in 0..<40 {
            try store.add(title: "Todo \(index)", listID: listIDs[index % 2], priority: index % 4, due: index % 3 == 0 ? "2026-12-0\(1 + index % 9)" : nil)
        }
        if view.foldsWork { try store.setCollapsed(true, listID: work.id).value }
        _ = other.externalChange()
        let controller = self.controller(store, view)
        _ = screen(controller, row: 0)
        func number(_ below: Int) -> Int { Int(random.next() % UInt64(max(1, below))) }
        var toldRowByRow = 0, toldRowByRowElsewhere = 0
        for step in 0..<100 {
            let all = try listIDs.flatMap { try store.items(SectionQuery(listID: $0), in: 0..<10_000) }
            let pick = { () -> TodoItem? in all.isEmpty ? nil : all[number(all.count)] }
            let kind = number(12)
            var change: TodoChange?, own = TodoChange.none
            switch kind {
            case 0:
                let listID = listIDs[number(2)]
                let after = all.filter { $0.listID == listID }.randomElement(using: &random)
                own = try store.add(title: "New \(step)", listID: listID, after: after?.id, priority: number(4)).change
            case 1: if let item = pick() { own = try store.delete(ids: [item.id]).change }
            case 2: if let item = pick() { own = try store.setDone(!item.isDone, ids: [item.id]).change }
            case 3:
                guard let item = pick() else { break }
                let listID = listIDs[number(2)]
                let after = all.filter { $0.listID == listID && $0.id != item.id }.randomElement(using: &random)
                own = try store.move(id: item.id, toList: listID, after: number(3) == 0 ? nil : after?.id).change
            case 4:
                guard let item = pick() else { break }
                own = try store.update(id: item.id, title: "Edited \(step)", priority: number(4), isFlagged: number(2) == 0).change
            case 5: own = try store.setDone(number(2) == 0, ids: (0..<4).compactMap { _ in pick()?.id }).change
            case 6: own = try store.move(ids: (0..<3).compactMap { _ in pick()?.id }, toList: listIDs[number(2)]).change
            case 7:
                // An import is another process (tick import): the app hears of it as such.
                try other.importItems((0..<3).map { NewTodo(title: "Imported \(step) \($0)") })
                change = store.externalChange()
            case 8: own = try store.undo().change
            case 9: own = try store.redo().change
            case 10: own = try store.setCollapsed(!(try store.lists()[1].isCollapsed), listID: work.id).change
            default:
                // Another process's step, seen through the file.
                if let item = all.randomElement(using: &random), number(2) == 0 {
                    try other.setDone(!item.isDone, ids: [item.id])
                } else {
                    try other.add(title: "Elsewhere \(step)", listID: listIDs[number(2)], priority: number(4))
                }
                change = store.externalChange()
            }
            let applied = change ?? own
            if !applied.readsEverything && !applied.isEmpty {
                if change == nil { toldRowByRow += 1 } else { toldRowByRowElsewhere += 1 }
            }
            try controller.apply(applied)
            try expectSameAsFresh(controller, store, view, row: number(30), "step \(step), kind \(kind)")
            _ = screen(controller, row: number(30))
        }
        // The path under test is the row-by-row one, for this store's steps and another process's.
        #expect(toldRowByRow > 60)
        #expect(toldRowByRowElsewhere > 3)
    }
}
