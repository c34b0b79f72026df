import Glibc
import FoundationEssentials

/// Where `tick export FILE` writes, chosen by what FILE is:
///
/// - a regular file, or nothing yet: a new temporary file beside it, created so that nothing planted
///   at its name can be followed (`O_CREAT|O_EXCL|O_NOFOLLOW`, an unpredictable name, mode 0600),
///   written, synced and renamed over FILE, so a failed export never leaves half a file where a good
///   one was. A file replaced keeps its permission bits (a backup readable by the group stays so);
///   a new file is 0600, since todos are private.
/// - a character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe): written through, as a
///   shell's `>` would; replacing it with a regular file would break whatever uses it. So is the file
///   standard output already writes to (`tick export /dev/stdout >> log.txt`).
/// - a symbolic link: followed to its target (which may not exist yet) and that is written as above;
///   the link stays a link.
/// - anything else (a folder, a block device, a socket): refused before anything is written.
final class ExportFileWriter {
    /// The path as the user gave it, for messages.
    private let path: String
    /// What is written at the end: FILE, or where its links lead.
    private let destination: String
    private let descriptor: Int32
    /// The temporary file renamed over `destination` on commit; nil when writing through.
    private let temporaryPath: String?
    private var buffer = Data()
    private var isClosed = false
    /// Whether the destination is a terminal (`/dev/tty`): control characters are then shown as placeholders.
    let isTerminal: Bool

