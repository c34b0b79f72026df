import TodoStore

extension TodoCommands {
    /// Copies `item`'s title to the terminal's clipboard (`y`) with an OSC 52 sequence, when the
    /// terminal and the config file allow it; otherwise it says why and writes nothing. The title
    /// goes base64-encoded and without its control characters, so nothing of it reaches the terminal
    /// as a control, and nothing pasted from the clipboard later runs one either.
    func copyTitle(of item: TodoItem) -> Outcome {
        switch terminal.clipboard {
        case .unavailable(let reason):
            return .saying(.error("Not copied: \(reason)"))
        case .osc52:
            var outcome = Outcome.saying(.info("Copied \(quoted(item.title)) to the clipboard"))
            outcome.terminalOutput = OSC52.copying(OSC52.withoutControls(item.title))
            return outcome
        }
    }
}

/// The OSC 52 escape sequence that sets the terminal's clipboard: ESC ] 52 ; c ; BASE64 ESC \.
enum OSC52 {
    /// The sequence putting `text` on the clipboard.
    static func copying(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + Array("\u{1B}\\".utf8)
    }

    /// `text` without control characters (C0, DEL, C1): a tab or line break becomes a space.
    static func withoutControls(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                kept.append(" ")
            } else if scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding (RFC 4648 §4).
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let b0 = UInt32(bytes[index]), b1 = count > 1 ? UInt32(bytes[index + 1]) : 0, b2 = count > 2 ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(count > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            out.append(count > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return out
    }
}
