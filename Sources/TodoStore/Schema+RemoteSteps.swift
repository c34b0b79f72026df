/// Schema version 9 (undo and sync): each undo step says where its change came from, so `u` never
/// undoes a change that arrived from another device.
extension Schema {
    /// `history_steps.origin`, one of `History.Origin`'s raw values:
    /// - 0, `local`: a change made on this device, undoable;
    /// - 1, `remote`: a change the sync brought from another device; never undone or redone, and it
    ///   does not end the redo branch;
    /// - 2, `superseded`: a change made here whose undo was refused because a later change from
    ///   another device touched the same todos or lists; it stays in effect like a remote step, so
    ///   `u` goes on to older changes instead of refusing the same one again.
    ///
    /// Steps already in the history were all made here (the sync wrote none before this version).
    static let remoteStepsSQL = """
        ALTER TABLE history_steps ADD COLUMN origin INTEGER NOT NULL DEFAULT 0 CHECK (origin IN (0, 1, 2));
        """
}
