import CalDAV
import TodoStore

/// List renames through CalDAV: a list's name is its collection's `DAV:displayname`.
///
/// The name both sides had at the end of the last sync is kept (`TodoStore.syncedListName`), so a
/// sync tells which side renamed: a list renamed here renames its collection (PROPPATCH), a
/// collection renamed on the server (by another device or client) renames the list. Renamed on
/// both sides to different names, the server's name wins, as the server's value wins a todo's field
/// that both sides changed. When the name is not known (a list mapped before schema 9), this
/// device's name goes up. A server name that another list here already has, or that is no valid
/// list name, renames nothing: the sync says so (`SyncSummary.unappliedRenames`) and asks again at
/// the next one, and the todos keep syncing meanwhile.
extension SyncEngine {
    /// Brings the names of the synced lists and their collections together; `remote` are the
    /// collections the sync discovered.
    func syncListNames(_ mapped: [Int64: TodoStore.SyncCollection], remote: [CalendarCollection]) throws {
        let remoteNames = Dictionary(remote.map { ($0.url.path, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        for collection in mapped.values.sorted(by: { $0.listID < $1.listID }) {
            guard let list = try store.lists().first(where: { $0.id == collection.listID }) else { continue }
            let synced = try store.syncedListName(listID: list.id)
            guard let remoteName = remoteNames[collection.href] else {
                // Made by this sync (MKCALENDAR with the list's name): both sides have the list's name.
                if synced != list.name { try store.saveSyncedListName(list.name, listID: list.id) }
                continue
            }
            // A collection without a display name (nil) has no rename to follow; it gets the list's name.
            let remoteRenamed = remoteName.map { synced != nil && $0 != synced } ?? false
            if remoteRenamed, let remoteName, remoteName != list.name {
                try renameList(list, to: remoteName)
            } else if list.name != (remoteName ?? synced) || synced == nil {
                if list.name != remoteName {
                    try client.setDisplayName(list.name, of: try home.resolving(collection.href))
                    summary.renamedCollections += 1
                }
                try store.saveSyncedListName(list.name, listID: list.id)
            } else if synced != list.name {
                try store.saveSyncedListName(list.name, listID: list.id)
            }
        }
    }

    /// Renames a list to its collection's new name, or says why not (the name is recorded only
    /// when the list has it, so a refused rename is tried again next time).
    private func renameList(_ list: TodoList, to name: String) throws {
        if let other = try store.lists().first(where: { $0.id != list.id && $0.name.lowercased() == name.lowercased() }) {
            summary.unappliedRenames.append(
                "the collection of list \(TitleQuoting.quoted(list.name, limit: 40)) was renamed \(TitleQuoting.quoted(name, limit: 40)) "
                + "on the server, but list \(TitleQuoting.quoted(other.name, limit: 40)) has that name here: rename one of them")
            return
        }
        do {
            _ = try store.asRemote { try store.renameList(id: list.id, to: name) }
        } catch StoreError.invalidListName(let reason) {
            summary.unappliedRenames.append(
                "the collection of list \(TitleQuoting.quoted(list.name, limit: 40)) was renamed on the server to a name Tick cannot use (\(reason))")
            return
        }
        try store.saveSyncedListName(name, listID: list.id)
        summary.renamedLists += 1
    }
}
