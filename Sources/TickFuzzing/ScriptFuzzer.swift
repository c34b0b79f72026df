import TickApp
import TickTesting

/// Feeds random and mutated key-script text to the parser: it must return keys or an error, never crash.
public struct ScriptFuzzer {
    var random: SplitMix64

    /// A fuzzer whose inputs follow from `seed`.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Parses one input; a crash ends the process, which is the failure. True when it parsed.
    @discardableResult
    public static func check(_ text: String) -> Bool {
        // Whether it parses is the answer; a parse error is an expected outcome for random text.
        (try? KeyScript.parse(text)) != nil
    }

    private static let seeds = ["aBuy milk<Enter>x", "<C-d><PageDown><M-b><F12><lt><S-Tab>", "j<Up>\n<Esc>", "<Wait 5ms><Snap>"]

    /// One input: random bytes, or a valid script with bytes flipped, cut or repeated.
    mutating func nextInput() -> String {
        if random.next() % 3 == 0 {
            let count = Int(random.next() % 200)
            return String(decoding: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, as: UTF8.self)
        }
        var bytes = Array(Self.seeds[Int(random.next() % UInt64(Self.seeds.count))].utf8)
        for _ in 0..<Int(random.next() % 6) {
            guard !bytes.isEmpty else { break }
            let index = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 4 {
            case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.remove(at: index)
            case 2: bytes.insert(contentsOf: bytes[index...].prefix(8), at: index)
            default: bytes.insert([UInt8(ascii: "<"), UInt8(ascii: ">")][Int(random.next() % 2)], at: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `count` inputs; returns how many parsed without an error.
    public mutating func run(count: Int) -> Int {
        var parsed = 0
        for _ in 0..<count where Self.check(nextInput()) { parsed += 1 }
        return parsed
    }
}
