import TermTable

extension InputDecoder {
    /// The key for an ncurses key code, or nil for codes Tick has no use for (they are dropped).
    static func key(forCode code: Int32) -> Key? {
        switch code {
        case CursesKeyCode.up: return .up
        case CursesKeyCode.down: return .down
        case CursesKeyCode.left: return .left
        case CursesKeyCode.right: return .right
        case CursesKeyCode.home, CursesKeyCode.keypadA1, CursesKeyCode.find: return .home
        case CursesKeyCode.end, CursesKeyCode.keypadC1, CursesKeyCode.select: return .end
        case CursesKeyCode.pageUp, CursesKeyCode.keypadA3: return .pageUp
        case CursesKeyCode.pageDown, CursesKeyCode.keypadC3: return .pageDown
        case CursesKeyCode.backspace: return .backspace
        case CursesKeyCode.enter: return .enter
        case CursesKeyCode.backTab: return .backTab
        case CursesKeyCode.delete: return .delete
        case CursesKeyCode.insert: return .insert
        case CursesKeyCode.function(1)...CursesKeyCode.function(12):
            return .function(Int(code - CursesKeyCode.function(0)))
        default: return nil
        }
    }

    /// The key for an extended terminfo key name: modified arrows and editing keys (`kUP5` is
    /// Ctrl-Up, `kDC3` Alt-Delete) count as the plain key, since `Key` carries no modifiers.
    static func key(forExtendedName name: String) -> Key? {
        let base = name.prefix { !$0.isNumber }
        switch base {
        case "kUP": return .up
        case "kDN": return .down
        case "kLFT": return .left
        case "kRIT": return .right
        case "kHOM": return .home
        case "kEND": return .end
        case "kPRV": return .pageUp
        case "kNXT": return .pageDown
        case "kDC": return .delete
        case "kIC": return .insert
        default: return nil
        }
    }

    /// The key for a C0 control character or DEL; C1 controls are dropped.
    static func controlKey(_ value: UInt32) -> Key? {
        switch value {
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x08, 0x7F: return .backspace
        case 0x00: return .control("@")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(UInt8(0x60 + value))))
        case 0x1C: return .control("\\")
        case 0x1D: return .control("]")
        case 0x1E: return .control("^")
        case 0x1F: return .control("_")
        default: return nil
        }
    }
}
