/// The XML namespaces WebDAV and CalDAV answers use.
public enum XMLNamespace {
    /// WebDAV (RFC 4918) and collection sync (RFC 6578).
    public static let dav = "DAV:"
    /// CalDAV (RFC 4791).
    public static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// Apple's Calendar Server extensions (`getctag`).
    public static let calendarServer = "http://calendarserver.org/ns/"
    /// Apple iCal's extensions (`calendar-color`, `calendar-order`).
    public static let appleICal = "http://apple.com/ns/ical/"
}

/// An element of a parsed XML answer: its namespace and local name, its own text, and its
/// child elements. A Swift copy of libxml2's tree, so nothing outlives the C document.
public struct XMLElement: Sendable, Equatable {
    /// The namespace URI (`DAV:`…), empty when the element has none.
    public var namespace: String
    /// The local name, without prefix.
    public var name: String
    /// The element's own text (CDATA included) exactly as parsed: calendar data keeps its line
    /// breaks (XML turns CRLF into LF).
    public var content: String
    /// The child elements in document order.
    public var children: [XMLElement]
    /// The attributes by local name (CalDAV uses few, all without namespace: `<C:comp name="VTODO"/>`).
    public var attributes: [String: String] = [:]

    /// An element, for tests and for building answers to read.
    public init(namespace: String, name: String, content: String = "", children: [XMLElement] = []) {
        self.namespace = namespace
        self.name = name
        self.content = content
        self.children = children
    }

    /// The text without spaces and line breaks at either end, as hrefs, ETags and names want it.
    public var text: String {
        content.trimmingSpaces
    }

    /// Whether this element is `name` in `namespace`.
    public func `is`(_ namespace: String, _ name: String) -> Bool {
        self.namespace == namespace && self.name == name
    }

    /// The first child `name` in `namespace`.
    public func child(_ namespace: String, _ name: String) -> XMLElement? {
        children.first { $0.is(namespace, name) }
    }

    /// Every child `name` in `namespace`.
    public func children(_ namespace: String, _ name: String) -> [XMLElement] {
        children.filter { $0.is(namespace, name) }
    }

    /// Parses `bytes` with libxml2 (through ``XMLStreamReader``): no network access, no entity
    /// expansion, no messages on standard error (the TUI owns the terminal).
    public static func parse(_ bytes: [UInt8]) throws(CalDAVError) -> XMLElement {
        var children: [XMLElement] = []
        let reader = XMLStreamReader { child throws(CalDAVError) in children.append(child) }
        bytes.withUnsafeBytes { _ = reader.feed($0) }
        var root = try reader.finish()
        root.children = children
        return root
    }
}

extension String {
    /// The string escaped for XML text and attribute values; control characters XML 1.0 cannot
    /// hold are dropped (a display name is the user's text).
    var xmlEscaped: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
