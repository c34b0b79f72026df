import TermTable
import Terminal
import TodoStore

/// A playback surface that records instead of showing: an asciicast v2 recording (the format
/// asciinema plays), one header line of JSON, then one `[time, "o", data]` event per frame.
///
/// It keeps its own clock: a pause advances it at once, so a tour of a minute records in a
/// moment and the same steps always give the same recording.
public final class AsciicastRecorder: PlaybackSurface {
    /// The terminal size of the recording.
    public let size: Size
    /// A 256-color terminal, which every asciicast player draws.
    public var colorCapability: ColorCapability { .palette256 }
    /// The recording's clock, in milliseconds from its start.
    public private(set) var clockMilliseconds = 0
    /// The title in the header.
    private let title: String
    private var encoder = TerminalFrameEncoder()
    private var events: [(milliseconds: Int, data: String)] = []

    /// A recording of a terminal `size` large, called `title`.
    public init(size: Size, title: String) {
        self.size = size
        self.title = title
    }

    /// Records the bytes that show `frame`, at the current time.
    public func show(_ frame: Canvas, cursor: Point?) {
        let data = encoder.encode(frame, cursor: cursor)
        if !data.isEmpty { events.append((clockMilliseconds, data)) }
    }

    /// Writes the next frame whole.
    public func invalidate() {
        encoder.invalidate()
    }

    /// No viewer presses anything: the time passes and no key comes.
    public func waitForKeys(milliseconds: Int) -> [Key]? {
        clockMilliseconds += max(0, milliseconds)
        return []
    }

    /// A recording is never interrupted by the viewer (the process's own signals end it as usual).
    public func takeTerminationSignal() -> Int32? { nil }

    /// Keeps the last frame on screen for `milliseconds` more: players end at the last event, so
    /// an event that changes nothing (hiding a hidden cursor) marks the end.
    public func hold(milliseconds: Int) {
        clockMilliseconds += max(0, milliseconds)
        events.append((clockMilliseconds, "\u{1B}[?25l"))
    }

    /// How long the recording lasts, in milliseconds.
    public var durationMilliseconds: Int { events.last?.milliseconds ?? 0 }

    /// How many events it has.
    public var eventCount: Int { events.count }

    /// The recording as asciicast v2 text: the header, then the events, one JSON value a line.
    public var text: String {
        var lines = ["{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height), "
                     + "\"title\": \(JSONText.quoted(title)), \"env\": {\"TERM\": \"xterm-256color\"}}"]
        lines.reserveCapacity(events.count + 1)
        for event in events {
            lines.append("[\(Self.seconds(event.milliseconds)), \"o\", \(JSONText.quoted(event.data))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1250` as `1.250`.
    static func seconds(_ milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
