import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StoreFile {
    /// Creates a complete new store at `path`: missing folders (0700), then a private file (0600)
    /// under a temporary name beside it, handed to `initialise`, then linked into place. Nobody ever
    /// sees a half-made store, and no file Tick creates is empty; so an empty file, or one that is
    /// not a Tick store, is never Tick's and can be refused untouched.
    ///
    /// Returns false, changing nothing, when another process created `path` first.
    @discardableResult
    static func create(_ path: String, initialise: (String) throws -> Void) throws -> Bool {
        let folder = parentFolder(of: path)
        try createFolders(folder)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(folder)/.\(name).tick-new-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw posixError(folder) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes 0600; fchmod states it, whatever a future libc or umask does.
        let modeSet = fchmod(descriptor, 0o600) == 0
        close(descriptor)
        defer { removeWithCompanions(temporary) }
        guard modeSet else { throw posixError(temporary) }
        try initialise(temporary)
        // link, unlike rename, never replaces what another process created meanwhile.
        if link(temporary, path) != 0 {
            if errno == EEXIST { return false }
            throw posixError(path)
        }
        try syncFolder(folder)
        return true
    }

    /// Makes the new name itself durable, so a power cut cannot lose the store after its first change.
    private static func syncFolder(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw posixError(folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw posixError(folder) }
    }

    /// Removes a temporary store and whatever SQLite left beside it.
    private static func removeWithCompanions(_ path: String) {
        // Nothing to report: these are our own scratch names, and a leftover is only litter.
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
