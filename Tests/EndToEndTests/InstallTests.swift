import Foundation
import Testing

/// `make install` and `make uninstall` into a temporary DESTDIR, installing the debug build
/// (TICK_BINARY) so that no release build is needed.
@Suite("make install and make uninstall", .serialized)
struct InstallTests {
    static let makeProgram = ["/usr/bin/make", "/usr/local/bin/make"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Every file an install puts under the prefix.
    static let installedFiles = [
        "bin/tick", "share/bash-completion/completions/tick", "share/fish/vendor_completions.d/tick.fish",
        "share/man/man1/tick.1", "share/systemd/user/tick-remind.service", "share/systemd/user/tick-remind.timer",
        "share/zsh/site-functions/_tick",
    ]
    /// The record of the folders an install made, which `make uninstall` reads (not in packages).
    static let folderRecord = "share/doc/tick/install-folders"

    /// Runs `make ARGUMENTS` in `folder` (the package root unless given), with sudo's kind of `PATH`
    /// (no Swift on it) and `environment` added; returns its status and what it printed.
    func make(_ arguments: [String], in scratch: TickEndToEndTests.Scratch, folder: URL = TickEndToEndTests.root,
              environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let log = scratch.folder.appendingPathComponent("make.log").path
        #expect(FileManager.default.createFile(atPath: log, contents: nil))  // ChildProcess opens it without O_CREAT
        let command = [try #require(Self.makeProgram), "-C", folder.path] + arguments
        let base = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
        let status = try ChildProcess.run(command, environment: base.merging(environment) { $1 },
                                          output: log, errors: log, timeout: 60)
        return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// The regular files under `folder`, as paths relative to it, sorted.
    func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(String(url.path.dropFirst(folder.path.count + 1)))
            }
        }
        return found.sorted()
    }

