/// Why a VTODO or a calendar file cannot be read, at a line of the text when known, so a message
/// can read "FILE:LINE: problem". Nothing of a text that throws this has been applied.
public struct CalendarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// The text is not iCalendar at all, or its BEGIN and END lines do not match.
        case malformed(String)
        /// A VTODO without a UID: Tick could not tell it apart from the next one.
        case missingUID
        /// A VTODO without a SUMMARY, or a blank one: a todo needs a title.
        case missingSummary
        /// A property Tick reads whose value it cannot read (a DUE that is no date, an unknown
        /// time zone, an RRULE Tick cannot follow…).
        case unreadableProperty(name: String, reason: String)
        /// Two VTODOs of one file with the same UID (and no RECURRENCE-ID).
        case repeatedUID(String)
        /// The original given to `VTodoRewriter` holds no VTODO with the todo's UID.
        case noSuchTodo(uid: String)
    }

    /// The 1-based line where the problem is, or 0 when the text has no lines to point at.
    public var line: Int
    /// What is wrong.
    public var problem: Problem

    /// A problem at `line`.
    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// The problem for people, without the line.
    public var reason: String {
        switch problem {
        case let .malformed(detail): detail
        case .missingUID: "a VTODO without a UID"
        case .missingSummary: "a VTODO without a SUMMARY (a todo needs a title)"
        case let .unreadableProperty(name, reason): "\(name): \(reason)"
        case let .repeatedUID(uid): "a second VTODO with UID \(CalendarText.quoted(uid))"
        case let .noSuchTodo(uid): "no VTODO with UID \(CalendarText.quoted(uid))"
        }
    }

    /// "LINE: problem"; the caller puts the file name in front.
    public var description: String { "\(line): \(reason)" }
}
