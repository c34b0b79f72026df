import Testing
import TermTable

/// The engine's swipe operations, driven directly: the table has no key policy of its own (the app's
/// swipe key map decides which key asks for which operation).
@Suite("Swipe operations")
struct SwipeOperationTests {
    /// A table of three rows, each with Delete, Flag and Edit at its right edge and Done at its left;
    /// `performed` records the titles of the buttons pressed.
    private final class Actions {
        var performed: [String] = []

        func button(_ title: String, closes: Bool = true) -> ContextualAction {
            ContextualAction(style: .normal, title: title) { [unowned self] action, _, done in
                performed.append(action.title)
                done(closes)
            }
        }
    }

    private func makeHarness() -> (Harness, Actions) {
        let actions = Actions()
        let harness = Harness(ArrayDataSource(rows: ["a", "b", "c"]), width: 40)
        harness.source.trailingActions = { _ in
            SwipeActionsConfiguration(actions: [actions.button("Delete"), actions.button("Flag"), actions.button("Edit")])
        }
        harness.source.leadingActions = { _ in SwipeActionsConfiguration(actions: [actions.button("Done")]) }
        harness.table.moveSelectionToFirstRow()
        return (harness, actions)
    }

    @Test("Moving the focus toward a side follows the screen: trailing buttons run leftwards from the right edge, wrapping",
          arguments: [(SwipeDirection.left, [1, 2, 0]), (.right, [2, 1, 0])])
    func focusTowardSide(direction: SwipeDirection, expected: [Int]) {
        let (harness, _) = makeHarness()
        #expect(harness.table.revealSwipeActions(at: IndexPath(row: 1, section: 0), direction: .left))
        var focused: [Int] = []
        for _ in 0..<3 {
            harness.table.moveSwipeSelection(toward: direction)
            focused.append(harness.table.selectedSwipeActionIndex ?? -1)
        }
        #expect(focused == expected)
    }

    @Test("Revealing to the right shows the leading buttons; performing the focused one presses it and closes the row")
    func performFocused() {
        let (harness, actions) = makeHarness()
        #expect(harness.table.revealSwipeActions(at: IndexPath(row: 0, section: 0), direction: .right))
        #expect(harness.table.isSwipeLeading == true)
        #expect(harness.table.performSelectedSwipeAction())
        #expect(actions.performed == ["Done"])
        #expect(harness.table.indexPathForSwipedRow == nil)
        #expect(!harness.table.performSelectedSwipeAction())
    }

    @Test("A shortcut letter (either case) presses its button; a letter no button has does nothing")
    func shortcut() {
        let (harness, actions) = makeHarness()
        harness.table.swipeSelectedRow(.left)
        #expect(!harness.table.performSwipeAction(shortcut: "z"))
        #expect(harness.table.indexPathForSwipedRow != nil)
        #expect(harness.table.performSwipeAction(shortcut: "F"))
        #expect(actions.performed == ["Flag"])
        #expect(!harness.table.performSwipeAction(shortcut: "f"))
    }
}
