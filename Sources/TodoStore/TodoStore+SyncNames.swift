/// The name a synced list had at its last sync (schema 9, `Schema.syncNamesSQL`).
extension TodoStore {
    /// The name list `listID` and its collection agreed on at the last sync; nil when there is no
    /// collection or the name is not known yet.
    public func syncedListName(listID: Int64) throws -> String? {
        try connection.queryFirst("SELECT synced_name FROM sync_collections WHERE list_id = ?", [listID]) { $0.optionalString(at: 0) } ?? nil
    }

    /// Records the name list `listID` and its collection now agree on.
    public func saveSyncedListName(_ name: String, listID: Int64) throws {
        try requireWritable()
        _ = try connection.transaction { try connection.run("UPDATE sync_collections SET synced_name = ? WHERE list_id = ?", [name, listID]) }
    }
}
