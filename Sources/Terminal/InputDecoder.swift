import TermTable

/// Turns terminal input into `Key`s.
///
/// Pure Swift, no curses calls, so every sequence is testable. The terminal backend reads raw bytes
/// and every key is decoded here: xterm, VT220, rxvt and Linux console sequences for the cursor,
/// editing and function keys (in normal and application mode), SGR and X10 mouse reports, Alt
/// combinations. (`RawInput.keyCode` and `.extendedKey` are what ncurses' own `wget_wch` would
/// deliver; they are understood too.) Unknown sequences are swallowed whole so they never turn
/// into stray keys. Feed one burst of input, then call `finish()`:
/// a lone Esc and the last typed character are only known to be complete when the burst ends.
///
/// Bracketed paste (`ESC [200~` … `ESC [201~`) becomes one `Key.paste` carrying the text as sent:
/// nothing inside a paste is ever a key. A paste whose end marker never comes ends at `finish()`
/// (the terminal backend calls it once input has paused, see `TerminalScreen.readKeys`).
public struct InputDecoder: Sendable {
    enum State: Equatable, Sendable {
        case ground
        /// After ESC: the next input decides between Esc, Alt-x and a sequence.
        case escape
        /// ESC [ …: parameters until a final byte.
        case controlSequence
        /// ESC O …: one final byte (keypad/function keys in application mode).
        case singleShift
        /// ESC ] / P / _ / ^ …: a string ended by BEL or ESC \ (terminal replies, never keys).
        case string(introducer: UInt32, sawEscape: Bool)
        /// ESC [ M then three raw bytes: the legacy X10 mouse report.
        case legacyMouse
        /// ESC [ [ then one letter: the Linux console's F1–F5.
        case consoleFunctionKey
        /// Inside a bracketed paste, with how many characters of its end marker `ESC [201~` came so far.
        case paste(matched: Int)
    }

    /// Longest sequence kept; longer garbage is still consumed to its end but not stored.
    static let sequenceLimit = 64
    private(set) var state: State = .ground
    private var sequence: [UInt32] = []
    private var pendingText = ""
    private var lastWasCarriageReturn = false
    /// The text of the paste being read.
    private var pasteText = String.UnicodeScalarView()

    /// Creates a decoder in its initial state.
    public init() {}

    /// Whether input so far ends inside an escape sequence, so more bytes are worth waiting for.
    public var isInsideSequence: Bool {
        switch state {
        case .ground, .escape, .paste: return false
        default: return true
        }
    }

    /// Whether input so far ends inside a bracketed paste whose end marker has not come yet.
    public var isInsidePaste: Bool {
        if case .paste = state { return true }
        return false
    }

    /// Whether input so far ends with an Esc that may still start a sequence (or be the Esc key).
    public var isAfterEscape: Bool { state == .escape }

    /// Whether anything would come out of `finish()` (a pending Esc, character or partial sequence).
    public var hasPendingInput: Bool { state != .ground || !pendingText.isEmpty }

    /// Decodes one input, appending any completed keys.
    public mutating func feed(_ input: RawInput, into keys: inout [Key]) {
        switch state {
        case .ground: ground(input, &keys)
        case .escape: afterEscape(input, &keys)
        case .controlSequence: controlSequence(input, &keys)
        case .singleShift: singleShift(input, &keys)
        case .string(let introducer, let sawEscape): string(input, introducer, sawEscape, &keys)
        case .legacyMouse: legacyMouse(input, &keys)
        case .consoleFunctionKey: consoleFunctionKey(input, &keys)
        case .paste(let matched): paste(input, matched: matched, &keys)
        }
    }

