@testable import Terminal
import TermTable
import Testing

/// Decodes a burst of real terminal bytes, as they arrive with keypad translation off.
private func keys(_ text: String) -> [Key] {
    var decoder = InputDecoder()
    return decoder.decode(RawInput.from(terminalText: text))
}

private let start = "\u{1B}[200~"
private let end = "\u{1B}[201~"

@Suite("Input decoder: bracketed paste is text, never keys")
struct InputDecoderPasteTests {
    @Test("Everything between the paste markers is one paste, line breaks and command letters included")
    func pasteIsOneEvent() {
        #expect(keys("\(start)milk\rdd\r\(end)") == [.paste("milk\rdd\r")])
    }

    @Test("Keys typed before and after a paste stay keys")
    func keysAroundAPaste() {
        #expect(keys("a\(start)milk\(end)\r") == [.character("a"), .paste("milk"), .enter])
    }

    @Test("Escape sequences, control characters and a lone Esc inside a paste are its text, not keys", arguments: [
        "\u{1B}[A", "\u{1B}[2J\u{07}", "x\u{1B}", "\u{03}\u{04}", "\u{1B}]0;title\u{07}", "\u{1B}[200~",
    ])
    func sequencesInsideAPaste(inner: String) {
        #expect(keys(start + inner + end) == [.paste(inner)])
    }

    @Test("A partial end marker inside a paste is text, and the real end marker right after it still ends the paste",
          arguments: ["\u{1B}[20", "\u{1B}[201", "\u{1B}[", "\u{1B}"])
    func partialEndMarker(partial: String) {
        #expect(keys(start + "a" + partial + "b" + end + "q") == [.paste("a" + partial + "b"), .character("q")])
        #expect(keys(start + "a" + partial + end + "q") == [.paste("a" + partial), .character("q")])
    }

    @Test("A paste cut across several reads is still one paste")
    func pasteAcrossReads() {
        var decoder = InputDecoder()
        var keys: [Key] = []
        let pieces = ["\u{1B}[2", "00~買い", "物\r", "dd\u{1B}[2", "01", "~j"]
        for piece in pieces {
            for input in RawInput.from(terminalText: piece) { decoder.feed(input, into: &keys) }
            #expect(!keys.contains(.character("d")), "nothing in the paste becomes a key")
        }
        decoder.finish(into: &keys)
        #expect(keys == [.paste("買い物\rdd"), .character("j")])
    }

    @Test("A paste whose end marker never comes ends when the burst is finished, and later input is keys again")
    func pasteWithoutEnd() {
        var decoder = InputDecoder()
        #expect(decoder.decode(RawInput.from(terminalText: start + "milk\rdd")) == [.paste("milk\rdd")])
        #expect(!decoder.isInsidePaste)
        #expect(decoder.decode(RawInput.from(terminalText: "dd")) == [.character("d"), .character("d")])
    }

    @Test("An unfinished paste keeps the start of an end marker as text when the burst ends")
    func pasteEndingInPartialMarker() {
        #expect(keys(start + "milk\u{1B}[20") == [.paste("milk\u{1B}[20")])
    }

    @Test("Until its end marker comes, a paste is open: the backend waits for the rest instead of reading keys")
    func pasteIsOpenUntilItsEnd() {
        var decoder = InputDecoder()
        var keys: [Key] = []
        for input in RawInput.from(terminalText: start + "abc") { decoder.feed(input, into: &keys) }
        #expect(decoder.isInsidePaste)
        #expect(!decoder.isInsideSequence, "the Esc delay is not how long a paste may take")
        for input in RawInput.from(terminalText: end) { decoder.feed(input, into: &keys) }
        #expect(!decoder.isInsidePaste)
        #expect(keys == [.paste("abc")])
    }

    @Test("An empty paste is nothing, and a stray end marker is swallowed")
    func emptyPasteAndStrayEnd() {
        #expect(keys(start + end) == [])
        #expect(keys(end + "x") == [.character("x")])
    }

    @Test("A resize while a paste arrives is delivered and the paste goes on")
    func resizeInsideAPaste() {
        var decoder = InputDecoder()
        var keys: [Key] = []
        for input in RawInput.from(terminalText: start + "ab") { decoder.feed(input, into: &keys) }
        decoder.feed(.resize(width: 30, height: 10), into: &keys)
        for input in RawInput.from(terminalText: "c" + end) { decoder.feed(input, into: &keys) }
        decoder.finish(into: &keys)
        #expect(keys == [.resize(width: 30, height: 10), .paste("abc")])
    }

    @Test("A paste in key-script notation shows line breaks, Tab, Esc and < as tags, never raw")
    func pasteNotation() {
        #expect(Key.paste("a<b\r\nc\td\u{1B}\u{04}").description == "<Paste>a<lt>b<Enter>c<Tab>d<Esc><C-d></Paste>")
    }
}
