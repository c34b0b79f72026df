import Glibc

extension TodoStore {
    /// The lock one sync of a store holds while it runs: an `flock` on `<store>.sync-lock` beside the
    /// file. Two syncs of one store at once (two open apps, the app and `tick sync`) would each make a
    /// collection for the same new list and send the same todos twice; with the lock the second waits
    /// or fails with `StoreError.syncAlreadyRunning`. The system drops the lock with the process that
    /// held it (a crash, `kill -9`), so it is never left stale.
    public final class SyncLock {
        private var descriptor: Int32

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Lets the next sync run; done at the latest when the lock goes away.
        public func release() {
            guard descriptor >= 0 else { return }
            // Unlocked before the close: a program another thread was starting at that moment may
            // still share the open file until its exec, and the lock would live on with it.
            flock(descriptor, LOCK_UN)
            Glibc.close(descriptor)
            descriptor = -1
        }

        deinit { release() }
    }

    /// The file beside the store whose `flock` is the sync lock.
    public var syncLockPath: String { path + ".sync-lock" }

    /// Takes the sync lock of this store, waiting up to `seconds` for another sync (in this process or
    /// another) to release it, and calling `whileWaiting` once when it starts to wait. Throws
    /// `StoreError.syncAlreadyRunning` when it is still held after that, and an I/O error when the
    /// lock file cannot be made. A store in memory has no other connection, and its lock is nothing.
    public func takeSyncLock(waitingUpTo seconds: Double = 0, whileWaiting: (() -> Void)? = nil) throws -> SyncLock {
        guard !isInMemory else { return SyncLock(descriptor: -1) }
        let lockPath = syncLockPath
        // O_NOFOLLOW: a link planted in the store's place must not make Tick create or lock a file elsewhere.
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600)
        guard descriptor >= 0 else { throw StoreFile.posixError(lockPath) }
        let lock = SyncLock(descriptor: descriptor)
        var waited = 0.0
        var saidWaiting = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw StoreFile.posixError(lockPath) }
            guard waited < seconds else { throw StoreError.syncAlreadyRunning(path: path) }
            if !saidWaiting {
                saidWaiting = true
                whileWaiting?()
            }
            // Polled rather than a blocking flock, so that the wait has an end.
            usleep(100_000)
            waited += 0.1
        }
        return lock
    }
}
