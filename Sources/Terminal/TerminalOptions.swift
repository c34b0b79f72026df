import Glibc

/// Whether to draw in color.
public enum ColorPreference: Sendable, Equatable {
    /// Colors when the terminal has them, unless `NO_COLOR` is set to something non-empty.
    case automatic
    /// Colors whenever the terminal has them, ignoring `NO_COLOR` (an explicit `--color`).
    case enabled
    /// Attributes only (bold, underline, reverse…), never color.
    case disabled
}

/// How to start the terminal session.
public struct TerminalOptions: Sendable {
    /// Report mouse presses, drags and the wheel as `Key.mouse` (xterm SGR reporting).
    public var mouse: Bool
    /// Whether to use color.
    public var colors: ColorPreference
    /// Accept keys from a pipe on standard input (the screen is still standard output).
    public var allowsPipedInput: Bool
    /// Where keys are read from: standard input, or another descriptor such as `/dev/tty` opened by
    /// a caller whose standard input carries something else (a key script played live from a pipe).
    public var inputDescriptor: Int32
    /// How long a lone Esc waits for the rest of a key sequence, in milliseconds.
    public var escapeDelayMilliseconds: Int
    /// How often a blocked read wakes to notice signals, in milliseconds (at most 250), where the
    /// signal wake pipe could not be made; with it, a signal wakes the read at once.
    public var signalPollMilliseconds: Int
    /// Count the bytes sent to the terminal from the start (`TerminalScreen.bytesWritten`).
    public var countsBytes: Bool
    /// How long a bracketed paste whose end marker has not come waits for more input, in
    /// milliseconds, before what came is taken as the whole paste (and later input as keys again).
    public var pasteEndMilliseconds: Int

    /// Creates options; the defaults suit an interactive session without mouse reporting.
    public init(
        mouse: Bool = false,
        colors: ColorPreference = .automatic,
        allowsPipedInput: Bool = false,
        inputDescriptor: Int32 = STDIN_FILENO,
        escapeDelayMilliseconds: Int = 25,
        signalPollMilliseconds: Int = 100,
        countsBytes: Bool = false,
        pasteEndMilliseconds: Int = 500
    ) {
        self.mouse = mouse
        self.colors = colors
        self.allowsPipedInput = allowsPipedInput
        self.inputDescriptor = inputDescriptor
        self.escapeDelayMilliseconds = escapeDelayMilliseconds
        self.signalPollMilliseconds = signalPollMilliseconds
        self.countsBytes = countsBytes
        self.pasteEndMilliseconds = pasteEndMilliseconds
    }
}
