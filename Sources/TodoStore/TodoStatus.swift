/// Where a todo stands, in the four words of iCalendar's STATUS for a VTODO (RFC 5545 §3.8.1.11):
/// open (NEEDS-ACTION), started (IN-PROCESS), done (COMPLETED) and cancelled (CANCELLED).
///
/// A cancelled todo is finished like a done one (it has a completion time, hides with the done
/// todos and leaves the agenda); a started one is open.
public enum TodoStatus: String, CaseIterable, Sendable {
    /// Not started (NEEDS-ACTION, or no STATUS).
    case open
    /// Started, not finished (IN-PROCESS).
    case inProcess = "in-process"
    /// Done (COMPLETED).
    case done
    /// Given up (CANCELLED).
    case cancelled

    /// Whether a todo in this status counts as finished: it has a completion time.
    public var isFinished: Bool { self == .done || self == .cancelled }

    /// The status a word of the command line or a JSON file names ("open", "in-process" or
    /// "started", "done" or "completed", "cancelled" or "canceled"), any case; nil for anything else.
    public init?(word: String) {
        switch word.lowercased() {
        case "open", "needs-action", "todo": self = .open
        case "in-process", "in-progress", "started", "start": self = .inProcess
        case "done", "completed", "complete": self = .done
        case "cancelled", "canceled", "cancel": self = .cancelled
        default: return nil
        }
    }
}

/// What a todo's status adds to "open or done" (the `todos.status_mark` column): nothing, started
/// (only on an open todo) or cancelled (only on a finished one).
public enum TodoStatusMark: String, Sendable {
    /// IN-PROCESS: the todo is open and started.
    case inProcess = "in-process"
    /// CANCELLED: the todo is finished without being done.
    case cancelled
}

extension TodoItem {
    /// The todo's status, from its completion time and its mark.
    public var status: TodoStatus {
        switch (completedAt != nil, statusMark) {
        case (false, .inProcess): .inProcess
        case (false, _): .open
        case (true, .cancelled): .cancelled
        case (true, _): .done
        }
    }
}
