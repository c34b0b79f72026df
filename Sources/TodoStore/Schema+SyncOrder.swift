/// Schema version 9 (the manual order through sync): where a todo was when its item came without a place.
extension Schema {
    /// `sync_items.synced_position`: the todo's position when the sync last wrote it from a server
    /// item that has no X-APPLE-SORT-ORDER (another app's todo), NULL otherwise. While the todo is
    /// still there, an edit here does not add the property to the other app's item; once it is moved
    /// here, its place goes up. Not journaled, like the rest of the sync state.
    static let syncPositionsSQL = """
        ALTER TABLE sync_items ADD COLUMN synced_position INTEGER;
        """
}
