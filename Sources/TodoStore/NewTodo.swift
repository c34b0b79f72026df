import FoundationEssentials

/// A todo to import: every stored field except the id, which the store assigns, and the position,
/// which it assigns unless one is given (a CalDAV sync places a todo where the server says).
public struct NewTodo: Equatable, Hashable, Sendable {
    /// The title, stored exactly; it must contain something visible.
    public var title: String
    /// Free-form notes.
    public var notes: String
    /// The list to put it in, matched case-insensitively; a missing list is created.
    public var listName: String
    /// Higher is more important; 0 is none.
    public var priority: Int
    /// The due day as `YYYY-MM-DD`, or nil.
    public var due: String?
    /// Whether the todo is flagged.
    public var isFlagged: Bool
    /// When it was created; nil means now.
    public var createdAt: Date?
    /// Whether the file it came from gave a creation date (todo.txt lines may have none): when not,
    /// the store notes it so that a todo.txt export leaves the date out again.
    public var isCreationDateKnown = true
    /// Whether the file gave a completion date for a done todo (`x Call Mom` has none), as above.
    public var isCompletionDateKnown = true
    /// When it was completed, or nil while open.
    public var completedAt: Date?
    /// Whether `completedAt` is a guess: the todo says it is done but not when (a VTODO without
    /// COMPLETED, whose time is then read from LAST-MODIFIED). An import that updates a todo stored
    /// done the same way (done, or cancelled) keeps the stored time (`keepingCompletionTime(of:)`),
    /// so another client's later edit does not move it; a real time, or a change between done and
    /// cancelled, is taken.
    public var isCompletionTimeInferred = false
    /// How it recurs, or nil.
    public var recurrence: RecurrenceRule?
    /// Its tags, without their sign (see `TodoTags`).
    public var tags: [String] = []
    /// The iCalendar UID the file gave, or nil for a fresh one. An import updates the todo that
    /// already has this UID instead of adding another (see `ImportSummary.updated`).
    public var uid: String?
    /// When it was last modified as the file or server says (LAST-MODIFIED), or nil to count the
    /// import itself as the change (see `Schema.modifiedTimeSQL`).
    public var modifiedAt: Date?
    /// Its place in its list's manual order (`TodoItem.position`), or nil: a new todo goes to the end of
    /// its list, an updated one keeps its place (the end of its new list when it changes list).
    public var position: Int64?
    /// Started (kept only while open) or cancelled (kept only when completed); nil for plainly
    /// open or done (see `TodoItem.statusMark`).
    public var statusMark: TodoStatusMark?
    /// PERCENT-COMPLETE, 0–100 (anything else is dropped), or nil.
    public var percentComplete: Int?
    /// The UID of its parent todo (a subtask), or nil at the top; an updated todo takes it too. The
    /// parent may come later in the import, or be in another list (see `TodoItem.parentUID`); a
    /// parent that would make a loop is not taken (`ImportSummary.refusedParents`).
    public var parentUID: String?
    /// Its reminders (the VALARMs Tick can show); stored sorted, each once.
    public var reminders: [Reminder] = []
    /// The day, or day and time, it starts (DTSTART), written as `due` is, or nil.
    public var start: String?

    /// The mark as stored: a mark that contradicts the completion (started yet completed,
    /// cancelled yet open) is dropped.
    var storedStatusMark: TodoStatusMark? {
        switch statusMark {
        case .inProcess: completedAt == nil ? .inProcess : nil
        case .cancelled: completedAt != nil ? .cancelled : nil
        case nil: nil
        }
    }

    /// This todo, with the completion time of `stored` (the todo its UID names) when its own is
    /// inferred and `stored` was finished the same way already (see `isCompletionTimeInferred`).
    func keepingCompletionTime(of stored: TodoItem) -> NewTodo {
        guard isCompletionTimeInferred, completedAt != nil, let completed = stored.completedAt,
              (stored.status == .cancelled) == (storedStatusMark == .cancelled) else { return self }
        var kept = self
        kept.completedAt = completed
        return kept
    }

    /// The percentage as stored: nil unless 0–100.
    var storedPercentComplete: Int? { percentComplete.flatMap { (0...100).contains($0) ? $0 : nil } }

    /// Describes a todo to import; by default an open, unflagged Inbox todo created now.
    public init(title: String, notes: String = "", listName: String = "Inbox", priority: Int = 0, due: String? = nil,
                isFlagged: Bool = false, createdAt: Date? = nil, completedAt: Date? = nil, tags: [String] = []) {
        self.title = title
        self.notes = notes
        self.listName = listName
        self.priority = priority
        self.due = due
        self.isFlagged = isFlagged
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.tags = tags
    }
}
