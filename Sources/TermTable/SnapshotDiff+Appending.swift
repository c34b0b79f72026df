extension SnapshotDiff {
    /// No changes, to fill in.
    private init() {}

    /// The diff when `new` only adds sections after `old`'s and items after each old section's items (the
    /// first snapshot, a page loaded at the end), found without hashing every item; nil otherwise. It is what
    /// the general diff finds, at a fraction of the cost for a million items: a load-more must not rebuild two
    /// dictionaries of every row.
    static func appending(from old: Snapshot, to new: Snapshot, contentChanged: (ItemIdentifier) -> Bool) -> SnapshotDiff? {
        let oldSections = old.sectionIdentifiers
        let newSections = new.sectionIdentifiers
        guard newSections.count >= oldSections.count, newSections.starts(with: oldSections) else { return nil }
        var diff = SnapshotDiff()
        diff.insertedSections = Array(oldSections.count..<newSections.count)
        // Identifiers are unique in a snapshot, so old items kept as prefixes cannot have moved anywhere.
        for (section, identifier) in oldSections.enumerated() {
            let before = old.itemIdentifiers(inSection: identifier)
            let after = new.itemIdentifiers(inSection: identifier)
            guard after.count >= before.count, after.starts(with: before) else { return nil }
            diff.insertedRows += (before.count..<after.count).map { IndexPath(row: $0, section: section) }
            for (row, item) in before.enumerated() {
                if new.reloadedItemIdentifiers.contains(item) {
                    diff.reloadedRows.append(IndexPath(row: row, section: section))
                } else if new.reconfiguredItemIdentifiers.contains(item) || contentChanged(item) {
                    diff.reconfiguredRows.append(IndexPath(row: row, section: section))
                }
            }
        }
        return diff
    }
}
