import Testing
@testable import TodoSync

/// `ContentLine.split` reads a text's contiguous bytes in place; `splitByIndex` is the reading by
/// `String.UTF8View` indexes it replaced (and still does for other texts): the two must agree on
/// every line's number, unfolded text, name and exact bytes.
@Suite("Content line splitting")
struct ContentLineSplitTests {
    @Test("Reading the bytes in place gives the lines reading by index gives", arguments: [
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:Buy milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
        "BEGIN:VTODO\nSUMMARY:long\r\n  folded\r\n\tand tabbed\nDESCRIPTION;LANGUAGE=en:x\n END:VTODO",
        "\r\n  \r\nsummary;x=\"a:b\":lower name\r\n continued with a stray\rCR\r\nX-Ä-NAME:non-ASCII name\r\n\r\n",
        " starts folded\r\nA:1\r\n \r\nB:2", "SUMMARY:买牛奶 会议\r\n 東京\r\nEND:VTODO", "", "\r\n", "NO-BREAK-AT-END:x",
        "A\rB:in the middle\r\nC:\r\r\n",
    ])
    func sameAsByIndex(text: String) {
        let inPlace = ContentLine.split(text), byIndex = ContentLine.splitByIndex(text)
        #expect(inPlace.map(\.lineNumber) == byIndex.map(\.lineNumber))
        #expect(inPlace.map(\.unfolded) == byIndex.map(\.unfolded))
        #expect(inPlace.map(\.name) == byIndex.map(\.name))
        #expect(inPlace.map { text.utf8.distance(from: text.startIndex, to: $0.raw.startIndex) }
                == byIndex.map { text.utf8.distance(from: text.startIndex, to: $0.raw.startIndex) })
        #expect(inPlace.map { String($0.raw) } == byIndex.map { String($0.raw) })
    }

    @Test("BEGIN and END lines name their component in upper case, blanks dropped", arguments: [
        ("BEGIN:vtodo", "VTODO"), ("END: VAlarm\t", "VALARM"), ("BEGIN:", ""), ("BEGIN", ""), ("BEGIN:x-Ä", "X-Ä"),
    ])
    func componentName(line: String, name: String) {
        #expect(ContentLine.split(line).first.map(\.componentName) ?? "" == name)
    }
}
