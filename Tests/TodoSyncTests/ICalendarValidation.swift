import CLibical
import Foundation
import Testing
import TestSupport
import TickTesting
@testable import TodoSync

/// What Tick writes, judged by two parsers that are not Tick's reading: libical's own validation
/// (`icalrestriction_check`, its parse errors) with RFC 5545's rules for DTSTART, DUE and RRULE, and
/// Python's icalendar from PyPI (`validate_icalendar.py`, run from `.build/venv`, which `make test`
/// installs). A problem found by either is a test failure.
enum ICalendarValidation {
    /// One text Tick wrote: a VCALENDAR, and the UID of the VTODO Tick wrote into it (nil: every
    /// VTODO is Tick's). Other clients' VTODOs beside Tick's are theirs, and not judged.
    struct Output: Sendable {
        /// Says which case made it, in failure messages.
        var name: String
        var text: String
        var uid: String?
    }

    /// The package root, found from this file's path (Tests/TodoSyncTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Checks every output with both parsers and records an issue for each problem, naming the case.
    static func expectValid(_ outputs: [Output], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for output in outputs {
            for problem in libicalProblems(output) {
                Issue.record("libical: \(output.name): \(problem)\n\(output.text)", sourceLocation: sourceLocation)
            }
        }
        for (output, problems) in zip(outputs, try icalendarProblems(outputs)) {
            for problem in problems {
                Issue.record("icalendar: \(output.name): \(problem)\n\(output.text)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: libical

    /// libical's problems with the VTODO(s) of `output`: each is checked alone in a VCALENDAR with the
    /// original's VERSION and PRODID (libical stops checking at the first component that fails).
    static func libicalProblems(_ output: Output) -> [String] {
        guard let root = output.text.withCString({ icalparser_parse_string($0) }) else { return ["libical cannot parse it"] }
        defer { icalcomponent_free(root) }
        guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT else { return ["not a VCALENDAR"] }
        var problems: [String] = []
        var todos: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(root, ICAL_VTODO_COMPONENT)
        while let todo = child {
            if output.uid == nil || icalcomponent_get_uid(todo).map({ String(cString: $0) }) == output.uid { todos.append(todo) }
            child = icalcomponent_get_next_component(root, ICAL_VTODO_COMPONENT)
        }
        if todos.isEmpty { problems.append("no VTODO \(output.uid ?? "")") }
        for todo in todos {
            guard let alone = icalcomponent_new(ICAL_VCALENDAR_COMPONENT) else { continue }
            defer { icalcomponent_free(alone) }
            for kind in [ICAL_VERSION_PROPERTY, ICAL_PRODID_PROPERTY] {
                if let property = icalcomponent_get_first_property(root, kind) {
                    icalcomponent_add_property(alone, icalproperty_new_clone(property))
                }
            }
            icalcomponent_add_component(alone, icalcomponent_new_clone(todo))
            _ = icalrestriction_check(alone)
            problems += errors(in: alone)
            problems += rfcProblems(todo)
        }
        return problems
    }

    /// The X-LIC-ERROR properties libical put into `component` and everything inside it.
    private static func errors(in component: OpaquePointer) -> [String] {
        var found: [String] = []
        var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let current = property {
            found.append(icalproperty_get_xlicerror(current).map { String(cString: $0) } ?? "an error")
            property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            found += errors(in: current)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return found
    }

    /// RFC 5545's rules libical does not check: DTSTART beside an RRULE (§3.8.2.4), DTSTART and DUE of
    /// one value type and DUE not before DTSTART (§3.8.2.3).
    private static func rfcProblems(_ todo: OpaquePointer) -> [String] {
        let startProperty = icalcomponent_get_first_property(todo, ICAL_DTSTART_PROPERTY)
        let dueProperty = icalcomponent_get_first_property(todo, ICAL_DUE_PROPERTY)
        var problems: [String] = []
        if icalcomponent_get_first_property(todo, ICAL_RRULE_PROPERTY) != nil, startProperty == nil { problems.append("RRULE without DTSTART") }
        if let startProperty, let dueProperty {
            let start = icalproperty_get_dtstart(startProperty), due = icalproperty_get_due(dueProperty)
            if start.is_date != due.is_date {
                problems.append("DTSTART and DUE of different value types (DATE and DATE-TIME)")
            } else if instant(due, of: dueProperty) < instant(start, of: startProperty) {
                problems.append("DUE before DTSTART")
            }
        }
        return problems
    }

    /// Seconds since 1970 of a DATE or DATE-TIME: in its zone (a VTIMEZONE's, else the IANA zone its
    /// TZID names), UTC for `Z`; floating ones and dates as UTC, which compares two of them rightly.
    private static func instant(_ time: icaltimetype, of property: OpaquePointer) -> Int {
        var zone: OpaquePointer? = time.zone
        if zone == nil, let tzid = icalproperty_get_parameter_as_string(property, "TZID") {
            zone = icaltimezone_get_builtin_timezone(tzid)
        }
        return Int(icaltime_as_timet_with_zone(time, zone ?? icaltimezone_get_utc_timezone()))
    }

    // MARK: Python's icalendar

    /// Python's icalendar's problems with each output, in one run of `validate_icalendar.py`.
    static func icalendarProblems(_ outputs: [Output]) throws -> [[String]] {
        let python = RadicaleProcess.python(inRepository: root)
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ValidationSetUpError("Python's icalendar is not installed in .build/venv: `make test` installs it")
        }
        let input = try JSONSerialization.data(withJSONObject: outputs.map { ["text": $0.text, "uid": $0.uid as Any] })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [root.appendingPathComponent("Tests/TodoSyncTests/validate_icalendar.py").path]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Written from another thread: a big input must not fill the pipe while the answer fills the other.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let answer = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let problems = try JSONSerialization.jsonObject(with: answer) as? [[String]],
              problems.count == outputs.count else {
            throw ValidationSetUpError("validate_icalendar.py failed (status \(process.terminationStatus)): "
                                       + String(decoding: errors, as: UTF8.self))
        }
        return problems
    }

    /// The validator could not run (not a finding about the text).
    struct ValidationSetUpError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
