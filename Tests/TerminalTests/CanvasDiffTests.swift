import Terminal
import TermTable
import Testing

@Suite("Presenting: which cells change between frames")
struct CanvasDiffTests {
    private func canvas(_ lines: [String], width: Int = 10) -> Canvas {
        var canvas = Canvas(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { canvas.draw(line, at: Point(x: 0, y: y)) }
        return canvas
    }

    @Test("The first frame redraws every visible cell")
    func firstFrame() {
        let runs = CanvasDiff.changedRuns(from: nil, to: canvas(["ab", "cd"], width: 4), visible: Size(width: 80, height: 24))
        #expect(runs == [CellRun(y: 0, columns: 0..<4), CellRun(y: 1, columns: 0..<4)])
    }

    @Test("An identical frame changes nothing")
    func identical() {
        let frame = canvas(["hello", "world"])
        #expect(CanvasDiff.changedRuns(from: frame, to: frame, visible: Size(width: 80, height: 24)).isEmpty)
    }

    @Test("Only the changed cells are redrawn, as one run per contiguous change")
    func runs() {
        let old = canvas(["hello world", "same"], width: 12)
        let new = canvas(["jelly wolds", "same"], width: 12)
        #expect(CanvasDiff.changedRuns(from: old, to: new, visible: Size(width: 80, height: 24)) == [
            CellRun(y: 0, columns: 0..<1), CellRun(y: 0, columns: 4..<5), CellRun(y: 0, columns: 8..<11),
        ])
    }

    @Test("A style change alone counts as a change")
    func styleChange() {
        let old = canvas(["abc"])
        var new = old
        new.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(CanvasDiff.changedRuns(from: old, to: new, visible: Size(width: 80, height: 24)) == [CellRun(y: 0, columns: 1..<2)])
    }

    @Test("A change to the right half of a wide glyph redraws its left half")
    func wideGlyphRightHalf() {
        let old = canvas(["买x"])
        var new = old
        new.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.foreground = .red }
        let runs = CanvasDiff.changedRuns(from: old, to: new, visible: Size(width: 80, height: 24))
        #expect(runs == [CellRun(y: 0, columns: 0..<2)])
    }

    @Test("Replacing a wide glyph with two narrow ones redraws both columns")
    func wideToNarrow() {
        let runs = CanvasDiff.changedRuns(from: canvas(["买"]), to: canvas(["ab"]), visible: Size(width: 80, height: 24))
        #expect(runs == [CellRun(y: 0, columns: 0..<2)])
    }

    @Test("A change that reaches the last column of a line is redrawn up to that column", arguments: [
        ("abcdefghij", "abcdefghiX", [CellRun(y: 1, columns: 9..<10)]),
        ("abcdefghij", "abcdeXYZWV", [CellRun(y: 1, columns: 5..<10)]),
        ("abcdefghij", "XbcdefghiY", [CellRun(y: 1, columns: 0..<1), CellRun(y: 1, columns: 9..<10)]),
        ("abcdefghij", "ABCDEFGHIJ", [CellRun(y: 1, columns: 0..<10)]),
        ("abcdefghij", "abcdefgh买", [CellRun(y: 1, columns: 8..<10)]),
        ("abcdefgh买", "abcdefghij", [CellRun(y: 1, columns: 8..<10)]),
    ])
    func lastColumn(old: String, new: String, expected: [CellRun]) {
        // The changed line sits between unchanged ones, so no run can borrow a neighbour's end; and
        // the new frame is the old one drawn over, so unchanged cells are the same bytes too.
        let before = canvas(["top", old, "bottom"])
        var after = before
        after.draw(new, at: Point(x: 0, y: 1))
        #expect(CanvasDiff.changedRuns(from: before, to: after, visible: Size(width: 80, height: 24)) == expected)
    }

    @Test("The very last cell of the frame is compared like any other, and so is the right half of a wide glyph there")
    func lastCell() {
        let old = canvas(["same", "abcdefgh买"])
        var changed = old
        changed.draw("!", at: Point(x: 9, y: 1))
        #expect(CanvasDiff.changedRuns(from: old, to: changed, visible: Size(width: 80, height: 24)) == [CellRun(y: 1, columns: 8..<10)],
                "the wide glyph's left half is redrawn too")
        var restyled = old
        restyled.restyle(Rect(x: 9, y: 1, width: 1, height: 1)) { $0.foreground = .red }
        #expect(CanvasDiff.changedRuns(from: old, to: restyled, visible: Size(width: 80, height: 24)) == [CellRun(y: 1, columns: 8..<10)])
    }

    @Test("In a terminal narrower than the frame, a change in its last column is redrawn and one beyond it is not")
    func lastVisibleColumn() {
        let old = canvas(["abcdefghij", "abcdefghij"])
        var new = old
        new.draw("X", at: Point(x: 5, y: 0))
        new.draw("X", at: Point(x: 9, y: 1))
        #expect(CanvasDiff.changedRuns(from: old, to: new, visible: Size(width: 6, height: 24)) == [CellRun(y: 0, columns: 5..<6)])
        #expect(CanvasDiff.changedRuns(from: old, to: new, visible: Size(width: 10, height: 24))
            == [CellRun(y: 0, columns: 5..<6), CellRun(y: 1, columns: 9..<10)])
    }

    @Test("After a scroll, a slid line that differs only in its last column is redrawn there")
    func lastColumnAfterScroll() {
        let old = canvas(["row 1     ", "row 2     ", "row 3     "])
        var new = old
        for (y, line) in ["row 2    !", "row 3     ", "row 4     "].enumerated() { new.draw(line, at: Point(x: 0, y: y)) }
        let runs = CanvasDiff.changedRuns(from: old, scrolledBy: ScrollHint(lines: 0..<3, distance: 1), to: new,
                                          visible: Size(width: 80, height: 24))
        // The line scrolled in is compared with a blank one: "row 4" differs but for its space.
        #expect(runs == [CellRun(y: 0, columns: 9..<10), CellRun(y: 2, columns: 0..<3), CellRun(y: 2, columns: 4..<5)])
    }

    @Test("A frame larger than the terminal is clipped to it")
    func clipping() {
        let runs = CanvasDiff.changedRuns(from: nil, to: Canvas(width: 100, height: 50), visible: Size(width: 80, height: 2))
        #expect(runs == [CellRun(y: 0, columns: 0..<80), CellRun(y: 1, columns: 0..<80)])
    }

    @Test("A frame of another size than the last one is redrawn completely")
    func sizeChange() {
        let runs = CanvasDiff.changedRuns(from: canvas(["ab"], width: 2), to: canvas(["ab"], width: 3), visible: Size(width: 80, height: 24))
        #expect(runs == [CellRun(y: 0, columns: 0..<3)])
    }

    @Test("Scrolling a list by one line changes every moved line (ncurses turns it into a terminal scroll)")
    func scroll() {
        let old = canvas(["row 1", "row 2", "row 3"])
        let new = canvas(["row 2", "row 3", "row 4"])
        let runs = CanvasDiff.changedRuns(from: old, to: new, visible: Size(width: 80, height: 24))
        #expect(runs.map(\.y) == [0, 1, 2])
    }
}

