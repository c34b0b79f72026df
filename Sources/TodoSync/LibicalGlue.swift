import Glibc
import CLibical
import Synchronization

/// The few libical calls Tick makes, wrapped so that nothing else in the module handles C strings
/// or memory: owned strings are copied and freed here, and a parsed component is freed by its owner.
enum Libical {
    /// A parsed component tree, freed with its owner.
    final class Component {
        let pointer: OpaquePointer

        /// libical's error state, set once: an error is never fatal (an abort in the app), only noted.
        private static let errorsAreNotFatal: Void = icalerror_set_errors_are_fatal(0)

        /// Parses `text` (a VCALENDAR or a bare component); nil when libical finds no component.
        /// Callers bound the text first (`CalendarScan.maximumDepth`, `CalendarReading.maximumTodoBytes`).
        init?(parsing text: String) {
            Self.errorsAreNotFatal
            guard let parsed = text.withCString({ icalparser_parse_string($0) }) else { return nil }
            pointer = parsed
        }

        deinit { icalcomponent_free(pointer) }

        /// The components of `kind` directly inside this one, or this one itself when it is of that kind.
        func components(_ kind: icalcomponent_kind) -> [OpaquePointer] {
            if icalcomponent_isa(pointer) == kind { return [pointer] }
            var found: [OpaquePointer] = []
            var child = icalcomponent_get_first_component(pointer, kind)
            while let current = child {
                found.append(current)
                child = icalcomponent_get_next_component(pointer, kind)
            }
            return found
        }

        /// The VTODOs directly inside this one, or this one itself when it is a VTODO.
        var todos: [OpaquePointer] { components(ICAL_VTODO_COMPONENT) }
    }

    /// The properties directly in `component`, in order.
    static func properties(of component: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            found.append(current)
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        return found
    }

    /// A property's name as written (`SUMMARY`, `X-APPLE-SORT-ORDER`), upper-cased.
    static func name(of property: OpaquePointer) -> String {
        if icalproperty_isa(property) == ICAL_X_PROPERTY, let name = icalproperty_get_x_name(property) {
            return String(cString: name).uppercased()
        }
        return icalproperty_get_property_name(property).map { String(cString: $0).uppercased() } ?? ""
    }

    /// A text value libical returns (unescaped), or "" for none.
    static func string(_ value: UnsafePointer<CChar>?) -> String {
        value.map { String(cString: $0) } ?? ""
    }

    /// A parameter's value (`TZID`), or nil.
    static func parameter(_ name: String, of property: OpaquePointer) -> String? {
        name.withCString { icalproperty_get_parameter_as_string(property, $0) }.map { String(cString: $0) }
    }

    /// A property serialized by libical: escaped, folded at 75 octets, ending in CRLF. Frees `property`.
    static func serialized(_ property: OpaquePointer) -> String {
        defer { icalproperty_free(property) }
        guard let text = icalproperty_as_ical_string_r(property) else { return "" }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }

    /// A TEXT property (SUMMARY, DESCRIPTION, UID…) made by `make` from `value`, serialized.
    static func textLine(_ value: String, _ make: (UnsafePointer<CChar>) -> OpaquePointer?) -> String {
        guard let property = value.withCString(make) else { return "" }
        return serialized(property)
    }

    /// libical loads its built-in zones lazily into a shared array, without a lock of its own.
    private static let zoneLock = Mutex(())

    /// libical's zone named `name` (IANA), or nil when it knows none by that name.
    static func builtinZone(_ name: String) -> OpaquePointer? {
        zoneLock.withLock { _ in icaltimezone_get_builtin_timezone(name) }
    }

    /// A UTC DATE-TIME for `seconds` since 1970.
    static func utcTime(_ seconds: Int64) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(seconds), 0, icaltimezone_get_utc_timezone())
    }
}