    /// Ends a burst: a pending Esc becomes `.escape`, ESC plus an introducer alone becomes Alt-that,
    /// the last character is delivered, a truncated sequence is dropped, and an unfinished paste is
    /// delivered as the paste of what came (its text is never turned into keys).
    public mutating func finish(into keys: inout [Key]) {
        switch state {
        case .ground: break
        case .paste(let matched):
            // The start of an end marker that never completed was pasted text after all.
            pasteText.append(contentsOf: Self.pasteEnd[0..<matched])
            endPaste(&keys)
        case .escape: keys.append(.escape)
        case .controlSequence where sequence.isEmpty: keys.append(.alt("["))
        case .singleShift: if sequence.isEmpty { keys.append(.alt("O")) }
        case .string(let introducer, false) where sequence.isEmpty:
            keys.append(.alt(Character(Unicode.Scalar(UInt8(introducer)))))
        default: break
        }
        reset()
        flushText(&keys)
        lastWasCarriageReturn = false
    }

    /// Decodes a whole burst: every input, then `finish()`.
    public mutating func decode(_ inputs: [RawInput]) -> [Key] {
        var keys: [Key] = []
        for input in inputs { feed(input, into: &keys) }
        finish(into: &keys)
        return keys
    }

    // MARK: - States

    private mutating func ground(_ input: RawInput, _ keys: inout [Key]) {
        let carriageReturnBefore = lastWasCarriageReturn
        lastWasCarriageReturn = false
        switch input {
        case .keyCode(let code):
            flushText(&keys)
            if let key = Self.key(forCode: code) { keys.append(key) }
        case .extendedKey(let name):
            flushText(&keys)
            if let key = Self.key(forExtendedName: name) { keys.append(key) }
        case .resize(let width, let height):
            flushText(&keys)
            keys.append(.resize(width: width, height: height))
        case .character(let value):
            switch value {
            case 0x1B:
                flushText(&keys)
                state = .escape
            case 0x0A where carriageReturnBefore:
                break  // CR LF from a paste is one line break
            case 0x0D:
                flushText(&keys)
                keys.append(.enter)
                lastWasCarriageReturn = true
            case 0..<0x20, 0x7F...0x9F:
                flushText(&keys)
                if let key = Self.controlKey(value) { keys.append(key) }
            default:
                appendText(value, &keys)
            }
        }
    }

    private mutating func afterEscape(_ input: RawInput, _ keys: inout [Key]) {
        guard case .character(let value) = input else {
            // Alt on a special key is not representable: deliver the key itself.
            state = .ground
            ground(input, &keys)
            return
        }
        sequence.removeAll(keepingCapacity: true)
        switch value {
        case 0x5B: state = .controlSequence  // [
        case 0x4F: state = .singleShift  // O
        case 0x5D, 0x50, 0x5F, 0x5E: state = .string(introducer: value, sawEscape: false)  // ] P _ ^
        case 0x1B: keys.append(.escape)  // Esc Esc: the first is a key, the second may start anything
        case 0..<0x20, 0x7F...0x9F:
            state = .ground
            ground(input, &keys)
        default:
            state = .ground
            if let scalar = Unicode.Scalar(value) { keys.append(.alt(Character(scalar))) }
        }
    }

    private mutating func controlSequence(_ input: RawInput, _ keys: inout [Key]) {
        guard case .character(let value) = input, (0x20...0x7E).contains(value) else {
            // Not part of a sequence: the sequence was cut short. Drop it, keep the input.
            reset()
            feed(input, into: &keys)
            return
        }
        if value >= 0x40 {
            if value == 0x4D, sequence.isEmpty {  // ESC [ M: three raw bytes follow
                state = .legacyMouse
                return
            }
            if value == 0x5B, sequence.isEmpty {  // ESC [ [: a letter follows
                state = .consoleFunctionKey
                return
            }
            if value == 0x7E, sequence == Self.pasteStartParameters {  // ESC [200~: a paste begins
                sequence.removeAll(keepingCapacity: true)
                pasteText = String.UnicodeScalarView()
                state = .paste(matched: 0)
                return
            }
            if let key = ControlSequence.key(parameters: sequence, final: value) { keys.append(key) }
            reset()
        } else if sequence.count < Self.sequenceLimit {
            sequence.append(value)
        }
    }

    private mutating func singleShift(_ input: RawInput, _ keys: inout [Key]) {
        guard case .character(let value) = input, (0x20...0x7E).contains(value) else {
            reset()
            feed(input, into: &keys)
            return
        }
        if value >= 0x40 {
            if let key = ControlSequence.singleShiftKey(final: value) { keys.append(key) }
            reset()
        } else if sequence.count < Self.sequenceLimit {
            sequence.append(value)  // a modifier digit, as in ESC O 5 A
        }
    }

