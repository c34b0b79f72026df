/// One item of terminal input before it is decoded into a `Key`.
public enum RawInput: Hashable, Sendable {
    /// One Unicode scalar read from the terminal (or a raw byte of an escape sequence).
    case character(UInt32)
    /// `get_wch` returned `KEY_CODE_YES`: a key ncurses recognised from terminfo.
    case keyCode(Int32)
    /// A key ncurses knows only by its extended terminfo name, such as `kUP5` (Ctrl-Up).
    case extendedKey(String)
    /// The terminal changed size (curses already knows the new size).
    case resize(width: Int, height: Int)

    /// What `get_wch` would return for these bytes with keypad translation off: UTF-8 decoded into
    /// scalars, an invalid byte passed through as itself (so tests can feed real byte sequences).
    public static func from(terminalBytes bytes: [UInt8]) -> [RawInput] {
        var inputs: [RawInput] = []
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if length > 1, index + length <= bytes.count,
               let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first {
                inputs.append(.character(scalar.value))
                index += length
            } else {
                inputs.append(.character(UInt32(lead)))
                index += 1
            }
        }
        return inputs
    }

    /// The inputs for a string's bytes (escape sequences written as `"\u{1B}[A"`).
    public static func from(terminalText text: String) -> [RawInput] {
        from(terminalBytes: Array(text.utf8))
    }
}
