import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system work around the store file that SQLite does not do for us: private permissions on
/// creation, deciding read-only, and checking the file before SQLite may touch it.
package enum StoreFile {
    /// The first 16 bytes of every SQLite 3 database.
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    /// Whether something exists at `path` (following symbolic links).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a symbolic link whose target does not exist: Tick does not create a store
    /// through a link, where it would land in a place the user never named.
    static func isDanglingLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK && !exists(path)
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

    /// Checks the file without writing: it must be a regular file holding an SQLite header. SQLite
    /// 3.40 also rejects garbage and truncation on its first read; checking here first gives a
    /// precise message (how many bytes are missing) before SQLite has opened, locked or created
    /// anything next to the file. `O_NONBLOCK` keeps a FIFO from blocking this open forever.
    static func inspect(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0 else {
            let error = posixError(path)
            // A socket cannot be opened at all ("No such device or address"): say what it is instead.
            if stat(path, &info) == 0, let kind = nonRegularKind(info.st_mode) {
                throw StoreError.notATickStore(path: path, reason: "it is \(kind), not a regular file")
            }
            throw error
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw posixError(path) }
        if let kind = nonRegularKind(info.st_mode) {
            throw StoreError.notATickStore(path: path, reason: "it is \(kind), not a regular file")
        }
        let size = Int64(info.st_size)
        // Tick creates a store whole (see `create`), so an empty file is someone else's.
        if size == 0 {
            throw StoreError.notATickStore(path: path, reason: "it is an empty file, which Tick did not create; delete it to start a new store there")
        }

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
        let walHasFrames = walHasFrames(path)
        if size % pageSize != 0, !walHasFrames {
            throw StoreError.corrupt(path: path, detail: "is truncated (\(size) bytes is not a whole number of \(pageSize)-byte pages)")
        }
        // The header's page count is only trustworthy when its change counter matches "version valid for".
        let pageCount = Int64(bigEndian(header, at: 28, count: 4))
        let headerIsCurrent = bigEndian(header, at: 24, count: 4) == bigEndian(header, at: 92, count: 4)
        if pageCount > 0, headerIsCurrent, size < pageCount * pageSize, !walHasFrames {
            throw StoreError.corrupt(path: path, detail: "is truncated (\(size) bytes, its header says \(pageCount * pageSize))")
        }
    }

    /// What a file that is not a regular file is, for the message (nil for a regular file); the
    /// config file's check (`ConfigurationFileSafety`) names such files the same way.
    package static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// The folder that holds `path` ("." for a bare file name).
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func createFolders(_ folder: String) throws {
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

    /// Whether the store's write-ahead log holds anything (frames that may not be in the file yet).
    static func walHasFrames(_ path: String) -> Bool {
        fileSize(path + "-wal") > 0
    }

    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt32 {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func posixError(_ path: String) -> StoreError {
        .io(path: path, detail: String(cString: strerror(errno)))
    }
}
