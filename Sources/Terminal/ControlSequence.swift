import TermTable

/// The meaning of complete escape sequences: CSI (`ESC [ … final`), SS3 (`ESC O final`) and mouse reports.
enum ControlSequence {
    /// The key for `ESC [ parameters final`, or nil when the sequence means nothing to Tick.
    static func key(parameters: [UInt32], final: UInt32) -> Key? {
        if parameters.first == 0x3C {  // '<': an SGR mouse report
            return sgrMouse(Array(parameters.dropFirst()), final: final)
        }
        // Other private markers (? > =) and intermediates are terminal replies, not keys.
        guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else { return nil }
        let numbers = numbers(parameters)
        guard parameters.isEmpty || !numbers.isEmpty else { return nil }  // ':' sub-parameters
        let first = numbers.first ?? nil
        switch final {
        case 0x41: return .up  // A; modifiers (1;5A) are dropped
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home  // H
        case 0x46: return .end  // F
        case 0x5A: return .backTab  // Z
        case 0x50...0x53: return .function(Int(final - 0x50) + 1)  // P Q R S with modifiers
        case 0x7E: return first.flatMap(tildeKey)  // ~
        default: return nil
        }
    }

    /// The key for `ESC O final` (application cursor and keypad mode).
    static func singleShiftKey(final: UInt32) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x50...0x53: return .function(Int(final - 0x50) + 1)
        case 0x4D: return .enter  // keypad Enter
        case 0x6A...0x79:  // keypad * + , - . / 0–9 in application keypad mode
            return .character(Character(Unicode.Scalar(UInt8(final - 0x40))))
        case 0x58: return .character("=")
        default: return nil
        }
    }

    /// VT220-style `ESC [ n ~` keys.
    static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 4, 8: return .end
        case 2: return .insert
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23, 24: return .function(number - 12)
        default: return nil  // 200/201 paste markers and others
        }
    }

    /// `ESC [ < b ; x ; y M|m`: M is a press or motion, m a release; coordinates are 1-based.
    static func sgrMouse(_ parameters: [UInt32], final: UInt32) -> Key? {
        guard final == 0x4D || final == 0x6D else { return nil }
        let values = numbers(parameters)
        guard values.count == 3, let button = values[0], let column = values[1], let row = values[2] else { return nil }
        return mouse(button: button, column: column - 1, row: row - 1, released: final == 0x6D)
    }

    /// Decodes xterm's button byte (low bits: button; +4/8/16 modifiers; +32 motion; +64 wheel).
    static func mouse(button code: Int, column: Int, row: Int, released: Bool) -> Key? {
        guard code >= 0, column >= 0, row >= 0, code & 128 == 0 else { return nil }  // buttons 8–11
        let low = code & 3
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard !released else { return nil }
            switch low {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil  // horizontal wheel
            }
        } else if code & 32 != 0 {
            guard low != 3, let button = MouseEvent.MouseButton(rawValue: low) else { return nil }  // bare motion
            kind = .drag(button)
        } else if low == 3 {
            return nil  // the legacy protocol's "some button released": which one is unknown
        } else {
            guard let button = MouseEvent.MouseButton(rawValue: low) else { return nil }
            kind = released ? .release(button) : .press(button)
        }
        return .mouse(MouseEvent(kind: kind, x: column, y: row))
    }

    /// Splits `1;5` into numbers; an empty field is nil (the sequence's default).
    static func numbers(_ parameters: [UInt32]) -> [Int?] {
        guard !parameters.isEmpty else { return [] }
        var result: [Int?] = []
        var current: Int?
        for value in parameters {
            if value == 0x3B {
                result.append(current)
                current = nil
            } else if (0x30...0x39).contains(value) {
                current = min((current ?? 0) * 10 + Int(value - 0x30), 1_000_000)
            } else {
                return []  // ':' sub-parameters and the like: not a key we know
            }
        }
        result.append(current)
        return result
    }
}
