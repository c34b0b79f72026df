import Testing
@testable import TickApp

/// The run loop's idle tidying of the search index, played against a fake index that has a given
/// number of pieces left to merge.
@Suite("Idle tidying of the search index")
struct IdleTidyingTests {
    /// A search index with `steps` steps of merging left; counts the steps asked for.
    final class FakeIndex {
        var stepsLeft: Int
        var stepsRun = 0
        var pagesAsked: [Int] = []
        init(steps: Int) { stepsLeft = steps }
        func step(pages: Int) -> Bool {
            stepsRun += 1
            pagesAsked.append(pages)
            guard stepsLeft > 0 else { return false }
            stepsLeft -= 1
            return true
        }
    }

    @Test("The first idle wait is the long one; while steps merge, the next comes after the short pause")
    func pausesWhileMerging() {
        let index = FakeIndex(steps: 3)
        var tidying = IdleTidying()
        var waits: [Int?] = []
        for _ in 0..<6 {
            waits.append(tidying.timeoutMilliseconds)
            tidying.idle(step: index.step)
        }
        // Three steps merge, the fourth finds nothing; after it, no step runs and the loop need not wake.
        #expect(waits == [250, 20, 20, 20, nil, nil])
        #expect(index.stepsRun == 4)
        #expect(index.pagesAsked.allSatisfy { $0 == IdleTidying.stepPages })
    }

    @Test("Steps are short: a few pages each, so a key pressed meanwhile hardly waits")
    func stepsAreShort() {
        #expect(IdleTidying.stepPages <= 16)
        #expect(IdleTidying.pauseMilliseconds < IdleTidying.idleMilliseconds)
    }

    @Test("Once tidy, nothing runs until keys or another process may have changed the index")
    func restsUntilChanged() {
        let index = FakeIndex(steps: 0)
        var tidying = IdleTidying()
        tidying.idle(step: index.step)
        tidying.idle(step: index.step)
        #expect(index.stepsRun == 1)
        #expect(tidying.timeoutMilliseconds == nil)
        tidying.indexMayHaveChanged()
        #expect(tidying.timeoutMilliseconds == IdleTidying.idleMilliseconds)
        index.stepsLeft = 1
        tidying.idle(step: index.step)
        #expect(tidying.isMerging)
        #expect(tidying.timeoutMilliseconds == IdleTidying.pauseMilliseconds)
        tidying.idle(step: index.step)
        tidying.idle(step: index.step)
        #expect(index.stepsRun == 3)
    }
}
