/// Schema version 9 (list renames through sync): the name a synced list and its collection agreed on.
extension Schema {
    /// `sync_collections.synced_name`: the list's name and the collection's display name as they were
    /// at the end of the last sync that compared them (NULL: not known yet, for mappings made before
    /// version 9). A side whose name differs from it was renamed since; not journaled, like the rest
    /// of the sync state.
    static let syncNamesSQL = """
        ALTER TABLE sync_collections ADD COLUMN synced_name TEXT;
        """
}
