import Glibc

/// A password in memory Tick owns and overwrites: `wipe()` (and the end of its life) zeroes the bytes
/// with `explicit_bzero`, which the compiler may not leave out. A Swift `String` cannot be wiped (its
/// copies are the runtime's), so a password travels as a `Secret` from where it is read to libcurl;
/// libcurl's own copy is freed, not wiped, with its handle, which is why a process that held a
/// password makes itself undumpable (see `SyncPassword`). Its description hides it.
public final class Secret: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The bytes and a terminating NUL, for libcurl.
    private let storage: UnsafeMutablePointer<UInt8>
    /// The length in bytes, without the NUL.
    public let count: Int

    /// A secret holding a copy of `bytes`; the caller wipes its own buffer.
    public init<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        count = bytes.count
        storage = .allocate(capacity: count + 1)
        _ = UnsafeMutableBufferPointer(start: storage, count: count).initialize(from: bytes)
        storage[count] = 0
    }

    /// A secret holding `text`'s UTF-8 (for tests and callers that already have a `String`).
    public convenience init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Whether it holds no byte.
    public var isEmpty: Bool { count == 0 }

    /// Runs `body` with the bytes as a NUL-terminated C string, valid only during the call.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try storage.withMemoryRebound(to: CChar.self, capacity: count + 1) { try body($0) }
    }

    /// Whether it holds exactly `bytes` (for tests, without making a `String` of it).
    public func equals<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.count == count && bytes.elementsEqual(UnsafeBufferPointer(start: storage, count: count))
    }

    /// Overwrites the bytes with zeroes; the secret is then empty text of the same length.
    public func wipe() {
        explicit_bzero(storage, count + 1)
    }

    deinit {
        wipe()
        storage.deallocate()
    }

    /// Says that a secret is there, and nothing of it.
    public var description: String { "Secret(hidden)" }
    /// As ``description``.
    public var debugDescription: String { description }
    /// Hides the bytes from `dump` and the debugger's summaries.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