    /// Opens the place `path` names for writing, or fails with a message naming it.
    init(path: String) throws {
        self.path = path
        var status = stat()
        // stat follows every link, /proc's too: /dev/stdout leads to /proc/self/fd/1 and on to
        // whatever standard output is, a pipe whose link text ("pipe:[…]") is no path at all.
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG where Self.isStandardOutput(status):
                // `tick export /dev/stdout >> log.txt`: replacing log.txt would lose what it held
                // (and what follows on standard output); add to it where standard output is instead.
                destination = path
                descriptor = dup(STDOUT_FILENO)
                guard descriptor >= 0 else { throw Self.failure(path, FileStream.lastErrorMessage) }
                temporaryPath = nil
            case S_IFREG:
                destination = try Self.realPath(path)
                (descriptor, temporaryPath) = try Self.createTemporaryFile(beside: destination, mode: status.st_mode & 0o777,
                                                                         owner: (status.st_uid, status.st_gid), for: path)
            case S_IFCHR, S_IFIFO:
                destination = path
                // A FIFO waits here for its reader, as it does for any program writing to it.
                descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
                guard descriptor >= 0 else { throw Self.failure(path, FileStream.lastErrorMessage) }
                temporaryPath = nil
            case S_IFDIR:
                throw Self.failure(path, String(cString: strerror(EISDIR)))
            default:
                throw Self.failure(path, "it is neither a regular file, a character device nor a FIFO")
            }
        } else if errno == ENOENT {
            // Nothing there yet, or a link to nothing: the name the links lead to is created.
            destination = try Self.resolvingLinks(path, for: path)
            (descriptor, temporaryPath) = try Self.createTemporaryFile(beside: destination, mode: 0o600, owner: nil, for: path)
        } else {
            throw Self.failure(path, FileStream.lastErrorMessage)
        }
        isTerminal = isatty(descriptor) == 1
    }

    deinit { if !isClosed { discard() } }

    /// Adds text; it is written in 64 KiB pieces.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        guard FileStream(descriptor: descriptor).write(buffer) else { throw Self.failure(path, FileStream.lastErrorMessage) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and puts the file in place: synced, renamed over the destination, and the
    /// folder synced so the rename itself survives a crash. Any step that fails is an error.
    func commit() throws {
        try flush()
        guard let temporaryPath else {
            isClosed = true
            guard close(descriptor) == 0 else { throw Self.failure(path, FileStream.lastErrorMessage) }
            return
        }
        guard fsync(descriptor) == 0 else { throw Self.failure(path, FileStream.lastErrorMessage) }
        isClosed = true
        guard close(descriptor) == 0 else {
            let reason = FileStream.lastErrorMessage
            unlink(temporaryPath)
            throw Self.failure(path, reason)
        }
        guard rename(temporaryPath, destination) == 0 else {
            let reason = FileStream.lastErrorMessage
            unlink(temporaryPath)
            throw Self.failure(path, reason)
        }
        try Self.syncFolder(of: destination, for: path)
    }

    /// Closes and removes the temporary file: whatever was at the destination stays as it was.
    func discard() {
        guard !isClosed else { return }
        isClosed = true
        close(descriptor)
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// Whether the file `status` describes is the one standard output writes to.
    private static func isStandardOutput(_ status: stat) -> Bool {
        var output = stat()
        return fstat(STDOUT_FILENO, &output) == 0 && output.st_dev == status.st_dev && output.st_ino == status.st_ino
    }

    /// The absolute path of an existing file with every link resolved: the file a rename must replace.
    static func realPath(_ path: String) throws -> String {
        guard let resolved = realpath(path, nil) else { throw failure(path, FileStream.lastErrorMessage) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Follows symbolic links from `path` to what they finally name, which may not exist yet (a dangling
    /// link is followed too, as a shell's `>` does: the user named the link).
    static func resolvingLinks(_ path: String, for shown: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &target, Int(PATH_MAX))
            guard length >= 0 else { throw failure(shown, FileStream.lastErrorMessage) }
            let link = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + link
        }
        throw failure(shown, String(cString: strerror(ELOOP)))
    }

    /// The folder part of `path` with its slash (`"a/"` for `"a/b"`), or "" for a bare name.
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// A new file `.NAME.tick-RANDOM.tmp` in `destination`'s folder. `O_EXCL|O_NOFOLLOW` refuse any
    /// name that exists, a planted symbolic link included, and the random part makes a name that
    /// cannot be planted in advance; a name taken is retried with another.
    private static func createTemporaryFile(beside destination: String, mode: mode_t, owner: (uid_t, gid_t)?,
                                            for shown: String) throws -> (Int32, String) {
        let folder = folder(of: destination)
        let name = String(destination.dropFirst(folder.count))
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let random = String((0..<12).map { _ in letters.randomElement()! })
            let temporary = folder + ".\(name).tick-\(random).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw failure(shown, FileStream.lastErrorMessage)
            }
            do {
                try keep(mode: mode, owner: owner, on: descriptor)
            } catch {
                close(descriptor)
                unlink(temporary)
                throw failure(shown, error.description)
            }
            return (descriptor, temporary)
        }
        throw failure(shown, "no free name for a temporary file in \(folder.isEmpty ? "." : folder)")
    }

    /// Gives the new file the mode (exactly: the umask may have taken bits away) and the owner of the
    /// file it replaces. Root replacing someone's backup gives it back to them; anyone else cannot give
    /// a file away (EPERM) and owns the new one, as after any editor's save: no data is at stake.
    private static func keep(mode: mode_t, owner: (uid_t, gid_t)?, on descriptor: Int32) throws(WriteFailure) {
        guard fchmod(descriptor, mode) == 0 else { throw WriteFailure(number: errno) }
        if let (user, group) = owner, user != geteuid() || group != getegid(),
           fchown(descriptor, user, group) != 0, errno != EPERM {
            throw WriteFailure(number: errno)
        }
    }

    /// Syncs the folder holding `path`, so the rename that put the file there is on disk too.
    private static func syncFolder(of path: String, for shown: String) throws {
        let folder = folder(of: path)
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(shown, "written, but its folder cannot be synced: \(FileStream.lastErrorMessage)") }
        defer { close(descriptor) }
        // Some file systems cannot sync a folder (EINVAL); there is nothing more to do on those.
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw failure(shown, "written, but its folder cannot be synced: \(FileStream.lastErrorMessage)")
        }
    }

    /// "cannot write PATH: REASON", with the path shown safely.
    private static func failure(_ path: String, _ reason: String) -> CommandFailure {
        CommandFailure("cannot write \(TodoTable.safe(path).text): \(reason)")
    }
}