    /// The folders under `folder`, as paths relative to it, sorted.
    func folders(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                found.append(String(url.path.dropFirst(folder.path.count + 1)))
            }
        }
        return found.sorted()
    }

    /// Standard output of the debug `tick` run with `arguments`.
    func tickOutput(_ arguments: [String], in scratch: TickEndToEndTests.Scratch) throws -> String {
        let path = scratch.folder.appendingPathComponent("tick.out").path
        let ignored = scratch.folder.appendingPathComponent("tick.err").path
        for file in [path, ignored] { #expect(FileManager.default.createFile(atPath: file, contents: nil)) }
        #expect(try ChildProcess.run([TickEndToEndTests.binary] + arguments, environment: ["PATH": "/usr/bin:/bin"],
                                     output: path, errors: ignored, timeout: 30) == 0)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("make install puts exactly the program, its manual page, the three completion scripts, the tick-remind systemd user units and the record of the folders it made under DESTDIR/PREFIX; make uninstall removes them and those folders",
          .enabled(if: makeProgram != nil, "make is not installed"),
          arguments: [(["PREFIX=/usr"], "usr"), ([], "usr/local")])
    func installAndUninstall(prefixArguments: [String], prefix: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: TickEndToEndTests.binary), "build first: swift build (make test does)")
        let scratch = try TickEndToEndTests.Scratch()
        let destination = scratch.folder.appendingPathComponent("stage")
        let variables = ["DESTDIR=\(destination.path)", "TICK_BINARY=\(TickEndToEndTests.binary)"] + prefixArguments

        let install = try make(["install"] + variables, in: scratch)
        #expect(install.status == 0, "\(install.output)")
        #expect(files(under: destination) == (Self.installedFiles + [Self.folderRecord]).sorted().map { "\(prefix)/\($0)" })
        let root = destination.appendingPathComponent(prefix)
        #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("bin/tick").path))
        // The page and the scripts are what this very program generates.
        let installed = { (path: String) in try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        #expect(try installed("share/man/man1/tick.1") == tickOutput(["help", "--man"], in: scratch))
        #expect(try installed("share/bash-completion/completions/tick") == tickOutput(["completions", "bash"], in: scratch))
        #expect(try installed("share/zsh/site-functions/_tick") == tickOutput(["completions", "zsh"], in: scratch))
        #expect(try installed("share/fish/vendor_completions.d/tick.fish") == tickOutput(["completions", "fish"], in: scratch))
        // The service starts the tick of this prefix (without DESTDIR: where it will run), every minute by the timer.
        let service = try installed("share/systemd/user/tick-remind.service")
        #expect(service.contains("ExecStart=/bin/sh -c 'out=$$(\"/\(prefix)/bin/tick\" remind);") && !service.contains("@BINDIR@"))
        #expect(try installed("share/systemd/user/tick-remind.timer").contains("OnCalendar=*-*-* *:*:00"))

        let uninstall = try make(["uninstall"] + variables, in: scratch)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(files(under: destination).isEmpty)
        // The prefix and every folder below it were made by the install (DESTDIR's own folders above it stay).
        #expect(folders(under: destination) == (prefix == "usr" ? [] : ["usr"]))
    }

    @Test("make uninstall removes the folders make install made when they are empty, never one that was there before: an empty one, one of another program, nor one a second install found")
    func uninstallKeepsFoldersThatWereThere() throws {
        try #require(Self.makeProgram != nil, "make is not installed")
        try #require(FileManager.default.isExecutableFile(atPath: TickEndToEndTests.binary), "build first: swift build (make test does)")
        let scratch = try TickEndToEndTests.Scratch()
        let root = scratch.folder.appendingPathComponent("prefix")
        let manager = FileManager.default
        // There before: an empty share/zsh, share/man/man1 with another program's page, share/systemd/user empty.
        for folder in ["share/zsh", "share/man/man1", "share/systemd/user"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        #expect(manager.createFile(atPath: root.appendingPathComponent("share/man/man1/other.1").path, contents: Data("x".utf8)))
        let before = folders(under: root)
        let variables = ["PREFIX=\(root.path)", "TICK_BINARY=\(TickEndToEndTests.binary)"]
        for _ in 0..<2 {  // installed twice: the second install finds the first one's folders, and keeps them in the record
            let install = try make(["install"] + variables, in: scratch)
            #expect(install.status == 0, "\(install.output)")
        }
        // Another program puts a file into a folder the install made: that folder stays.
        #expect(manager.createFile(atPath: root.appendingPathComponent("share/fish/vendor_completions.d/other.fish").path, contents: Data()))
        let uninstall = try make(["uninstall"] + variables, in: scratch)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(files(under: root) == ["share/fish/vendor_completions.d/other.fish", "share/man/man1/other.1"])
        #expect(folders(under: root) == (before + ["share/fish", "share/fish/vendor_completions.d"]).sorted())
    }

    /// A copy of what `make install` reads (the Makefile, `scripts/install.sh`, the systemd units) in
    /// `scratch`, with the debug build as its `.build/release/tick` when `withReleaseBuild`: the
    /// package's own `.build` is never touched.
    func packageCopy(in scratch: TickEndToEndTests.Scratch, withReleaseBuild: Bool) throws -> URL {
        let copy = scratch.folder.appendingPathComponent("package")
        let manager = FileManager.default
        try manager.createDirectory(at: copy.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        for path in ["Makefile", "scripts/install.sh", "scripts/systemd"] {
            try manager.copyItem(at: TickEndToEndTests.root.appendingPathComponent(path), to: copy.appendingPathComponent(path))
        }
        if withReleaseBuild {
            try manager.createDirectory(at: copy.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
            try manager.copyItem(atPath: TickEndToEndTests.binary, toPath: copy.appendingPathComponent(".build/release/tick").path)
        }
        return copy
    }

    @Test("Under sudo (SUDO_USER set, no Swift on root's PATH), make install installs the release build make release made, building nothing; without one it says to run make release first",
          .enabled(if: makeProgram != nil, "make is not installed"))
    func installUnderSudo() throws {
        try #require(FileManager.default.isExecutableFile(atPath: TickEndToEndTests.binary), "build first: swift build (make test does)")
        let scratch = try TickEndToEndTests.Scratch()
        let package = try packageCopy(in: scratch, withReleaseBuild: true)
        let destination = scratch.folder.appendingPathComponent("stage")
        let sudo = ["SUDO_USER": "someone"]
        let install = try make(["install", "DESTDIR=\(destination.path)"], in: scratch, folder: package, environment: sudo)
        #expect(install.status == 0, "\(install.output)")
        #expect(install.output.contains("Installing .build/release/tick as make release built it (under sudo, make install builds nothing)\n"))
        #expect(files(under: destination) == (Self.installedFiles + [Self.folderRecord]).sorted().map { "usr/local/\($0)" })
        #expect(try make(["uninstall", "DESTDIR=\(destination.path)"], in: scratch, folder: package, environment: sudo).status == 0)
        #expect(files(under: destination).isEmpty)

        let unbuiltScratch = try TickEndToEndTests.Scratch()
        let unbuilt = try packageCopy(in: unbuiltScratch, withReleaseBuild: false)
        let refused = try make(["install", "DESTDIR=\(destination.path)"], in: scratch, folder: unbuilt, environment: sudo)
        #expect(refused.status != 0)
        #expect(refused.output.contains("Swift is not on PATH (need Swift 6); under sudo the PATH is root's: run make release as yourself first"),
                "\(refused.output)")
        #expect(files(under: destination).isEmpty)
    }
}
