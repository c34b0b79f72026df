/// The `performBatchUpdates` in progress: how deeply batches are nested, the changes recorded so far (applied
/// together when the outermost batch ends) and the completions to call then, nested ones first.
struct PendingBatch {
    /// Batches open around the current call; 0 outside any batch.
    var depth = 0
    /// The changes recorded by the open batches.
    var update = BatchUpdate()
    /// Completions of the open batches, nested ones included, in the order they are to run.
    var completions: [(Bool) -> Void] = []
}
