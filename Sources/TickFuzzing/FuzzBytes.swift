/// libFuzzer's input as a source of choices: eight bytes per draw, then zeros once it is used up.
/// A byte the fuzzer mutates changes one choice, which is what lets coverage guide it.
public struct FuzzBytes: RandomNumberGenerator {
    private let bytes: [UInt8]
    private var offset = 0

    /// A source reading `bytes` from the start.
    public init<Bytes: Sequence<UInt8>>(_ bytes: Bytes) { self.bytes = Array(bytes) }

    /// Whether every byte has been drawn.
    public var isExhausted: Bool { offset >= bytes.count }

    public mutating func next() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 {
            value = value << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
            offset += 1
        }
        return value
    }
}
