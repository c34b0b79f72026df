import Foundation
import Testing

/// `make deb` and `make dist` from the debug build (TICK_BINARY, so that no release build is
/// needed): the package installs with `dpkg -i` into a throwaway root, runs, and `dpkg -r` leaves
/// nothing; the tarball holds what `make install` installs plus README, LICENSE and CHANGELOG.
@Suite("make deb and make dist", .serialized)
struct PackageTests {
    static let dpkgAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb")

    /// Runs `command`; returns its status and what it printed on both streams.
    func run(_ command: [String], in scratch: TickEndToEndTests.Scratch, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let name = UUID().uuidString
        let output = scratch.folder.appendingPathComponent("\(name).out").path, errors = scratch.folder.appendingPathComponent("\(name).err").path
        for file in [output, errors] { #expect(FileManager.default.createFile(atPath: file, contents: nil)) }
        let base = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8", "TICK_CONFIG": "/dev/null"]
        let status = try ChildProcess.run(command, environment: base.merging(environment) { $1 }, output: output, errors: errors, timeout: 120)
        return (status, try String(contentsOfFile: output, encoding: .utf8) + String(contentsOfFile: errors, encoding: .utf8))
    }

    /// `make TARGET` in the package root, packaging the debug build into `scratch`'s `dist` folder.
    func make(_ target: String, in scratch: TickEndToEndTests.Scratch, allowUnpackaged: Bool = true) throws -> (status: Int32, output: String) {
        try #require(FileManager.default.isExecutableFile(atPath: TickEndToEndTests.binary), "build first: swift build (make test does)")
        let make = try #require(InstallTests.makeProgram)
        let arguments = [make, "-s", "-C", TickEndToEndTests.root.path, target,
                         "TICK_BINARY=\(TickEndToEndTests.binary)", "DIST_DIR=\(scratch.folder.appendingPathComponent("dist").path)"]
        return try run(arguments, in: scratch, environment: allowUnpackaged ? ["TICK_ALLOW_UNPACKAGED": "1"] : [:])
    }

    /// The control fields of the package at `path` (`dpkg-deb --field`).
    func fields(of path: String, in scratch: TickEndToEndTests.Scratch) throws -> [String: String] {
        let result = try run(["/usr/bin/dpkg-deb", "--field", path], in: scratch)
        #expect(result.status == 0, "\(result.output)")
        var fields: [String: String] = [:]
        for line in result.output.split(separator: "\n") where !line.hasPrefix(" ") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    @Test("make deb builds a package that dpkg installs into a throwaway root, that runs a key script there, and that dpkg -r removes without a trace",
          .enabled(if: InstallTests.makeProgram != nil && dpkgAvailable, "make or dpkg-deb is missing"))
    func debianPackageInstallsRunsAndRemoves() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let made = try make("deb", in: scratch)
        #expect(made.status == 0, "\(made.output)")
        let package = made.output.split(separator: "\n").last.map(String.init) ?? ""
        try #require(package.hasSuffix(".deb") && FileManager.default.fileExists(atPath: package), "make deb printed: \(made.output)")

        let control = try fields(of: package, in: scratch)
        #expect(control["Package"] == "tick")
        let version = try run([TickEndToEndTests.binary, "--version"], in: scratch).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect("tick \(control["Version"] ?? "")" == version)
        // The runtime libraries, each with a version, and libcurl only recommended (loaded to sync).
        let depends = (control["Depends"] ?? "").components(separatedBy: ", ")
        for library in ["libncursesw6", "libsqlite3-0", "libical3", "libxml2", "libc6"] {
            #expect(depends.contains { $0.hasPrefix("\(library) (>= ") }, "Depends: \(depends)")
        }
        #expect(!depends.contains { $0.contains("curl") })
        #expect(control["Recommends"] == "libcurl4")
        // Every dependency is met by this machine's own packages, at the version asked for.
        for dependency in depends {
            let parts = dependency.split(separator: " ", maxSplits: 1).map(String.init)
            let installed = try run(["/usr/bin/dpkg-query", "-W", "-f=${Version}", parts[0]], in: scratch)
            #expect(installed.status == 0, "\(parts[0]) is not installed: \(installed.output)")
            if parts.count == 2 {
                let wanted = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "()")).replacingOccurrences(of: ">= ", with: "")
                #expect(try run(["/usr/bin/dpkg", "--compare-versions", installed.output, "ge", wanted], in: scratch).status == 0,
                        "\(parts[0]) \(installed.output) is older than \(wanted)")
            }
        }

        // Install into an empty root of its own (its own dpkg database; the libraries are the host's).
        let root = scratch.folder.appendingPathComponent("root")
        for folder in ["var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["var/lib/dpkg/status", "var/lib/dpkg/available"] {
            #expect(FileManager.default.createFile(atPath: root.appendingPathComponent(file).path, contents: Data()))
        }
        let install = try run(["/usr/bin/dpkg", "--root=\(root.path)", "--force-depends", "--force-script-chrootless", "-i", package], in: scratch)
        #expect(install.status == 0, "\(install.output)")
        let installedFiles = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("usr").path)
        for file in InstallTests.installedFiles + ["share/doc/tick/copyright", "share/doc/tick/changelog.gz"] {
            #expect(installedFiles.contains(file), "\(file) not installed; installed: \(installedFiles.sorted())")
        }
        #expect(!installedFiles.contains(InstallTests.folderRecord), "dpkg removes what it installed: no record of folders made")
        let program = root.appendingPathComponent("usr/bin/tick").path
        #expect(try run([program, "--version"], in: scratch).output.trimmingCharacters(in: .whitespacesAndNewlines) == version)
        let script = scratch.folder.appendingPathComponent("keys")
        try Data("aBuy milk<Enter>x".utf8).write(to: script)
        let played = try run([program, "--db", scratch.database, "--script", script.path, "--size", "40x5"], in: scratch)
        #expect(played.status == 0, "\(played.output)")
        #expect(played.output.contains("[✓] Buy milk"), "\(played.output)")
        #expect(try run([program, "--db", scratch.database, "ls", "--all"], in: scratch).output.contains("Buy milk"))
        #expect(try run(["/usr/bin/dpkg", "--root=\(root.path)", "--verify", "tick"], in: scratch).status == 0)

        let remove = try run(["/usr/bin/dpkg", "--root=\(root.path)", "-r", "tick"], in: scratch)
        #expect(remove.status == 0, "\(remove.output)")
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("usr").path)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test("make deb refuses a program that needs a library no Debian package provides (the Swift runtime of a debug build), naming it",
          .enabled(if: InstallTests.makeProgram != nil && dpkgAvailable, "make or dpkg-deb is missing"))
    func debianPackageRefusesAnUnpackagedRuntime() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let made = try make("deb", in: scratch, allowUnpackaged: false)
        #expect(made.status != 0)
        #expect(made.output.contains("libswiftCore.so"), "\(made.output)")
        #expect(made.output.contains("make release"), "\(made.output)")
        let dist = scratch.folder.appendingPathComponent("dist").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dist)) ?? []).isEmpty)
    }

    @Test("make dist writes a tarball of the program, its manual page and completions, README, the user guide, LICENSE and CHANGELOG, and the program in it runs",
          .enabled(if: InstallTests.makeProgram != nil, "make is not installed"))
    func tarballHoldsTheInstallAndRuns() throws {
        let scratch = try TickEndToEndTests.Scratch()
        let made = try make("dist", in: scratch)
        #expect(made.status == 0, "\(made.output)")
        let tarball = made.output.split(separator: "\n").last.map(String.init) ?? ""
        try #require(tarball.hasSuffix(".tar.gz") && FileManager.default.fileExists(atPath: tarball), "make dist printed: \(made.output)")
        let unpacked = scratch.folder.appendingPathComponent("unpacked")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        #expect(try run(["/bin/tar", "-xzf", tarball, "-C", unpacked.path], in: scratch).status == 0)
        let top = try FileManager.default.contentsOfDirectory(atPath: unpacked.path)
        try #require(top.count == 1 && top[0].hasPrefix("tick-"), "\(top)")
        let folder = unpacked.appendingPathComponent(top[0])
        let files = Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path))
        for file in InstallTests.installedFiles + ["README.md", "LICENSE", "CHANGELOG.md", "docs/using.md", "docs/command-line.md"] {
            #expect(files.contains(file), "\(file) missing from \(files.sorted())")
        }
        // The record `make uninstall` reads is an install's, not a package's.
        #expect(!files.contains(InstallTests.folderRecord))
        let version = try run([folder.appendingPathComponent("bin/tick").path, "--version"], in: scratch)
        #expect(version.status == 0 && version.output.hasPrefix("tick "), "\(version.output)")
        #expect(top[0].hasPrefix("tick-\(version.output.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))-"))
    }
}
