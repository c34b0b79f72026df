import CalDAV
import Testing

/// A minimal VTODO calendar object with `uid` and `summary`, CRLF line ends as RFC 5545 wants.
func todoCalendar(uid: String, summary: String) -> String {
    [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick tests//EN",
        "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261201T120000Z", "SUMMARY:\(summary)", "END:VTODO",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
}

/// A minimal VEVENT calendar object, as a calendar app writes an event into a collection that holds
/// todos too.
func eventCalendar(uid: String, summary: String) -> String {
    [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick tests//EN",
        "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261201T120000Z", "DTSTART:20261202T090000Z", "DTEND:20261202T100000Z",
        "SUMMARY:\(summary)", "END:VEVENT",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
}

extension ServerURL {
    /// The item `name` in this collection (a test shortcut: the names are known to be valid).
    func item(_ name: String) -> ServerURL {
        try! resolving(name)
    }
}

/// The error `body` throws, or nil when it succeeds (so tests can compare typed errors with ==).
/// An error of another type is recorded as a test failure.
func caught<T>(_ body: () throws -> T) -> CalDAVError? {
    do {
        _ = try body()
        return nil
    } catch let error as CalDAVError {
        return error
    } catch {
        Issue.record("not a CalDAVError: \(error)")
        return nil
    }
}
