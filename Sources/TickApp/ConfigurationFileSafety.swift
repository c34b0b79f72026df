import Glibc
import TodoStore

/// Whether a config file may be used. A config file can run a program as you (`sync
/// password-command`) and say where your sync password goes, so, as ssh does with its config
/// files, Tick refuses one that someone else could have written:
///
/// - the file must be owned by you or root, and writable by neither its group nor others;
/// - every folder above it (of the path given and of the file a link leads to) must be owned by you
///   or root, and writable by neither group nor others unless sticky (`/tmp`), where only a file's
///   owner may replace it;
/// - it must be a regular file of at most `largestFileBytes` (a FIFO would hang Tick, `/dev/zero`
///   or `/dev/urandom` would fill its memory); `/dev/null` is read as an empty file.
///
/// A refused file is not read at all: the defaults apply, and the reason is its one problem.
enum ConfigurationFileSafety {
    /// The largest config file read.
    static let largestFileBytes = 1 << 20

    /// Why the file at `path`, whose `fstat` is `info`, must not be used; nil when it may. `user` is
    /// the user Tick runs as.
    static func refusal(path: String, info: stat, user: uid_t = getuid()) -> String? {
        if let kind = StoreFile.nonRegularKind(info.st_mode) { return "not read: it is \(kind), not a regular file" }
        if info.st_size > largestFileBytes { return "not read: it is larger than \(largestFileBytes / (1 << 20)) MiB" }
        let consequence = "a config file can run a program as you (sync password-command)"
        if info.st_uid != user && info.st_uid != 0 {
            return "not used: it belongs to another user (uid \(info.st_uid)), and \(consequence)"
        }
        if info.st_mode & 0o022 != 0 {
            return "not used: others can change it (mode \(octal(info.st_mode))), and \(consequence); run chmod go-w \(path)"
        }
        for folder in foldersAbove(path) {
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0 else { continue }
            if folderInfo.st_uid != user && folderInfo.st_uid != 0 {
                return "not used: its folder \(folder) belongs to another user (uid \(folderInfo.st_uid)), who could replace it, and \(consequence)"
            }
            let sticky = folderInfo.st_mode & S_ISVTX != 0
            if folderInfo.st_mode & 0o022 != 0 && !sticky {
                return "not used: others can replace it, since they can change its folder \(folder) (mode \(octal(folderInfo.st_mode))), "
                    + "and \(consequence); run chmod go-w \(folder)"
            }
        }
        return nil
    }

    /// Whether `info` is the null device, which reads as an empty config ("no settings").
    static func isNullDevice(_ info: stat) -> Bool {
        var null = stat()
        return info.st_mode & S_IFMT == S_IFCHR && stat("/dev/null", &null) == 0 && null.st_rdev == info.st_rdev
    }

    /// The folders above `path`, innermost first, up to `/`: those of the path as given (its links
    /// resolved) and, when it is a link, those of the file it leads to.
    static func foldersAbove(_ path: String) -> [String] {
        var folders: [String] = []
        for start in [resolved(parent(of: path)), resolved(path).map(parent(of:))] {
            guard var folder = start else { continue }
            while true {
                if !folders.contains(folder) { folders.append(folder) }
                guard folder != "/" else { break }
                folder = parent(of: folder)
            }
        }
        return folders
    }

    /// `path` with every link and `..` resolved, nil when it cannot be.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The folder holding `path` (`.` for a bare name, `/` for a file at the root).
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// `mode`'s permission bits as four octal digits (`0666`).
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
