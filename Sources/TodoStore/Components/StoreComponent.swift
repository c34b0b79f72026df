/// A part of the store that owns state derived from the file (or SQL of its own) and hears about
/// every step through one hook, instead of a function that knows every part.
///
/// The store (`TodoStore.runStep`) announces each step that changed something: `willCommit` inside
/// the step's transaction, after its body ran (a part may still write, or patch what it remembers,
/// and a throw rolls the step back), then `didCommit` once the transaction committed, or
/// `didRollBack` when anything failed. A step that changed nothing is announced to no one. Another
/// connection's commit (seen through `PRAGMA data_version`) is `fileDidChangeElsewhere`.
///
/// Invariant: what a part remembers describes the file as committed. What it patched in
/// `willCommit` is only trusted after `didCommit`; after `didRollBack` it holds nothing derived.
///
/// Order (`TodoStore.components`): search index, rank index, list catalog, change tracking,
/// history. The change is built after the caches it reads were patched for the step, and the
/// history files and prunes the step last.
///
/// The parts never call each other's hooks, but some read others, always one way and wired once in
/// `TodoStore.init`: `SearchIndex` asks `ListCatalog` for a list's counts (to search its first rows);
/// `ChangeTracking` reads journal rows through `History`, and its `TodoChangeBuilder` places a
/// change's todos with `RankIndex` and counts them with `ListCatalog`; `HistoryReplay` writes an
/// undo or redo back through the store's own methods. `Positions` is stateless and hears nothing.
/// One call goes back up, through a closure the store sets: `RankIndex.didFindMismatch`, when the
/// rank blocks do not match the todos, makes the store drop every part's state (`forgetDerivedState`).
protocol StoreComponent: AnyObject {
    /// Inside the step's transaction, after its body: write what the step needs (search catch-up,
    /// history filing) or prepare patched state. The step's journal rows are already read into `step`.
    func willCommit(_ step: CommittedStep) throws
    /// The step's transaction committed: what `willCommit` prepared now describes the file.
    func didCommit(_ step: CommittedStep)
    /// The step (or a transaction around it) rolled back: forget everything derived, it may describe
    /// changes that never happened.
    func didRollBack()
    /// Another connection committed since this part last looked: forget everything derived.
    func fileDidChangeElsewhere()
}

extension StoreComponent {
    func willCommit(_ step: CommittedStep) throws {}
    func didCommit(_ step: CommittedStep) {}
    func fileDidChangeElsewhere() { didRollBack() }
}
