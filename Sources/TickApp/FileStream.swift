import FoundationEssentials
import Glibc
import Synchronization

/// A file descriptor read or written in whole pieces: standard input and output, script files,
/// exports. Tick uses this rather than Foundation's `FileHandle` so it can link only
/// FoundationEssentials, which keeps the process several megabytes smaller.
public final class FileStream: Sendable {
    /// The descriptor.
    public let descriptor: Int32
    private let closesOnDeinit: Bool
    /// The `errno` of the first write that failed, kept so a failure nobody checked at the time is
    /// still reported when the process exits (see `reportsStandardOutputFailuresAtExit`).
    private let failure = Mutex<Int32?>(nil)

    /// Wraps a descriptor; `closesOnDeinit` closes it when the stream goes away.
    public init(descriptor: Int32, closesOnDeinit: Bool = false) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    deinit { if closesOnDeinit { close(descriptor) } }

    /// Standard input.
    public static let standardInput = FileStream(descriptor: STDIN_FILENO)
    /// Standard output.
    public static let standardOutput = FileStream(descriptor: STDOUT_FILENO)
    /// Standard error.
    public static let standardError = FileStream(descriptor: STDERR_FILENO)

    /// Opens a file (or a device, or a pipe) for reading; nil with `errno` set when it cannot.
    public static func reading(_ path: String) -> FileStream? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        return descriptor < 0 ? nil : FileStream(descriptor: descriptor, closesOnDeinit: true)
    }

    /// Up to `count` bytes; empty at the end of the input. A read the system refuses (a directory,
    /// an I/O error) throws its reason rather than reading as the end, which would look like an empty input.
    public func read(upTo count: Int) throws(ReadFailure) -> Data {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = Glibc.read(descriptor, &buffer, count)
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw ReadFailure(number: errno) }
            return got == 0 ? Data() : Data(buffer[0..<got])
        }
    }

    /// Everything until the end of the input, or the reason a read failed.
    public func readToEnd() throws(ReadFailure) -> Data {
        var data = Data()
        while true {
            let piece = try read(upTo: 1 << 16)
            if piece.isEmpty { return data }
            data.append(piece)
        }
    }

    /// The `errno` of the first failed `write` (not `writeAll`), if one failed.
    public var firstFailure: Int32? { failure.withLock { $0 } }

    /// Writes all of `data`; false when the write failed (a closed pipe, a full disk). The failure is
    /// remembered in `firstFailure`, so standard output's is reported at exit even when ignored here.
    @discardableResult
    public func write(_ data: Data) -> Bool {
        do {
            try writeAll(data)
            return true
        } catch {
            failure.withLock { $0 = $0 ?? error.number }
            errno = error.number
            return false
        }
    }

    /// Writes all of `data`, throwing the system's reason when a write fails; the caller reports it.
    public func writeAll(_ data: Data) throws(WriteFailure) {
        let failed: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failed { throw WriteFailure(number: failed) }
    }

    /// Writes text as UTF-8, throwing the system's reason when a write fails.
    public func writeAll(_ text: String) throws(WriteFailure) { try writeAll(Data(text.utf8)) }

    /// Writes text as UTF-8.
    @discardableResult
    public func write(_ text: String) -> Bool { write(Data(text.utf8)) }

    /// The message for the current `errno`.
    public static var lastErrorMessage: String { String(cString: strerror(errno)) }
}

/// A write that failed, with the system's error number (`ENOSPC`, `EPIPE`…).
public struct WriteFailure: Error, Equatable, CustomStringConvertible {
    /// The `errno` value.
    public var number: Int32
    /// A failure with `errno` value `number`.
    public init(number: Int32) { self.number = number }
    /// The system's reason: "No space left on device".
    public var description: String { String(cString: strerror(number)) }
    /// Whether the reader went away (`tick ls | head -1`): not worth a message.
    public var isBrokenPipe: Bool { number == EPIPE }
}

/// A read that failed, with the system's error number (`EISDIR`, `EIO`…).
public struct ReadFailure: Error, Equatable, CustomStringConvertible {
    /// The `errno` value.
    public var number: Int32
    /// A failure with `errno` value `number`.
    public init(number: Int32) { self.number = number }
    /// The system's reason: "Is a directory".
    public var description: String { String(cString: strerror(number)) }
}

extension String {
    /// This string padded with spaces (or cut) to `length` characters.
    func padded(to length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }

    /// Text with leading and trailing whitespace removed.
    var trimmedWhitespace: String {
        String(drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}
