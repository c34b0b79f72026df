import Testing
@testable import TermTable

@Suite("Swipe state")
struct SwipeStateTests {
    static func configuration() -> SwipeActionsConfiguration {
        SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Flag") { _, _, _ in }])
    }

    @Test("A batch update keeps a row swiped open on its row, with its side and focused button; a deleted or reloaded row closes",
          arguments: RemapCase.all)
    func swipeFollowsItsRow(_ change: RemapCase) throws {
        let plan = try change.plan()
        for old in RemapCase.oldRows {
            let swipe = SwipeState(indexPath: old, isLeading: true, configuration: Self.configuration(), selectedAction: 1)
            let remapped = swipe.remapped(by: plan)
            let expected = change.isReloaded(old) ? nil : change.newIndexPath(ofOld: old)
            #expect(remapped?.indexPath == expected, "the swipe on \(old)")
            if remapped != nil {
                #expect(remapped?.isLeading == true)
                #expect(remapped?.selectedAction == 1)
            }
        }
    }
}
