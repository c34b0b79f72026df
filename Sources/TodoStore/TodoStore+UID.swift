import FoundationEssentials

/// Todos by their iCalendar UID (schema version 8, `Schema.uidSQL`).
extension TodoStore {
    /// A fresh UID for a todo the store makes: a random RFC 4122 UUID, lower case.
    static func newUID() -> String {
        UUID().uuidString.lowercased()
    }

    /// The todo with this UID, or nil: one lookup in the unique index `todos_by_uid`.
    public func item(uid: String) throws -> TodoItem? {
        try fetchItems("WHERE uid = ?", [uid]).first
    }
}
