import Testing
@testable import TermTable

@Suite("Height cache")
struct HeightCacheTests {
    /// A cache holding every old row's height, each one different (its flat position plus two).
    static func fullCache() -> HeightCache {
        var cache = HeightCache()
        for (index, indexPath) in RemapCase.oldRows.enumerated() { cache.remember(index + 2, for: indexPath, keepingRowsIn: []) }
        return cache
    }

    @Test("A batch update moves each measured height to its row's new index path, forgetting rows deleted or whose content changed",
          arguments: RemapCase.all)
    func heightsFollowTheirRows(_ change: RemapCase) throws {
        let remapped = Self.fullCache().remapped(by: try change.plan())
        var expected: [IndexPath: Int] = [:]
        for (index, old) in RemapCase.oldRows.enumerated() where !change.isChanged(old) {
            if let new = change.newIndexPath(ofOld: old) { expected[new] = index + 2 }
        }
        #expect(remapped.measured == expected)
    }

    @Test("Past its capacity the cache forgets the rows not on screen, and keeps those on screen")
    func boundedByCapacity() {
        var cache = HeightCache()
        for row in 0..<HeightCache.capacity { cache.remember(2, for: RemapCase.path(0, row), keepingRowsIn: []) }
        let onScreen = [VisibleItem(item: .row(RemapCase.path(0, 7)), y: 0, height: 2)]
        cache.remember(3, for: RemapCase.path(0, HeightCache.capacity), keepingRowsIn: onScreen)
        #expect(cache.measured == [RemapCase.path(0, 7): 2, RemapCase.path(0, HeightCache.capacity): 3])
    }
}
