/// SplitMix64: a tiny seeded random number generator, so that a failing random run (a test, the
/// stress run, the fuzzers) replays exactly from its seed. The one copy every target shares.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's whole state; the same state always yields the same sequence.
    public var state: UInt64

    /// A generator that yields the same sequence for the same seed.
    public init(seed: UInt64) { state = seed }

    /// A generator starting from `state` (the same as `init(seed:)`).
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
