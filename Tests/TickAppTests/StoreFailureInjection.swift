import Foundation
@testable import TodoStore

/// Makes a store's reads or writes fail from now on, as a damaged disk or file would, through the
/// hook every read snapshot and write transaction passes (`snapshotDidBegin`), until `lift()`.
final class StoreFailureInjection {
    /// Which transactions fail.
    enum Target { case reads, writes, everything }

    private let store: TodoStore
    private let original: (() throws -> Void)?
    /// The error they fail with: what SQLite reports for an unreadable sector.
    let error: StoreError

    init(_ store: TodoStore, failing target: Target) {
        self.store = store
        original = store.connection.snapshotDidBegin
        let error = StoreError.io(path: store.path, detail: "disk I/O error")
        self.error = error
        let original = original
        store.connection.snapshotDidBegin = { [unowned store] in
            try original?()
            let reading = store.connection.isInReadOnlySnapshot
            switch target {
            case .everything: throw error
            case .reads where reading, .writes where !reading: throw error
            default: break
            }
        }
    }

    /// Lets the store work again.
    func lift() {
        store.connection.snapshotDidBegin = original
    }
}

/// Runs `interfere` once, just before `store` begins its first read snapshot after one of its
/// writes: between its commit and the reads that show the change, where another process's write
/// makes the table's counts disagree with the one change it was told of.
func interleave(afterNextWriteOf store: TodoStore, _ interfere: @escaping () throws -> Void) {
    let original = store.connection.snapshotDidBegin
    var sawWrite = false, done = false
    store.connection.snapshotDidBegin = { [unowned store] in
        if sawWrite, !done {
            // Before the snapshot starts (the hook's first read starts it), so this read sees the write.
            done = true
            try interfere()
        }
        try original?()
        if !store.connection.isInReadOnlySnapshot { sawWrite = true }
    }
}
