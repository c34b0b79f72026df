import Testing
@testable import TermTable

@Suite("Prefetch tracking")
struct PrefetchTrackingTests {
    @Test("A batch update keeps announced rows under their new index paths and forgets deleted ones, keeping the direction",
          arguments: RemapCase.all)
    func announcedRowsFollowTheirRows(_ change: RemapCase) throws {
        let tracking = PrefetchTracking(announced: Set(RemapCase.oldRows), direction: -1, lastFirstVisibleFlatIndex: 4)
        let remapped = tracking.remapped(by: try change.plan())
        #expect(remapped.announced == Set(RemapCase.oldRows.compactMap(change.newIndexPath(ofOld:))))
        #expect(remapped.direction == -1)
        #expect(remapped.lastFirstVisibleFlatIndex == 4)
    }
}
