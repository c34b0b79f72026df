import Foundation
import TodoStore

/// One side of a two-process check (`tick-stress spilled-rollback --db PATH`, driven by
/// `SpilledRollbackTests`): a transaction bigger than a tiny page cache spills frames into the
/// write-ahead log, then rolls back. Another process commits meanwhile, and this one reads again:
/// nothing of the rolled-back transaction may reach the log after its write lock is gone.
///
/// The store must already hold an empty table `spill(data BLOB)`, committed and checkpointed (the
/// other process closed the store), as in a store no one has written since it was last closed.
///
/// Protocol on the pipes, so the steps follow each other without sleeping: prints "rolled back",
/// waits for a line on standard input (the other process has committed), prints "count N" (todos
/// it then reads) and exits 0; any failure prints "error MESSAGE" and exits 1.
enum SpilledRollback {
    static func run(path: String) -> Never {
        do {
            let store = try TodoStore(path: path)
            // 20 pages of cache against 40 rows of 3,000 bytes: the transaction must spill.
            try store.executeForTools("PRAGMA cache_size = 20")
            try store.executeForTools("BEGIN IMMEDIATE")
            try store.executeForTools("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
                INSERT INTO spill SELECT randomblob(3000) FROM n;
                """)
            try store.executeForTools("ROLLBACK")
            say("rolled back")
            guard readLine() != nil else { throw Failure(description: "standard input closed before the go-ahead") }
            say("count \(try store.integerForTools("SELECT count(*) FROM todos"))")
            store.close()
            exit(0)
        } catch {
            say("error \(error)")
            exit(1)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One line straight to the pipe: the other process waits for it.
    private static func say(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        bytes.withUnsafeBytes { buffer in _ = Foundation.write(STDOUT_FILENO, buffer.baseAddress, buffer.count) }
    }
}
