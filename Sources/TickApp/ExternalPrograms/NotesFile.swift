import Glibc

/// The private file a todo's notes are handed to an editor in: `notes.txt` in a directory of its own
/// made by `mkdtemp` (mode 0700, a name no one else can guess) in `$TMPDIR` or `/tmp`, holding the
/// notes and a final newline, which editors expect and which reading takes off again. Whoever creates
/// one removes it (`remove()`), unless its text could not be saved: then the file stays, and the
/// message names it.
///
/// No one else can put anything in the directory, and the text is read back through the directory
/// made (held open), never through a path someone could have redirected: a symbolic link, a pipe or
/// a file of another user found there is refused, not followed. An editor that saves by writing a new
/// file and renaming it over the old one (vim, emacs) is fine: the file read is whatever regular
/// file of the user's stands in the private directory under that name.
final class NotesFile {
    /// Why the file could not be made, written or read back.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The private directory the file is in.
    let directory: String
    /// Where the file is: the path the editor is given.
    let path: String
    /// The directory, open since it was made, so reading goes through it whatever happens to its name.
    private let directoryDescriptor: Int32
    private static let name = "notes.txt"

    /// Makes the private directory in `directory` and writes `notes` to the file in it.
    init(holding notes: String, in directory: String) throws(Failure) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast()) + Array("tick-notes-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw Failure(description: "cannot make a temporary folder in \(directory): \(Self.lastError)")
        }
        self.directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        path = self.directory + "/" + Self.name
        directoryDescriptor = open(self.directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directoryDescriptor >= 0 else {
            let problem = Self.lastError
            rmdir(self.directory)
            throw Failure(description: "cannot open the temporary folder \(self.directory): \(problem)")
        }
        let descriptor = openat(directoryDescriptor, Self.name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let problem = Self.lastError
            remove()
            throw Failure(description: "cannot make a temporary file in \(directory): \(problem)")
        }
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

    deinit { close(directoryDescriptor) }

    /// The text the editor left, without the one final newline editors add; refused when it is not
    /// UTF-8, or when what stands under the file's name is not a regular file of this user's (a
    /// symbolic link, a pipe, a directory): the message says so, and the caller keeps the file.
    func read() throws(Failure) -> String {
        // O_NONBLOCK: a pipe put in the file's place must not hang Tick; it is refused below.
        let descriptor = openat(directoryDescriptor, Self.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw Failure(description: "\(path) was replaced by a symbolic link, which Tick does not follow") }
            throw Failure(description: "cannot read the edited notes: \(Self.lastError)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(description: "cannot read the edited notes: \(Self.lastError)") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(description: "\(path) was replaced by something that is not a file") }
        guard status.st_uid == geteuid() else { throw Failure(description: "\(path) was replaced by a file of another user") }
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

    /// Deletes the file, whatever else the editor left beside it (a backup, a swap file), and the
    /// directory; what is already gone is fine.
    func remove() {
        if let listing = fdopendir(dup(directoryDescriptor)) {
            var names: [String] = []
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(listing)
            // Only what is in the private directory itself: unlinkat never follows a link out of it.
            for name in names { unlinkat(directoryDescriptor, name, 0) }
        }
        rmdir(directory)
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
