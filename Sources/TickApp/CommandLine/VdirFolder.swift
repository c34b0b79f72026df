import Glibc
import FoundationEssentials

/// A vdir, the folder layout vdirsyncer writes and todoman and khal read: a collection is a folder
/// of `.ics` files, one item each, with its name in a `displayname` file; a folder of such folders
/// holds several collections (`~/.local/share/calendars/*`).
///
/// `tick import DIR` reads DIR as one collection when it holds `.ics` files or a `displayname`,
/// else each folder in it that does as one (hidden ones, starting with `.`, left out; other
/// folders are not lists). Only names are listed
/// up front; files are read one at a time.
struct VdirFolder {
    /// One collection: a folder of items.
    struct Collection {
        /// The folder's path.
        var path: String
        /// The list it becomes: its `displayname`, else the folder's name.
        var name: String
        /// Its `.ics` files' names, in order.
        var itemNames: [String]
    }

    /// The collections, in the order of their folders' names.
    let collections: [Collection]

    /// Reads the layout under `path`; a folder that cannot be listed is a failure with the system's
    /// reason, and one with neither items nor collections says so.
    init(path: String) throws {
        let safePath = TodoTable.safe(path).text
        let entries = try Self.entries(of: path)
        if Self.isCollection(entries) {
            collections = [try Self.collection(at: path, entries: entries)]
            return
        }
        var found: [Collection] = []
        for entry in entries where entry.isFolder && !entry.name.hasPrefix(".") {
            let folder = Self.joined(path, entry.name)
            let inside = try Self.entries(of: folder)
            // Any other folder (a cache, a backup of something else) is not a list.
            if Self.isCollection(inside) { found.append(try Self.collection(at: folder, entries: inside)) }
        }
        guard !found.isEmpty else {
            throw CommandFailure("\(safePath) holds no .ics files and no folders of them: a vdir (as vdirsyncer writes for todoman) "
                                 + "has one .ics file per todo, in one folder per list (nothing was imported)")
        }
        collections = found
    }

    /// How many item files there are in all.
    var itemCount: Int { collections.reduce(0) { $0 + $1.itemNames.count } }

    /// Whether a folder with these entries is a collection: it holds items or names itself.
    private static func isCollection(_ entries: [Entry]) -> Bool {
        entries.contains { $0.isItem || ($0.name == "displayname" && !$0.isFolder) }
    }

    private static func collection(at path: String, entries: [Entry]) throws -> Collection {
        var name = String(path.split(separator: "/").last ?? Substring(path))
        if entries.contains(where: { $0.name == "displayname" && !$0.isFolder }) {
            let shown = trimmed(try readSmallFile(joined(path, "displayname")))
            if !shown.isEmpty { name = shown }
        }
        return Collection(path: path, name: name, itemNames: entries.filter(\.isItem).map(\.name))
    }

    /// A name in a folder, and what it is.
    private struct Entry {
        var name: String
        var isFolder: Bool
        /// A regular file (or a link to one) named `*.ics` and not hidden (vdirsyncer's temporary files start with `.`).
        var isItem: Bool
    }

    /// The entries of a folder, sorted by name (as bytes), with their kinds (links followed).
    private static func entries(of path: String) throws -> [Entry] {
        guard let folder = opendir(path) else {
            throw CommandFailure("cannot read \(TodoTable.safe(path).text): \(String(cString: strerror(errno))) (nothing was imported)")
        }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                guard errno == 0 else {
                    throw CommandFailure("cannot read \(TodoTable.safe(path).text): \(String(cString: strerror(errno))) (nothing was imported)")
                }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return names.map { name in
            var status = stat()
            let found = stat(joined(path, name), &status) == 0
            let kind = found ? status.st_mode & S_IFMT : 0
            return Entry(name: name, isFolder: kind == S_IFDIR,
                         isItem: kind == S_IFREG && !name.hasPrefix(".") && name.lowercased().hasSuffix(".ics"))
        }
    }

    /// `folder/name`.
    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// A small text file (a `displayname`), at most 4 KB of it.
    private static func readSmallFile(_ path: String) throws -> String {
        let failure = { CommandFailure("cannot read \(TodoTable.safe(path).text): \(String(cString: strerror(errno))) (nothing was imported)") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var got = 0
        repeat { got = read(descriptor, &buffer, buffer.count) } while got < 0 && errno == EINTR
        guard got >= 0 else { throw failure() }
        return String(decoding: buffer[0..<got], as: UTF8.self)
    }

    /// `text` without white space and line breaks around it.
    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