@Suite("Presenting: the text written for one cell")
struct CellTextTests {
    @Test("Printable text passes through unchanged", arguments: [
        ("a", [UInt32(0x61)]), ("买", [0x4E70]), ("e\u{301}", [0x65, 0x301]),
    ])
    func printable(text: String, expected: [UInt32]) {
        #expect(CellText.terminalScalars(text) == expected)
    }

    @Test("Control characters never reach the terminal: they become U+FFFD", arguments: [
        "\u{1B}", "\u{07}", "\u{7F}", "\u{9B}", "\u{0D}", "\u{00}",
    ])
    func controls(text: String) {
        #expect(CellText.terminalScalars(text) == [0xFFFD])
    }

    @Test("Empty text is a space and marks beyond four are dropped")
    func limits() {
        #expect(CellText.terminalScalars("") == [0x20])
        let crowded = "a" + String(repeating: "\u{301}", count: 8)
        #expect(CellText.terminalScalars(crowded).count == CellText.maximumScalars)
    }

    @Test("A wide glyph in the terminal's last column is drawn as a blank")
    func wideAtEdge() {
        let wide = CanvasCell(text: "买", width: 2, style: Style(foreground: .red))
        #expect(CellText.drawable(wide, x: 79, screenWidth: 80) == .blank(Style(foreground: .red)))
        #expect(CellText.drawable(wide, x: 78, screenWidth: 80) == wide)
    }
}

@Suite("Restoring: the crash-time escape sequence")
struct RestoreSequenceTests {
    @Test("Mouse reporting and bracketed paste are turned off first, then terminfo's reset strings follow in order")
    func order() {
        let bytes = RestoreSequence.bytes(mouse: true, sgr0: "\u{1B}[m", cnorm: "\u{1B}[?25h", rmkx: nil, rmcup: "\u{1B}[?1049l")
        #expect(String(decoding: bytes, as: UTF8.self)
            == "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[m\u{1B}[?25h\u{1B}[?1049l")
    }

    @Test("Bracketed paste is turned off on every exit even when the mouse was never on")
    func bracketedPasteOffWithoutMouse() {
        let bytes = RestoreSequence.bytes(mouse: false, sgr0: nil, cnorm: "\u{1B}[?25h", rmkx: nil, rmcup: nil)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[?2004l\u{1B}[?25h")
    }

    @Test("A session turns on exactly the modes its exit turns off, in reverse order", arguments: [true, false])
    func modesPair(mouse: Bool) {
        #expect(RestoreSequence.modesOn(mouse: mouse).hasPrefix("\u{1B}[?2004h"))
        #expect(RestoreSequence.modesOff(mouse: mouse).hasSuffix("\u{1B}[?2004l"))
        let on = RestoreSequence.modesOn(mouse: mouse).split(separator: "\u{1B}")
        let off = RestoreSequence.modesOff(mouse: mouse).split(separator: "\u{1B}")
        #expect(off == on.reversed().map { String($0.dropLast()) + "l" })
    }

    @Test("Padding delays are removed since a signal handler cannot wait", arguments: [
        ("\u{1B}[m$<2>", "\u{1B}[m"), ("$<5*/>\u{1B}[H", "\u{1B}[H"), ("a$<b", "a$<b"), ("plain", "plain"),
    ])
    func padding(capability: String, expected: String) {
        #expect(RestoreSequence.withoutPadding(capability) == expected)
    }
}
