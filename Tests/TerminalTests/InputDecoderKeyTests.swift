@testable import Terminal
import TermTable
import Testing

/// Decodes a burst of real terminal bytes, as they arrive with keypad translation off.
private func keys(_ text: String) -> [Key] {
    var decoder = InputDecoder()
    return decoder.decode(RawInput.from(terminalText: text))
}

@Suite("Input decoder: keys from byte sequences")
struct InputDecoderKeyTests {
    @Test("Arrow keys decode from both normal (CSI) and application (SS3) cursor mode", arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ])
    func arrows(sequence: String, expected: Key) {
        #expect(keys(sequence) == [expected])
    }

    @Test("Home, End and paging keys decode from every common variant", arguments: [
        ("\u{1B}[H", Key.home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
        ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[2~", .insert),
        ("\u{1B}[Z", .backTab),
    ])
    func editingKeys(sequence: String, expected: Key) {
        #expect(keys(sequence) == [expected])
    }

    @Test("Function keys F1 to F12 decode from SS3, VT220 and Linux console forms", arguments: [
        ("\u{1B}OP", 1), ("\u{1B}OQ", 2), ("\u{1B}OR", 3), ("\u{1B}OS", 4),
        ("\u{1B}[[A", 1), ("\u{1B}[[B", 2), ("\u{1B}[[C", 3), ("\u{1B}[[D", 4), ("\u{1B}[[E", 5),
        ("\u{1B}[11~", 1), ("\u{1B}[12~", 2), ("\u{1B}[13~", 3), ("\u{1B}[14~", 4),
        ("\u{1B}[15~", 5), ("\u{1B}[17~", 6), ("\u{1B}[18~", 7), ("\u{1B}[19~", 8),
        ("\u{1B}[20~", 9), ("\u{1B}[21~", 10), ("\u{1B}[23~", 11), ("\u{1B}[24~", 12),
    ])
    func functionKeys(sequence: String, number: Int) {
        #expect(keys(sequence) == [.function(number)])
    }

    @Test("A Linux console prefix followed by anything else is dropped, not typed")
    func consolePrefixCut() {
        #expect(keys("\u{1B}[[zq") == [.character("q")])
    }

    @Test("Modified arrows (Ctrl-Up, Shift-Right) count as the plain arrow")
    func modifiedArrows() {
        #expect(keys("\u{1B}[1;5A\u{1B}[1;2C") == [.up, .right])
    }

    @Test("A lone Esc at the end of a burst is Escape")
    func loneEscape() {
        #expect(keys("\u{1B}") == [.escape])
    }

    @Test("Esc followed by a character in the same burst is Alt plus that character", arguments: [
        ("\u{1B}x", Key.alt("x")), ("\u{1B}X", .alt("X")), ("\u{1B}1", .alt("1")), ("\u{1B}买", .alt("买")),
        ("\u{1B}[", .alt("[")), ("\u{1B}O", .alt("O")), ("\u{1B}]", .alt("]")),
    ])
    func altKeys(sequence: String, expected: Key) {
        #expect(keys(sequence) == [expected])
    }

    @Test("Two Escapes in one burst are two Escape keys, and Esc in a later burst stays Escape")
    func escapeTwice() {
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        var decoder = InputDecoder()
        #expect(decoder.decode(RawInput.from(terminalText: "\u{1B}")) == [.escape])
        #expect(decoder.decode(RawInput.from(terminalText: "x")) == [.character("x")])
    }

    @Test("Control bytes become control keys, except Tab, Enter and Backspace", arguments: [
        (UInt8(1), Key.control("a")), (4, .control("d")), (12, .control("l")), (26, .control("z")),
        (9, .tab), (10, .enter), (13, .enter), (8, .backspace), (127, .backspace),
        (0, .control("@")), (28, .control("\\")), (31, .control("_")),
    ])
    func controlKeys(byte: UInt8, expected: Key) {
        var decoder = InputDecoder()
        #expect(decoder.decode(RawInput.from(terminalBytes: [byte])) == [expected])
    }

    @Test("CR LF from a paste is one Enter, but two CRs are two")
    func carriageReturnLineFeed() {
        #expect(keys("a\r\nb") == [.character("a"), .enter, .character("b")])
        #expect(keys("\r\r") == [.enter, .enter])
    }

    @Test("Text in any script arrives as whole characters, emoji modifiers included", arguments: [
        ("买", ["买"]), ("买牛奶", ["买", "牛", "奶"]), ("👍🏽", ["👍🏽"]), ("🇯🇵", ["🇯🇵"]),
        ("e\u{301}", ["e\u{301}"]), ("👨‍👩‍👧", ["👨‍👩‍👧"]), ("a👍🏽b", ["a", "👍🏽", "b"]),
    ] as [(String, [Character])])
    func text(typed: String, expected: [Character]) {
        #expect(keys(typed) == expected.map { .character($0) })
    }

    @Test("Unknown and reply sequences are swallowed whole, keys around them survive", arguments: [
        "\u{1B}[99z", "\u{1B}[?1;2c", "\u{1B}[>0;276;0c", "\u{1B}[201~", "\u{1B}[I", "\u{1B}]11;rgb:0000/0000/0000\u{07}",
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}[97;5u", "\u{1B}OE", "\u{1B}[1:2A",
    ])
    func unknownSequences(sequence: String) {
        #expect(keys("a" + sequence + "b") == [.character("a"), .character("b")])
    }

    @Test("An over-long sequence is consumed to its final byte without leaking keys")
    func overlongSequence() {
        let garbage = "\u{1B}[" + String(repeating: "1;", count: 200) + "q"
        #expect(keys(garbage + "x") == [.character("x")])
    }

    @Test("C1 control characters and invalid bytes never become keys")
    func c1Controls() {
        var decoder = InputDecoder()
        #expect(decoder.decode([.character(0x85), .character(0x9B), .character(0xD800)]) == [])
    }

    @Test("A sequence split across reads decodes once the rest arrives")
    func splitSequence() {
        var decoder = InputDecoder()
        var collected: [Key] = []
        for input in RawInput.from(terminalText: "\u{1B}[1") { decoder.feed(input, into: &collected) }
        #expect(collected.isEmpty)
        #expect(decoder.isInsideSequence)
        for input in RawInput.from(terminalText: "5~") { decoder.feed(input, into: &collected) }
        #expect(collected == [.function(5)])
        #expect(!decoder.hasPendingInput)
    }

    @Test("A sequence cut short by the end of input is dropped, not turned into keys")
    func truncatedSequence() {
        #expect(keys("\u{1B}[1;5") == [])
        #expect(keys("\u{1B}[<0;10") == [])
    }

    @Test("A sequence interrupted by a control byte is dropped and the byte still counts")
    func interruptedSequence() {
        #expect(keys("\u{1B}[1\u{03}") == [.control("c")])
    }
}

@Suite("Input decoder: ncurses key codes")
struct InputDecoderCursesTests {
    @Test("ncurses key codes map to keys, keypad and alternative codes included", arguments: [
        (CursesKeyCode.up, Key.up), (CursesKeyCode.down, .down), (CursesKeyCode.left, .left), (CursesKeyCode.right, .right),
        (CursesKeyCode.home, .home), (CursesKeyCode.keypadA1, .home), (CursesKeyCode.find, .home),
        (CursesKeyCode.end, .end), (CursesKeyCode.keypadC1, .end), (CursesKeyCode.select, .end),
        (CursesKeyCode.pageUp, .pageUp), (CursesKeyCode.keypadA3, .pageUp),
        (CursesKeyCode.pageDown, .pageDown), (CursesKeyCode.keypadC3, .pageDown),
        (CursesKeyCode.backspace, .backspace), (CursesKeyCode.enter, .enter), (CursesKeyCode.backTab, .backTab),
        (CursesKeyCode.delete, .delete), (CursesKeyCode.insert, .insert),
        (CursesKeyCode.function(1), .function(1)), (CursesKeyCode.function(12), .function(12)),
    ])
    func keyCodes(code: Int32, expected: Key) {
        var decoder = InputDecoder()
        #expect(decoder.decode([.keyCode(code)]) == [expected])
    }

    @Test("Key codes Tick has no use for are dropped")
    func unusedCodes() {
        var decoder = InputDecoder()
        #expect(decoder.decode([.keyCode(CursesKeyCode.keypadB2), .keyCode(CursesKeyCode.function(13)), .keyCode(CursesKeyCode.mouse)]) == [])
    }

    @Test("Extended terminfo names for modified keys count as the plain key", arguments: [
        ("kUP5", Key.up), ("kDN3", .down), ("kLFT2", .left), ("kRIT6", .right), ("kHOM5", .home),
        ("kEND5", .end), ("kPRV5", .pageUp), ("kNXT3", .pageDown), ("kDC5", .delete), ("kIC3", .insert),
    ])
    func extendedNames(name: String, expected: Key) {
        var decoder = InputDecoder()
        #expect(decoder.decode([.extendedKey(name)]) == [expected])
    }

    @Test("Resize arrives in order with the keys around it")
    func resize() {
        var decoder = InputDecoder()
        let decoded = decoder.decode([.character(0x61), .resize(width: 100, height: 30), .character(0x62)])
        #expect(decoded == [.character("a"), .resize(width: 100, height: 30), .character("b")])
    }

    @Test("Esc before a key code is dropped: Alt on a special key is not representable")
    func escapeBeforeKeyCode() {
        var decoder = InputDecoder()
        #expect(decoder.decode([.character(0x1B), .keyCode(CursesKeyCode.up)]) == [.up])
    }

    @Test("Esc before a control byte is dropped so Alt-Backspace still deletes")
    func escapeBeforeControl() {
        #expect(keys("\u{1B}\u{7F}") == [.backspace])
    }
}

/// Reading the terminal in bursts: a UTF-8 sequence cut by the end of one `read(2)` waits for the next.
@Suite("Input bursts")
struct InputBurstTests {
    @Test("The bytes of a character not yet read whole stay for the next read; whole ones go on", arguments: [
        ([0x61, 0x62], 0),                  // ASCII
        ([0x61, 0xE4, 0xB9], 2),            // 买 cut after two of its three bytes
        ([0xE4], 1),
        ([0xE4, 0xB9, 0xB0], 0),            // 买 whole
        ([0xF0, 0x9F, 0x91], 3),            // 👍 cut after three of four
        ([0xF0, 0x9F, 0x91, 0x8D], 0),
        ([0x1B, 0x5B], 0),                  // ESC [: the decoder, not this, waits for the rest
        ([0x80, 0x80], 0),                  // stray continuation bytes: passed on as they are
        ([0x61, 0xC3], 1),                  // é cut after its lead byte
    ] as [([UInt8], Int)])
    func incompleteTail(bytes: [UInt8], kept: Int) {
        #expect(TerminalScreen.incompleteTail(of: bytes) == kept)
    }

    @Test("An Esc alone is worth waiting for (it may start a sequence); after a sequence it is not")
    func afterEscape() {
        var decoder = InputDecoder()
        var keys: [Key] = []
        decoder.feed(.character(0x1B), into: &keys)
        #expect(decoder.isAfterEscape && !decoder.isInsideSequence)
        decoder.feed(.character(0x5B), into: &keys)
        #expect(!decoder.isAfterEscape && decoder.isInsideSequence)
        decoder.feed(.character(0x41), into: &keys)
        #expect(keys == [.up] && !decoder.isAfterEscape && !decoder.isInsideSequence)
    }
}
