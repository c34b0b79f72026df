import Foundation
import Testing

/// The repository's own file names. A stray shell redirect once committed 87 files to the root
/// (`--wait`, and 86 named `LONG 102: …` from a line-length check's output); this suite keeps any
/// such file from landing again.
@Suite("Repository file names")
struct RepositoryFileNameTests {
    /// Why a tracked path's name is one no one meant to commit, or nil when it is fine: a name that
    /// starts with `-` (read as an option by every tool), holds `:` (a grep or compiler line), or holds
    /// a control character.
    static func problem(with path: String) -> String? {
        for component in path.split(separator: "/") {
            if component.hasPrefix("-") { return "starts with “-”" }
            if component.contains(":") { return "holds “:”" }
            if component.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return "holds a control character"
            }
        }
        return nil
    }

    @Test("Names a redirect or a pasted command would leave are found, ordinary paths are not",
          arguments: [
              ("--wait", true), ("LONG 102:     public func x() {", true), ("Sources/a\u{1B}b.swift", true),
              ("docs/-x/file", true), ("Sources/TickApp/TickApp.swift", false), ("docs/screens/agenda.keys", false),
              ("Tests/CalDAVTests/Support/fault_proxy.py", false), (".ci/run", false),
          ])
    func namesAreJudged(path: String, isBad: Bool) {
        #expect((Self.problem(with: path) != nil) == isBad, "\(path)")
    }

    @Test("No tracked file has a name that starts with “-”, holds “:” or a control character")
    func trackedNamesAreClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let output = Pipe()
        git.standardOutput = output
        git.standardError = FileHandle.nullDevice
        try git.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else {
            // A source tree without its git directory (an unpacked tarball) has nothing to check.
            try #require(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
                         "git ls-files failed in a checkout")
            return
        }
        let paths = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(paths.contains("Package.swift"), "git ls-files listed \(paths.count) paths, without Package.swift")
        let bad = paths.compactMap { path in Self.problem(with: path).map { "\(path.debugDescription) \($0)" } }
        #expect(bad.isEmpty, "Tracked files no one meant to commit (git rm them): \(bad.prefix(10).joined(separator: "; "))")
    }
}
