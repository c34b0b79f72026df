import Glibc

/// The file system calls the zone lookup makes.
enum ZoneFiles {
    /// Zone files are a few KiB; anything bigger is not one.
    static let sizeLimit = 1 << 20

    /// The bytes of a regular file (following links), or nil when it cannot be read or is too big.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= sizeLimit else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= sizeLimit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
        return nil
    }

    /// The path with every link and `..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What identifies a file's contents cheaply: a different file, or a change, gives another one.
    struct Identity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int, modifiedNanoseconds: Int
    }

    /// The identity of the file at `path` (following links), nil when there is none.
    static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                        modifiedSeconds: Int(status.st_mtim.tv_sec), modifiedNanoseconds: Int(status.st_mtim.tv_nsec))
    }

    /// Whether the entry at `path` is a regular file itself (not a link), and its size.
    static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Whether the entry at `path` is a directory itself (not a link).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a directory, without `.` and `..`; empty when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

/// Finds the name of a zone from its file's bytes, for a copied `/etc/localtime` (or a `TZ` path
/// outside the zone directory): the zone files with the same bytes, best name first.
struct ZoneNameMatcher {
    var zoneDirectory: String

    /// The best name among the zone files identical to `bytes`, trying `hint` first; nil when none is.
    func name(ofZoneWith bytes: [UInt8], hint: String?) -> String? {
        if let hint, !hint.isEmpty, !hint.hasPrefix("/"), !hint.contains(".."),
           ZoneFiles.read(zoneDirectory + "/" + hint) == bytes {
            return canonical(hint)
        }
        var matches: [String] = []
        collect(in: "", depth: 0, size: bytes.count) { path in
            if ZoneFiles.read(zoneDirectory + "/" + path) == bytes { matches.append(path) }
        }
        let listed = listedZones()
        // Names of today's zones first (Etc/UTC for UTC), then Area/City names, then the rest.
        return matches.min { rank($0, listed) < rank($1, listed) }
    }

    private func rank(_ name: String, _ listed: Set<String>) -> (Int, Int, String) {
        let group = listed.contains(name) || name == "Etc/UTC" ? 0 : (name.contains("/") && !name.hasPrefix("Etc/") ? 1 : 2)
        return (group, name.count, name)
    }

    /// A link's name given as the name of the zone it links to.
    private func canonical(_ name: String) -> String {
        guard let resolved = ZoneFiles.realPath(zoneDirectory + "/" + name), let directory = ZoneFiles.realPath(zoneDirectory),
              resolved.hasPrefix(directory + "/") else { return name }
        return String(resolved.dropFirst(directory.count + 1))
    }

    /// The zones `zone1970.tab` and `zone.tab` list.
    private func listedZones() -> Set<String> {
        var names: Set<String> = []
        for file in ["zone1970.tab", "zone.tab"] {
            guard let bytes = ZoneFiles.read(zoneDirectory + "/" + file) else { continue }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
                let columns = line.split(separator: "\t")
                if columns.count >= 3 { names.insert(String(columns[2])) }
            }
        }
        return names
    }

    /// Calls `found` with every regular file of `size` bytes below the zone directory (relative
    /// paths), leaving out the `posix` and `right` copies and `localtime`; three levels deep at most.
    private func collect(in relative: String, depth: Int, size: Int, _ found: (String) -> Void) {
        let directory = relative.isEmpty ? zoneDirectory : zoneDirectory + "/" + relative
        for name in ZoneFiles.names(in: directory) where !name.hasPrefix(".") {
            if depth == 0, ["posix", "right", "localtime", "posixrules"].contains(name) { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            if ZoneFiles.regularFileSize(zoneDirectory + "/" + path) == size {
                found(path)
            } else if depth < 3, ZoneFiles.isDirectory(zoneDirectory + "/" + path) {
                collect(in: path, depth: depth + 1, size: size, found)
            }
        }
    }
}
