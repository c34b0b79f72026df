import FoundationEssentials
import Glibc

/// An input `tick import` reads twice, a piece at a time: once to check every todo, once to add them,
/// so a file of any size is never held whole. A regular file is read again from its start; anything
/// else (standard input from a pipe, a FIFO) is copied, while it is read the first time, to a private
/// temporary file that is removed at once (it lives while it is open), and read back from there.
/// A read that fails ends the reading early and is kept in `failure`, never taken for the end.
public final class RereadableInput {
    /// Bytes read at a time.
    static let pieceSize = 1 << 16

    /// How the input is named in messages ("standard input", or the file's path).
    public let name: String
    /// Its size in bytes when it is a regular file, for progress bars; nil for a pipe.
    public let size: Int?
    /// Where a copy of a pipe goes (`$TMPDIR`, else `/tmp`).
    public var spoolDirectory = "/tmp"
    /// Why the last reading stopped before the end, or nil.
    public private(set) var failure: String?

    private enum Source {
        /// A descriptor: a regular file can be read again from its start, anything else is copied.
        case descriptor(Int32, closes: Bool)
        /// Bytes already in memory (tests).
        case bytes(Data)
    }

    private let source: Source
    private let isSeekable: Bool
    /// The copy of a pipe being made (first reading) or read back (second), or -1.
    private var spool: Int32 = -1
    /// Which reading this is: 0 before the first.
    private var reading = 0
    /// Where in `bytes` the current reading is (`.bytes` only).
    private var offset = 0

    /// The file at `path`; a failure names it with the system's reason, and a folder is refused.
    public init(path: String) throws(CommandFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure("cannot read \(path): \(FileStream.lastErrorMessage)") }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw CommandFailure("cannot read \(path): \(String(cString: strerror(EISDIR)))")
        }
        name = path
        source = .descriptor(descriptor, closes: true)
        isSeekable = status.st_mode & S_IFMT == S_IFREG
        size = isSeekable ? Int(status.st_size) : nil
    }

    /// An open descriptor (standard input), left open.
    public init(descriptor: Int32, name: String) {
        var status = stat()
        let regular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            && lseek(descriptor, 0, SEEK_CUR) == 0
        self.name = name
        source = .descriptor(descriptor, closes: false)
        isSeekable = regular
        size = regular ? Int(status.st_size) : nil
    }

    /// Bytes in memory, read as a pipe would be.
    public init(bytes: Data, name: String = "standard input") {
        self.name = name
        source = .bytes(bytes)
        isSeekable = true
        size = bytes.count
    }

    /// Standard input, as `tick import -` reads it.
    public static func standardInput() -> RereadableInput { RereadableInput(descriptor: STDIN_FILENO, name: "standard input") }

    deinit {
        if spool >= 0 { close(spool) }
        if case .descriptor(let descriptor, closes: true) = source { close(descriptor) }
    }

    /// Starts a reading from the first byte: the first reads the input (copying a pipe), the second
    /// reads it again. False, with `failure` set, when it cannot start.
    public func rewind() -> Bool {
        reading += 1
        failure = nil
        offset = 0
        guard reading > 1 else { return isSeekable || startSpool() }
        if case .descriptor(let descriptor, _) = source, isSeekable, lseek(descriptor, 0, SEEK_SET) < 0 {
            failure = "cannot read \(name) again: \(FileStream.lastErrorMessage)"
            return false
        }
        if !isSeekable, lseek(spool, 0, SEEK_SET) < 0 {
            failure = "cannot read back the copy of \(name): \(FileStream.lastErrorMessage)"
            return false
        }
        return true
    }

    /// The next piece of the current reading; nil at its end, or when a read fails (see `failure`).
    public func next() -> [UInt8]? {
        switch source {
        case .bytes(let data):
            guard offset < data.count else { return nil }
            let end = min(data.count, offset + Self.pieceSize)
            defer { offset = end }
            return Array(data[data.index(data.startIndex, offsetBy: offset)..<data.index(data.startIndex, offsetBy: end)])
        case .descriptor(let descriptor, _):
            let from = reading > 1 && !isSeekable ? spool : descriptor
            guard let piece = read(from) else { return nil }
            if reading == 1, !isSeekable, !copy(piece) { return nil }
            return piece
        }
    }

    /// The `count` bytes at `offset` from the input's start, after a first reading to its end (an
    /// `.ics` import reads each todo again where the first reading found it); nil, with `failure`
    /// set, when they cannot be read (a file cut shorter meanwhile).
    public func bytes(at offset: Int, count: Int) -> [UInt8]? {
        switch source {
        case .bytes(let data):
            guard offset >= 0, count >= 0, offset + count <= data.count else {
                failure = "\(name) ended before byte \(offset + count)"
                return nil
            }
            let start = data.index(data.startIndex, offsetBy: offset)
            return Array(data[start..<data.index(start, offsetBy: count)])
        case .descriptor(let descriptor, _):
            let from = isSeekable ? descriptor : spool
            var buffer = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let read = buffer.withUnsafeMutableBytes { pread(from, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if read < 0 && errno == EINTR { continue }
                if read < 0 { failure = "cannot read \(name): \(FileStream.lastErrorMessage)" }
                if read == 0 { failure = "\(name) ended before byte \(offset + count)" }
                guard read > 0 else { return nil }
                done += read
            }
            return buffer
        }
    }

    /// Everything from the current place to the end (a vdir's items, each one small file, are read whole).
    public func readToEnd() -> Data? {
        var data = Data()
        while let piece = next() { data.append(contentsOf: piece) }
        return failure == nil ? data : nil
    }

    /// Up to `pieceSize` bytes from `descriptor`; nil at the end or on a failure.
    private func read(_ descriptor: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Self.pieceSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { failure = "cannot read \(name): \(FileStream.lastErrorMessage)" }
            guard count > 0 else { return nil }
            buffer.removeLast(buffer.count - count)
            return buffer
        }
    }

    /// A private temporary file for the copy of a pipe, removed from its folder at once.
    private func startSpool() -> Bool {
        var template = Array((spoolDirectory.hasSuffix("/") ? spoolDirectory : spoolDirectory + "/").utf8CString.dropLast())
            + Array("tick-import-XXXXXX".utf8CString)
        spool = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard spool >= 0 else {
            failure = "cannot keep a copy of \(name) in \(spoolDirectory): \(FileStream.lastErrorMessage)"
            return false
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return true
    }

    /// Adds `piece` to the copy of a pipe; false (with `failure` set) when the write fails.
    private func copy(_ piece: [UInt8]) -> Bool {
        do {
            try FileStream(descriptor: spool).writeAll(Data(piece))
            return true
        } catch {
            failure = "cannot keep a copy of \(name) in \(spoolDirectory): \(error)"
            return false
        }
    }
}
