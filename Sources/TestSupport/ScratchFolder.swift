import Foundation
import Glibc

/// A private folder for one test (0700, made by `mkdtemp` under the temporary directory), removed
/// with everything in it when the last reference goes.
///
/// Every test target makes its scratch space with this, so a test never writes beside another's
/// files or leaves folders behind: `let scratch = try ScratchFolder("cli")`, then
/// `scratch.path("tick.db")`.
public final class ScratchFolder: @unchecked Sendable {
    /// The folder.
    public let url: URL

    /// Makes a new folder named `tick-PURPOSE-XXXXXX` in the temporary directory.
    public init(_ purpose: String = "test") throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("tick-\(purpose)-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw TmuxSession.Failure(description: "cannot make a scratch folder from \(template): \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// The folder's path.
    public var folderPath: String { url.path }

    /// The path of `name` inside the folder (which need not exist yet).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes the folder; a test may have left read-only folders or files in it, so they are made
    /// writable first. (A folder that cannot be removed is left in the temporary directory: a test's
    /// leftover, never its result.)
    deinit {
        let root = url.path
        _ = chmod(root, 0o700)
        if let names = try? FileManager.default.subpathsOfDirectory(atPath: root) {
            for name in names { _ = chmod(root + "/" + name, 0o700) }
        }
        try? FileManager.default.removeItem(atPath: root)
    }
}
