import FoundationEssentials
import TermTable

/// Reads a key script from a file or a pipe a piece at a time, so a script of any length — even an
/// endless stream — is played in constant memory.
///
/// A script that ends within `wholeScriptLimit` bytes is read and checked completely before anything
/// runs (an error changes nothing); a longer one is played as it arrives, and an error stops it there.
public struct KeyScriptReader {
    /// Scripts up to this size are checked whole before they run.
    public static let wholeScriptLimit = 1 << 20
    private static let chunkSize = 64 << 10

    private let handle: FileStream
    private var pending: [UInt8] = []
    private var position = KeyScript.Position()
    private var atEnd = false
    /// Keys parsed ahead (the whole script when it was short enough).
    private var parsed: [ScriptStep] = []
    /// Whether the whole script was read and checked before the first key was handed out.
    public private(set) var isWholeScript = false
    /// Steps (keys and directives) handed out so far.
    public private(set) var keysRead = 0

    /// After `prepare()`: whether the script was read whole and holds no key at all.
    public var isEmpty: Bool { isWholeScript && parsed.isEmpty && keysRead == 0 }

    /// Reads from a file handle; call `prepare()` before the first `next()`.
    public init(handle: FileStream) { self.handle = handle }

    /// Reads the start of the script; when the whole script fits, parses all of it so an error is found
    /// before anything runs. Throws `KeyScript.ParseError`, or `ReadProblem` when the input cannot be
    /// read (a directory, an I/O error: read as the end, it would play a cut-short script as if whole).
    public mutating func prepare() throws {
        while !atEnd, pending.count < Self.wholeScriptLimit { try fill() }
        if atEnd {
            isWholeScript = true
            let text = String(decoding: pending, as: UTF8.self)
            pending.removeAll()
            parsed = try KeyScript.parseSteps(text, from: &position)
        }
    }

    /// The next steps, or nil at the end of the script; throws as `prepare()` does.
    public mutating func next() throws -> [ScriptStep]? {
        if !parsed.isEmpty {
            let keys = parsed
            parsed = []
            keysRead += keys.count
            return keys
        }
        if isWholeScript { return nil }
        while true {
            // Parse at most a chunk at a time, so the keys in memory stay few whatever was buffered.
            let window = Array(pending.prefix(Self.chunkSize + 256))
            if let cut = Self.safeCut(in: window, final: atEnd && window.count == pending.count) {
                let text = String(decoding: pending[..<cut], as: UTF8.self)
                pending.removeFirst(cut)
                let keys = try KeyScript.parseSteps(text, from: &position)
                keysRead += keys.count
                if !keys.isEmpty || !pending.isEmpty || !atEnd { return keys }
            }
            if atEnd { return pending.isEmpty ? nil : [] }
            if pending.count < 2 * Self.chunkSize { try fill() }
        }
    }

    /// The longest paste a streamed script keeps whole: well under a parsing window, so a cut is always found.
    static let pasteCutLimit = 32 << 10

    /// Whether `bytes` holds `tag` (ASCII, compared ignoring case) at `index`.
    private static func starts(_ bytes: [UInt8], at index: Int, with tag: String) -> Bool {
        let wanted = Array(tag.utf8)
        guard index + wanted.count <= bytes.count else { return false }
        return zip(bytes[index..<(index + wanted.count)], wanted).allSatisfy { byte, letter in
            (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == letter
        }
    }

    /// A key script whose input could not be read, with the system's reason.
    public struct ReadProblem: Error, CustomStringConvertible {
        /// Why the read failed.
        public var failure: ReadFailure
        /// `cannot read the key script: Is a directory`.
        public var description: String { "cannot read the key script: \(failure)" }
    }

    private mutating func fill() throws(ReadProblem) {
        let data: Data
        do { data = try handle.read(upTo: Self.chunkSize) } catch { throw ReadProblem(failure: error) }
        if data.isEmpty { atEnd = true } else { pending.append(contentsOf: data) }
    }

    /// Where the buffered bytes can be split without cutting a character, a grapheme or a tag: before
    /// an ASCII byte (nothing joins onto one, CR LF aside), outside an unfinished `<tag>` and outside
    /// a `<Paste>…</Paste>` of up to `pasteCutLimit` bytes (a longer one in a streamed script is cut,
    /// and reported as unclosed).
    static func safeCut(in bytes: [UInt8], final: Bool) -> Int? {
        if final { return bytes.isEmpty ? nil : bytes.count }
        var best: Int?
        var openTag: Int?
        var openPaste: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            let insideTag = openTag.map { index - $0 < 256 } ?? false
            let insidePaste = openPaste.map { index - $0 < pasteCutLimit } ?? false
            if index > 0, byte < 0x80, !insideTag, !insidePaste, !(byte == 0x0A && bytes[index - 1] == 0x0D) { best = index }
            if byte == UInt8(ascii: "<") {
                openTag = openTag ?? index
                if starts(bytes, at: index, with: "<paste>") { openPaste = openPaste ?? index }
                if starts(bytes, at: index, with: "</paste>") { openPaste = nil }
            } else if byte == UInt8(ascii: ">") {
                openTag = nil
            }
        }
        if let best { return best }
        // No safe place in a long run of non-ASCII text: split at a character boundary rather than grow forever.
        guard bytes.count > 1 << 20 else { return nil }
        var cut = bytes.count - 1
        while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut > 0 ? cut : nil
    }
}
