import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system work around the store file that SQLite does not do for us: private permissions on
/// creation, deciding read-only, and checking the header before SQLite may touch the file.
enum StoreFile {
    /// What the first bytes of an existing file say it is.
    enum Kind: Equatable {
        /// A 0-byte file: safe to initialise.
        case empty
        /// Looks like a complete SQLite database; SQLite's own reads check the rest.
        case sqliteDatabase
    }

    /// The first 16 bytes of every SQLite 3 database.
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    /// Whether something exists at `path` (following symbolic links).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Creates the missing parent folders (0700) and the empty store file (0600).
    ///
    /// Modes are set explicitly after creation because a permissive umask must not expose the
    /// user's commitments to other accounts. Returns false when the file already existed.
    @discardableResult
    static func createIfMissing(_ path: String) throws -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw StoreError.io(path: path, detail: "is a folder, not a store file") }
            return false
        }
        guard errno == ENOENT else { throw posixError(path) }
        try createFolders(parentFolder(of: path))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            if errno == EEXIST { return false }  // another process created it first: treat as existing
            throw posixError(path)
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw posixError(path) }
        return true
    }

    /// Read-only is decided by both `access(W_OK)` and the mode bits: root passes `access` for any
    /// file, but a file or folder with no write bit at all was clearly meant to be left alone, and
    /// a folder we cannot write to cannot hold WAL's `-wal`/`-shm` files.
    static func shouldOpenReadOnly(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        if access(path, W_OK) != 0 || (info.st_mode & 0o222) == 0 { return true }
        let folder = parentFolder(of: path)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else { return true }
        return access(folder, W_OK) != 0 || (folderInfo.st_mode & 0o222) == 0
    }

    /// Checks the file's header without writing. SQLite 3.40 also rejects garbage and truncation on
    /// its first read; checking here first gives a precise message (how many bytes are missing)
    /// before SQLite has opened, locked or created anything next to the file.
    static func inspect(_ path: String) throws -> Kind {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw posixError(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw posixError(path) }
        let size = Int64(info.st_size)
        if size == 0 { return .empty }

        var header = [UInt8](repeating: 0, count: 100)
        let readCount = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard readCount >= 0 else { throw posixError(path) }
        let prefixLength = min(readCount, sqliteMagic.count)
        guard Array(header[0..<prefixLength]) == Array(sqliteMagic[0..<prefixLength]) else {
            throw StoreError.corrupt(path: path, detail: "is not an SQLite database (file is not a database)")
        }
        guard readCount == 100 else {
            throw StoreError.corrupt(path: path, detail: "is truncated (only \(size) bytes, shorter than an SQLite header)")
        }

        let rawPageSize = Int64(bigEndian(header, at: 16, count: 2))
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            throw StoreError.corrupt(path: path, detail: "has a damaged header (page size \(rawPageSize))")
        }
        // A WAL file may hold pages the main file does not have yet; then SQLite is the judge.
        let walHasFrames = fileSize(path + "-wal") > 0
        if size % pageSize != 0, !walHasFrames {
            throw StoreError.corrupt(path: path, detail: "is truncated (\(size) bytes is not a whole number of \(pageSize)-byte pages)")
        }
        // The header's page count is only trustworthy when its change counter matches "version valid for".
        let pageCount = Int64(bigEndian(header, at: 28, count: 4))
        let headerIsCurrent = bigEndian(header, at: 24, count: 4) == bigEndian(header, at: 92, count: 4)
        if pageCount > 0, headerIsCurrent, size < pageCount * pageSize, !walHasFrames {
            throw StoreError.corrupt(path: path, detail: "is truncated (\(size) bytes, its header says \(pageCount * pageSize))")
        }
        return .sqliteDatabase
    }

    /// The folder that holds `path` ("." for a bare file name).
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    private static func createFolders(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw StoreError.io(path: folder, detail: "is not a folder") }
            return
        }
        let parent = parentFolder(of: folder)
        if parent != folder { try createFolders(parent) }
        if mkdir(folder, 0o700) != 0 {
            if errno == EEXIST { return }
            throw posixError(folder)
        }
        guard chmod(folder, 0o700) == 0 else { throw posixError(folder) }
    }

    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt32 {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func posixError(_ path: String) -> StoreError {
        .io(path: path, detail: String(cString: strerror(errno)))
    }
}
