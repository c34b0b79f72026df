import Foundation
import Testing
@testable import TodoStore

/// A store on a disk with no space left: SQLite cannot create the shared-memory file it needs for
/// WAL, yet everything committed is in the file and must stay readable.
@Suite("Opening on a full disk")
struct FullDiskOpeningTests {
    /// Mounting a small tmpfs needs root (the test machines run as root); elsewhere this is skipped.
    @Test("with no room for the shared-memory file, the store opens read-only, reads everything, and a change says the disk is full",
          .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func readsOnAFullDisk() throws {
        try withTemporaryFolder { folder in
            let titles = (0..<50).map { "todo \($0)" }
            try makeStore(folder + "/made.db", titles: titles)
            let disk = folder + "/disk"
            try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
            try #require(run("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", disk]) == 0)
            defer { _ = run("/bin/umount", ["-l", disk]) }
            let path = disk + "/tick.db"
            try FileManager.default.copyItem(atPath: folder + "/made.db", toPath: path)
            try fillDisk(disk + "/filler")
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"))

            let store = try openStore(path)
            defer { store.close() }
            #expect(store.isReadOnly)
            #expect(try allTitles(store) == titles)
            #expect(throws: StoreError.diskFull(path: path)) { try store.add(title: "one more").value }
            #expect(StoreError.diskFull(path: path).description.contains("the disk is full"))
        }
    }

    private func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Writes zeros to `path` until the file system says it is full.
    private func fillDisk(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
    }
}
