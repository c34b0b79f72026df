import Glibc

/// The private file a todo's notes are handed to an editor in: made by `mkstemps` (mode 0600, a name
/// no one else can guess) in `$TMPDIR` or `/tmp`, holding the notes and a final newline, which editors
/// expect and which reading takes off again. Whoever creates one removes it, whatever happened.
struct NotesFile {
    /// Why the file could not be made, written or read back.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the file is.
    let path: String

    /// Makes the file in `directory` and writes `notes` to it.
    init(holding notes: String, in directory: String) throws(Failure) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast()) + Array("tick-notes-XXXXXX.txt".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { throw Failure(description: "cannot make a temporary file in \(directory): \(Self.lastError)") }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(descriptor) }
        var bytes = Array(notes.utf8)
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let problem = Self.lastError
                remove()
                throw Failure(description: "cannot write the notes to a temporary file: \(problem)")
            }
            written += count
        }
    }

    /// The text the editor left, without the one final newline editors add; refused when it is not UTF-8.
    func read() throws(Failure) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot read the edited notes: \(Self.lastError)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: "cannot read the edited notes: \(Self.lastError)") }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(description: "the edited notes are not UTF-8 text")
        }
        return text
    }

    /// Deletes the file; one already gone is fine.
    func remove() {
        _ = unlink(path)
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
