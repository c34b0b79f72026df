/// The code points of one glyph stored inline: a spacing scalar and up to four zero-width marks.
///
/// A plain value with no heap storage, so canvases of thousands of cells copy and compare as flat
/// memory (no reference counting), which is what keeps drawing and diffing cheap per frame.
public struct GlyphScalars: Hashable, Sendable, CustomStringConvertible {
    private var s0: UInt32 = 0
    private var s1: UInt32 = 0
    private var s2: UInt32 = 0
    private var s3: UInt32 = 0
    private var s4: UInt32 = 0
    /// How many scalars are stored (0–5).
    public private(set) var count: UInt8 = 0

    /// Most scalars one glyph keeps (ncurses' CCHARW_MAX).
    public static let capacity = 5

    /// No scalars (the right half of a wide glyph).
    public init() {}

    /// One scalar.
    public init(_ scalar: Unicode.Scalar) {
        s0 = scalar.value
        count = 1
    }

    /// The first `capacity` scalars of a string.
    public init<S: StringProtocol>(_ text: S) {
        for scalar in text.unicodeScalars where !append(scalar) { break }
    }

    /// A space.
    public static let space = GlyphScalars(" ")

    /// Adds a scalar; false when full.
    @discardableResult
    public mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        switch count {
        case 0: s0 = scalar.value
        case 1: s1 = scalar.value
        case 2: s2 = scalar.value
        case 3: s3 = scalar.value
        case 4: s4 = scalar.value
        default: return false
        }
        count += 1
        return true
    }

    /// The scalar values, in order.
    public var values: [UInt32] { Array([s0, s1, s2, s3, s4].prefix(Int(count))) }

    /// Calls `body` with each scalar value, without allocating.
    @inline(__always)
    public func forEach(_ body: (UInt32) -> Void) {
        if count > 0 { body(s0) }
        if count > 1 { body(s1) }
        if count > 2 { body(s2) }
        if count > 3 { body(s3) }
        if count > 4 { body(s4) }
    }

    /// The scalar when the glyph is one ASCII character, else nil (a fast path for comparisons).
    public var asciiValue: UInt8? { count == 1 && s0 < 0x80 ? UInt8(s0) : nil }

    /// Whether this is a single space.
    public var isSpace: Bool { count == 1 && s0 == 0x20 }

    /// The glyph as a string.
    public var string: String {
        var text = String.UnicodeScalarView()
        forEach { text.append(Unicode.Scalar($0)!) }
        return String(text)
    }

    /// The scalars as a string.
    public var description: String { string }
}
