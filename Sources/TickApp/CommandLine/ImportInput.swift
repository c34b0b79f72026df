import Glibc
import FoundationEssentials

/// The file `tick import` reads, a piece at a time: the first piece decides the format, and a
/// format read as a stream (taskwarrior) never holds more than a piece of the file. A failed read
/// is a failure with the system's reason, never a short file.
struct ImportInput {
    /// Bytes per piece.
    static let pieceSize = 1 << 16

    /// The name for messages: the path made safe to print, or "standard input".
    let name: String
    /// The file's size when known (a regular file), for the progress bar.
    let size: Int?
    private let stream: FileStream?
    /// Standard input, read whole (as `CommandContext.readStandardInput` gives it), or nil for a file.
    private let standardInput: Data?
    /// How much of `standardInput` has been handed out.
    private var standardInputOffset = 0
    /// The piece read to decide the format, handed out first.
    private var first: Data?
    /// Bytes handed out so far.
    private(set) var bytesRead = 0

    /// Opens `path` (`-`: standard input) and reads its first piece; a folder or a file that cannot
    /// be read is a failure with the system's reason.
    init(path: String, context: CommandContext) throws {
        if path == "-" {
            name = "standard input"
            stream = nil
            let data = context.readStandardInput()
            standardInput = data
            size = data.count
        } else {
            name = TodoTable.safe(path).text  // a file name can hold controls
            standardInput = nil
            guard let opened = FileStream.reading(path) else {
                throw CommandFailure("cannot read \(name): \(FileStream.lastErrorMessage)")
            }
            stream = opened
            var status = stat()
            guard fstat(opened.descriptor, &status) == 0 else { throw CommandFailure("cannot read \(name): \(String(cString: strerror(errno)))") }
            if status.st_mode & S_IFMT == S_IFDIR { throw CommandFailure("cannot read \(name): \(String(cString: strerror(EISDIR)))") }
            size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        }
        first = try nextPieceFromSource()
    }

    /// The start of the file (up to one piece), to tell its format by.
    var start: Data { first ?? Data() }

    /// The next piece, or nil at the end of the file.
    mutating func nextPiece() throws -> Data? {
        if let first {
            self.first = nil
            bytesRead += first.count
            return first.isEmpty ? nil : first
        }
        guard let piece = try nextPieceFromSource(), !piece.isEmpty else { return nil }
        bytesRead += piece.count
        return piece
    }

    /// The rest of the file, whole (for the formats that are read whole).
    mutating func readAll() throws -> Data {
        var data = Data()
        while let piece = try nextPiece() { data.append(piece) }
        return data
    }

    private mutating func nextPieceFromSource() throws -> Data? {
        if let input = standardInput {
            let start = input.startIndex + standardInputOffset
            let end = min(input.endIndex, start + Self.pieceSize)
            standardInputOffset = end - input.startIndex
            return Data(input[start..<end])
        }
        guard let stream else { return nil }
        var buffer = [UInt8](repeating: 0, count: Self.pieceSize)
        while true {
            let got = read(stream.descriptor, &buffer, buffer.count)
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw CommandFailure("cannot read \(name): \(String(cString: strerror(errno))) (nothing was imported)") }
            return Data(buffer[0..<got])
        }
    }
}
