import Terminal
import TermTable
import Testing

private func keys(_ text: String) -> [Key] {
    var decoder = InputDecoder()
    return decoder.decode(RawInput.from(terminalText: text))
}

private func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> Key {
    .mouse(MouseEvent(kind: kind, x: x, y: y))
}

@Suite("Input decoder: SGR mouse reports")
struct InputDecoderMouseTests {
    @Test("Presses and releases of each button decode with 0-based coordinates", arguments: [
        ("\u{1B}[<0;1;1M", mouse(.press(.left), 0, 0)),
        ("\u{1B}[<0;10;5m", mouse(.release(.left), 9, 4)),
        ("\u{1B}[<1;80;24M", mouse(.press(.middle), 79, 23)),
        ("\u{1B}[<2;3;7M", mouse(.press(.right), 2, 6)),
        ("\u{1B}[<2;3;7m", mouse(.release(.right), 2, 6)),
        ("\u{1B}[<0;300;120M", mouse(.press(.left), 299, 119)),
        ("\u{1B}[<16;5;5M", mouse(.press(.left), 4, 4)),  // with Ctrl held
    ])
    func buttons(sequence: String, expected: Key) {
        #expect(keys(sequence) == [expected])
    }

    @Test("Motion with a button held is a drag", arguments: [
        ("\u{1B}[<32;12;5M", mouse(.drag(.left), 11, 4)),
        ("\u{1B}[<33;2;2M", mouse(.drag(.middle), 1, 1)),
        ("\u{1B}[<34;40;20M", mouse(.drag(.right), 39, 19)),
    ])
    func drags(sequence: String, expected: Key) {
        #expect(keys(sequence) == [expected])
    }

    @Test("The wheel scrolls up and down", arguments: [
        ("\u{1B}[<64;10;3M", mouse(.wheelUp, 9, 2)),
        ("\u{1B}[<65;1;1M", mouse(.wheelDown, 0, 0)),
    ])
    func wheel(sequence: String, expected: Key) {
        #expect(keys(sequence) == [expected])
    }

    @Test("Reports Tick does not use are swallowed whole", arguments: [
        "\u{1B}[<35;10;3M",  // motion with no button
        "\u{1B}[<66;10;3M",  // horizontal wheel
        "\u{1B}[<128;10;3M",  // button 8
        "\u{1B}[<0;0;3M",  // column 0 does not exist
        "\u{1B}[<0;10M",  // missing row
        "\u{1B}[<0;10;3X",  // wrong final byte
    ])
    func ignoredReports(sequence: String) {
        #expect(keys("a" + sequence + "b") == [.character("a"), .character("b")])
    }

    @Test("A burst of reports and keys decodes in order")
    func burst() {
        let decoded = keys("\u{1B}[<0;10;5Mx\u{1B}[<32;11;5M\u{1B}[<0;11;5m\u{1B}[A")
        #expect(decoded == [
            mouse(.press(.left), 9, 4), .character("x"), mouse(.drag(.left), 10, 4), mouse(.release(.left), 10, 4), .up,
        ])
    }

    @Test("The legacy X10 report (ESC [ M and three bytes) decodes too")
    func legacyReport() {
        // Button 0 at column 10, row 5: each value plus 32.
        var decoder = InputDecoder()
        let inputs: [RawInput] = RawInput.from(terminalText: "\u{1B}[M") + [.character(32), .character(32 + 10), .character(32 + 5)]
        #expect(decoder.decode(inputs) == [mouse(.press(.left), 9, 4)])
    }
}
