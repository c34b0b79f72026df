/// Whether a due value can be stored, for importers that read due values in several forms.
extension TodoStore {
    /// Whether this store takes `due` as a due value (`YYYY-MM-DD`; a store that keeps due times
    /// also takes `YYYY-MM-DDTHH:MM`). A check of text, not of the file: nothing is read or written.
    public static func acceptsDue(_ due: String) -> Bool {
        do {
            try Validation.due(due)
            return true
        } catch {
            return false
        }
    }
}
