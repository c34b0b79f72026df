import Terminal
import TermTable
import Testing

@Suite("Colors: capability and style mapping")
struct ColorMappingTests {
    @Test("The capability follows the terminal's color count", arguments: [
        (256, ColorCapability.palette256), (88, .ansi16), (16, .ansi16), (8, .ansi8), (2, .monochrome),
    ])
    func capabilityFromCount(count: Int, expected: ColorCapability) {
        #expect(ColorCapability.decide(terminalHasColors: true, colorCount: count, preference: .automatic, noColor: nil) == expected)
    }

    @Test("A non-empty NO_COLOR turns color off unless colors were explicitly enabled", arguments: [
        (ColorPreference.automatic, "1", ColorCapability.monochrome),
        (.automatic, "", .palette256),
        (.automatic, nil, .palette256),
        (.enabled, "1", .palette256),
        (.disabled, nil, .monochrome),
    ] as [(ColorPreference, String?, ColorCapability)])
    func noColor(preference: ColorPreference, noColor: String?, expected: ColorCapability) {
        #expect(ColorCapability.decide(terminalHasColors: true, colorCount: 256, preference: preference, noColor: noColor) == expected)
    }

    @Test("A terminal without colors is monochrome even when colors are enabled")
    func terminalWithoutColors() {
        #expect(ColorCapability.decide(terminalHasColors: false, colorCount: 256, preference: .enabled, noColor: nil) == .monochrome)
    }

    @Test("256-color terminals get palette indices unchanged")
    func palette256() {
        let style = Style(foreground: .indexed(208), background: .blue, attributes: [.underline])
        #expect(ColorCapability.palette256.look(for: style) == TerminalLook(foreground: 208, background: 4, attributes: [.underline]))
    }

    @Test("16-color terminals get the nearest ANSI color for palette indices", arguments: [
        (UInt8(196), Int16(9)), (46, 10), (21, 4), (63, 12), (226, 11), (16, 0), (232, 0), (255, 7), (231, 15), (9, 9), (3, 3),
    ])
    func nearest16(index: UInt8, expected: Int16) {
        #expect(ColorCapability.ansi16.look(for: Style(foreground: .indexed(index))).foreground == expected)
    }

    @Test("8-color terminals show a bright foreground as the base color plus bold")
    func brightOnEightColors() {
        let look = ColorCapability.ansi8.look(for: Style(foreground: .brightRed, background: .brightBlue))
        #expect(look == TerminalLook(foreground: 1, background: 4, attributes: [.bold]))
    }

    @Test("8-color terminals keep base colors and attributes as they are")
    func baseOnEightColors() {
        let look = ColorCapability.ansi8.look(for: Style(foreground: .green, attributes: [.italic]))
        #expect(look == TerminalLook(foreground: 2, background: -1, attributes: [.italic]))
    }

    @Test("Monochrome keeps attributes and drops every color")
    func monochrome() {
        let look = ColorCapability.monochrome.look(for: Style(foreground: .red, background: .white, attributes: [.bold, .reverse]))
        #expect(look == TerminalLook(foreground: -1, background: -1, attributes: [.bold, .reverse]))
        #expect(!look.usesColor)
    }

    @Test("The default colors stay default at every capability", arguments: [
        ColorCapability.palette256, .ansi16, .ansi8, .monochrome,
    ])
    func defaults(capability: ColorCapability) {
        let look = capability.look(for: .plain)
        #expect(look.foreground == -1 && look.background == -1 && look.attributes.isEmpty)
    }
}

@Suite("Colors: pair allocation")
struct ColorPairTableTests {
    @Test("Pairs are allocated once per color combination and reused")
    func reuse() {
        var defined: [(Int32, Int16, Int16)] = []
        var table = ColorPairTable(capacity: 256) { pair, fg, bg in defined.append((pair, fg, bg)); return true }
        #expect(table.pair(foreground: 1, background: -1) == 1)
        #expect(table.pair(foreground: 2, background: 4) == 2)
        #expect(table.pair(foreground: 1, background: -1) == 1)
        #expect(defined.count == 2)
        #expect(table.count == 2)
    }

    @Test("Default on default is pair 0 and needs no allocation")
    func defaultPair() {
        var table = ColorPairTable(capacity: 256) { _, _, _ in Issue.record("allocated"); return true }
        #expect(table.pair(foreground: -1, background: -1) == 0)
    }

    @Test("When the terminal runs out of pairs, new combinations fall back to pair 0")
    func exhaustion() {
        var table = ColorPairTable(capacity: 3) { _, _, _ in true }
        #expect(table.pair(foreground: 1, background: -1) == 1)
        #expect(table.pair(foreground: 2, background: -1) == 2)
        #expect(table.pair(foreground: 3, background: -1) == 0)
        #expect(table.pair(foreground: 1, background: -1) == 1)
    }

    @Test("A failed allocation falls back to pair 0 and is retried later")
    func failedAllocation() {
        var accept = false
        var table = ColorPairTable(capacity: 16) { _, _, _ in accept }
        #expect(table.pair(foreground: 5, background: 0) == 0)
        accept = true
        #expect(table.pair(foreground: 5, background: 0) == 1)
    }
}
