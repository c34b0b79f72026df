import Foundation
import Testing
@testable import TermTable

/// `WidthTable` against what it was generated from: glibc's `wcwidth` in C.UTF-8 (see
/// scripts/gen-widths.py), the numbers ncurses places the cursor by.
///
/// Every range of either side is sampled at its first, middle and last code point and just
/// outside both ends, so a range dropped from the table, cut short, moved or added fails here.
@Suite("Display widths against the C library the table was generated from")
struct WidthTableTests {
    @Test("every wide, zero-width and unprintable range of glibc and of the table agrees at its ends, its middle and just outside")
    func everyRangeAgreesWithTheCLibrary() throws {
        let system = try SystemWidth()
        // The locale switch worked only if wide text measures wide: 买 is 2 columns, é 1, U+0301 0.
        #expect(system.width(0x4E70) == 2 && system.width(0xE9) == 1 && system.width(0x301) == 0)
        let glibcRanges = system.ranges()
        for (width, name) in [(Int32(0), "zero-width"), (2, "wide"), (-1, "unprintable")] {
            #expect((glibcRanges[width] ?? []).count > 10, "glibc has almost no \(name) ranges: the locale is not UTF-8")
        }
        let tableRanges: [Int32: [ClosedRange<UInt32>]] = [0: WidthTable.zeroWidth, 2: WidthTable.doubleWidth, -1: WidthTable.nonPrinting]
        var samples = Set<UInt32>()
        for ranges in Array(glibcRanges.values) + Array(tableRanges.values) {
            for range in ranges {
                samples.formUnion([range.lowerBound, range.lowerBound + (range.upperBound - range.lowerBound) / 2, range.upperBound])
                if range.lowerBound > 0 { samples.insert(range.lowerBound - 1) }
                if range.upperBound < 0x10FFFF { samples.insert(range.upperBound + 1) }
            }
        }
        var disagreements: [String] = []
        for value in samples.sorted() {
            let expected = Self.kindTickShows(glibcWidth: system.width(value), value)
            guard let scalar = Unicode.Scalar(value) else {
                // Surrogates are no scalars: the generator writes them as unprintable.
                if !WidthTable.nonPrinting.contains(where: { $0.contains(value) }) { disagreements.append(Self.hex(value)) }
                continue
            }
            let kind = DisplayWidth.kind(of: scalar)
            if kind != expected { disagreements.append("\(Self.hex(value)) is \(kind), glibc says \(expected)") }
        }
        #expect(samples.count > 2_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(samples.count) samples: \(disagreements.prefix(12))")
    }

    @Test("Hangul syllables, CJK, fullwidth forms and emoji are wide; their neighbours are not", arguments: [
        (UInt32(0xAC00), DisplayWidth.Kind.wide), (0xD7A3, .wide), (0xD7A4, .unprintable), (0xABFF, .unprintable),
        (0x4E00, .wide), (0x9FFF, .wide), (0xFF01, .wide), (0xFF61, .narrow), (0x1F600, .wide), (0x1100, .wide),
        (0x1160, .zeroWidth), (0x0301, .zeroWidth), (0x200D, .zeroWidth), (0x00E9, .narrow),
    ])
    func namedPoints(value: UInt32, kind: DisplayWidth.Kind) throws {
        #expect(DisplayWidth.kind(of: try #require(Unicode.Scalar(value))) == kind)
    }

    /// What `DisplayWidth` must say for a code point glibc gives `glibcWidth` columns: glibc's
    /// number, except where Tick deliberately shows a placeholder instead (controls, which glibc
    /// calls unprintable or zero-width, and the bidi controls that could reorder the screen).
    static func kindTickShows(glibcWidth: Int32, _ value: UInt32) -> DisplayWidth.Kind {
        if value < 0x20 || (0x7F..<0xA0).contains(value) || DisplayWidth.isBidiControl(value) { return .unprintable }
        switch glibcWidth {
        case 0: return .zeroWidth
        case 2: return .wide
        case 1: return .narrow
        default: return .unprintable
        }
    }

    static func hex(_ value: UInt32) -> String { "U+" + String(value, radix: 16, uppercase: true) }
}

/// glibc's `wcwidth` in C.UTF-8, on this thread only, so other tests keep the process's locale.
/// Swift's Glibc module hides `wcwidth`, so it is looked up by name, as the generator does.
struct SystemWidth {
    private typealias WCWidth = @convention(c) (Int32) -> Int32
    private let wcwidth: WCWidth
    private let locale: locale_t

    init() throws {
        guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "wcwidth") else {
            throw SystemWidthError("wcwidth is not in the C library")
        }
        wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
        guard let utf8 = newlocale(1 << LC_CTYPE, "C.UTF-8", nil) else { throw SystemWidthError("no C.UTF-8 locale") }
        locale = utf8
    }

    /// The columns glibc gives one code point (-1: unprintable); surrogates are -1, as in the generator.
    func width(_ value: UInt32) -> Int32 {
        if (0xD800...0xDFFF).contains(value) { return -1 }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return wcwidth(Int32(bitPattern: value))
    }

    /// Every code point's width, as sorted ranges per width (0, 2 and -1; 1 is the rest).
    func ranges() -> [Int32: [ClosedRange<UInt32>]] {
        var result: [Int32: [ClosedRange<UInt32>]] = [:]
        var start: UInt32 = 0
        var current = width(0)
        for value in UInt32(1)...0x110000 {
            let next = value <= 0x10FFFF ? width(value) : Int32.min
            guard next != current else { continue }
            if current != 1 { result[current, default: []].append(start...(value - 1)) }
            start = value
            current = next
        }
        return result
    }
}

/// Why the C library's widths could not be read.
struct SystemWidthError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
