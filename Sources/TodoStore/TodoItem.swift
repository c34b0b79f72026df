import FoundationEssentials

/// One todo as stored: a value snapshot, so the UI can keep it without holding the database.
public struct TodoItem: Equatable, Hashable, Sendable, Identifiable {
    /// The stable id shown to users; never reused, even after deletion.
    public var id: Int64
    /// The list the todo belongs to.
    public var listID: Int64
    /// The title exactly as entered; escaping for display is the UI's job.
    public var title: String
    /// Free-form notes, empty when there are none.
    public var notes: String
    /// The manual sort key within its list; rows are ordered by position, then id. Gaps are normal.
    public var position: Int64
    /// When the todo was added, to the millisecond.
    public var createdAt: Date
    /// When the todo was completed, or nil while it is open.
    public var completedAt: Date?
    /// Higher is more important; 0 is none.
    public var priority: Int
    /// The due day as `YYYY-MM-DD`, or nil.
    public var due: String?
    /// Whether the user flagged the todo for attention.
    public var isFlagged: Bool
    /// How the todo comes back once done, or nil when it does not recur.
    public var recurrence: RecurrenceRule?
    /// The todo's tags (`#work` in a title), without their sign, in the order typed.
    public var tags: [String]
    /// The iCalendar UID (RFC 5545) the todo is known by in files and on servers: unique in the
    /// store, never changed; a fresh RFC 4122 UUID unless an import brought one.
    public var uid: String
    /// Started (on an open todo) or cancelled (on a finished one); nil for plainly open or done
    /// (see `status`).
    public var statusMark: TodoStatusMark?
    /// How far along the todo is, 0–100 (iCalendar's PERCENT-COMPLETE), or nil when nobody said.
    public var percentComplete: Int?
    /// The UID of the todo's parent (a subtask's), or nil at the top. The relation is in effect
    /// only while a todo with that UID is in the same list; otherwise the todo shows at the top and
    /// the relation is kept as it came (see `TodoStore.parentID(of:)`).
    public var parentUID: String?
    /// Its reminders (the VALARMs Tick can show), sorted, each once.
    public var reminders: [Reminder]
    /// The day (`YYYY-MM-DD`) or day and time (`YYYY-MM-DDTHH:MM`) before which the todo waits
    /// (iCalendar's DTSTART), written as `due` is (see `DueText`), or nil.
    public var start: String?

    /// Whether the todo has been completed.
    public var isDone: Bool { completedAt != nil }

    /// Creates a snapshot; the store is the only place that assigns ids and positions.
    public init(id: Int64, listID: Int64, title: String, notes: String = "", position: Int64,
                createdAt: Date, completedAt: Date? = nil, priority: Int = 0, due: String? = nil,
                isFlagged: Bool = false, recurrence: RecurrenceRule? = nil, tags: [String] = [], uid: String = "",
                statusMark: TodoStatusMark? = nil, percentComplete: Int? = nil, parentUID: String? = nil, reminders: [Reminder] = [],
                start: String? = nil) {
        self.id = id
        self.listID = listID
        self.title = title
        self.notes = notes
        self.position = position
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.priority = priority
        self.due = due
        self.isFlagged = isFlagged
        self.recurrence = recurrence
        self.tags = tags
        self.uid = uid
        self.statusMark = statusMark
        self.percentComplete = percentComplete
        self.parentUID = parentUID
        self.reminders = reminders
        self.start = start
    }
}
