import Glibc
import TermTable
import Terminal

/// Where a `LivePlayer` shows its frames and waits between steps: the terminal (`tick demo`,
/// `--play`), or a recording (`tick demo --record`), which keeps its own clock and has no viewer.
public protocol PlaybackSurface: AnyObject {
    /// The size frames are drawn at.
    var size: Size { get }
    /// How much color frames may use.
    var colorCapability: ColorCapability { get }
    /// Milliseconds on the surface's clock: real time for a terminal, the recording's time for a recording.
    var clockMilliseconds: Int { get }
    /// Shows a frame, with the cursor at `cursor` (hidden when nil).
    func show(_ frame: Canvas, cursor: Point?)
    /// Makes the next frame repaint everything (after a resize).
    func invalidate()
    /// Waits up to `milliseconds` for the viewer's keys: the keys, empty when none came, nil when no
    /// key can ever come (input ended).
    func waitForKeys(milliseconds: Int) -> [Key]?
    /// A termination signal waiting to be acted on (SIGINT, SIGTERM…), cleared by the call.
    func takeTerminationSignal() -> Int32?
}

extension TerminalScreen: PlaybackSurface {
    /// The monotonic clock, in milliseconds.
    public var clockMilliseconds: Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }

    /// Presents the frame in the terminal.
    public func show(_ frame: Canvas, cursor: Point?) {
        present(frame, cursor: cursor, scroll: nil)
    }

    /// Reads the viewer's keys from the terminal.
    public func waitForKeys(milliseconds: Int) -> [Key]? {
        readKeys(timeoutMilliseconds: milliseconds)
    }

    /// The signal the terminal's handlers caught, if any.
    public func takeTerminationSignal() -> Int32? {
        TerminalScreen.takeTerminationSignal()
    }
}