    private mutating func string(_ input: RawInput, _ introducer: UInt32, _ sawEscape: Bool, _ keys: inout [Key]) {
        guard case .character(let value) = input else {
            reset()
            feed(input, into: &keys)
            return
        }
        if value == 0x07 || (sawEscape && value == 0x5C) {  // BEL or ESC \ ends it
            reset()
            return
        }
        if sawEscape {
            // ESC inside the string followed by something else: the string was cut short.
            reset()
            state = .escape
            feed(input, into: &keys)
            return
        }
        if sequence.count < Self.sequenceLimit { sequence.append(value) }
        state = .string(introducer: introducer, sawEscape: value == 0x1B)
    }

    private mutating func legacyMouse(_ input: RawInput, _ keys: inout [Key]) {
        guard case .character(let value) = input else {
            reset()
            feed(input, into: &keys)
            return
        }
        sequence.append(value)
        guard sequence.count == 3 else { return }
        let bytes = sequence.map { Int($0) - 32 }
        reset()
        if let key = ControlSequence.mouse(button: bytes[0], column: bytes[1] - 1, row: bytes[2] - 1, released: false) {
            keys.append(key)
        }
    }

    private mutating func consoleFunctionKey(_ input: RawInput, _ keys: inout [Key]) {
        guard case .character(let value) = input, (0x20...0x7E).contains(value) else {
            reset()
            feed(input, into: &keys)
            return
        }
        // A to E are F1 to F5; another printable byte ends a sequence Tick does not know, swallowed whole.
        if (0x41...0x45).contains(value) { keys.append(.function(Int(value - 0x40))) }
        reset()
    }

    /// The parameters of `ESC [200~`, the start of a bracketed paste.
    static let pasteStartParameters: [UInt32] = [0x32, 0x30, 0x30]
    /// `ESC [201~`, the end of a bracketed paste.
    static let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]

    private mutating func paste(_ input: RawInput, matched: Int, _ keys: inout [Key]) {
        guard case .character(let value) = input, let scalar = Unicode.Scalar(value) else {
            // A resize while the paste arrives still counts; a curses key code cannot occur in a paste.
            if case .resize(let width, let height) = input { keys.append(.resize(width: width, height: height)) }
            return
        }
        if scalar == Self.pasteEnd[matched] {
            if matched + 1 == Self.pasteEnd.count {
                endPaste(&keys)
            } else {
                state = .paste(matched: matched + 1)
            }
            return
        }
        // Not the end marker after all: what looked like its start is text, and this may start it again.
        pasteText.append(contentsOf: Self.pasteEnd[0..<matched])
        if scalar == Self.pasteEnd[0] {
            state = .paste(matched: 1)
        } else {
            pasteText.append(scalar)
            state = .paste(matched: 0)
        }
    }

    private mutating func endPaste(_ keys: inout [Key]) {
        if !pasteText.isEmpty { keys.append(.paste(String(pasteText))) }
        pasteText = String.UnicodeScalarView()
        reset()
    }

    // MARK: - Helpers

    private mutating func reset() {
        state = .ground
        sequence.removeAll(keepingCapacity: true)
    }

    /// Keeps scalars that extend the same grapheme (skin tones, joiners, flags) in one `Character`.
    private mutating func appendText(_ value: UInt32, _ keys: inout [Key]) {
        guard let scalar = Unicode.Scalar(value) else { return }
        if pendingText.isEmpty {
            pendingText.unicodeScalars.append(scalar)
            return
        }
        var candidate = pendingText
        candidate.unicodeScalars.append(scalar)
        if candidate.count == 1 {
            pendingText = candidate
        } else {
            flushText(&keys)
            pendingText.unicodeScalars.append(scalar)
        }
    }

    private mutating func flushText(_ keys: inout [Key]) {
        guard !pendingText.isEmpty else { return }
        for character in pendingText { keys.append(.character(character)) }
        pendingText = ""
    }
}
