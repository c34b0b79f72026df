import Foundation

/// vdirsyncer (`make interop-clients` installs 0.21 in `.build/venv`) syncing a folder of `.ics` files
/// (a vdir, one subfolder per collection) with a CalDAV calendar home, for the rows that compare Tick
/// with it. Its config, status and home live in a scratch folder: nothing of the person running the
/// bench is read or written.
struct VdirsyncerRun {
    /// The program.
    let program: String
    /// The scratch folder of this run (config, status, `HOME`).
    let folder: String
    /// The vdir: one subfolder per collection.
    let vdir: String

    /// Where `make interop-clients` installs it.
    static func program(inVenvOf python: String) -> String {
        URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("vdirsyncer").path
    }

    /// What one first sync took: `discover`, then `sync` (its wall time and vdirsyncer's CPU during it).
    struct FirstSync {
        var discoverSeconds: Double
        var seconds: Double
        var cpuSeconds: Double
    }

    /// A run syncing `vdir` with the calendar home `homeURL` (as `credentials` when the server asks);
    /// `direction` "from a" makes the server's collections from the folders (an upload), "from b" the
    /// folders from the server's (a download).
    init(program: String, folder: String, vdir: String, homeURL: String, direction: String,
         credentials: (user: String, password: String)? = nil) throws {
        self.program = program
        self.folder = folder
        self.vdir = vdir
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try """
            [general]
            status_path = "\(folder)/status/"
            [pair todos]
            a = "todos_local"
            b = "todos_remote"
            collections = ["\(direction)"]
            [storage todos_local]
            type = "filesystem"
            path = "\(vdir)/"
            fileext = ".ics"
            [storage todos_remote]
            type = "caldav"
            url = "\(homeURL)"
            item_types = ["VTODO"]
            \(credentials.map { "username = \"\($0.user)\"\npassword = \"\($0.password)\"" } ?? "")

            """.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    }

    /// `vdirsyncer discover` (answering yes to making collections) then `vdirsyncer sync`, each
    /// timed: what a first sync takes. CPU is vdirsyncer's own during `sync` (its process, reaped).
    func firstSync() throws -> FirstSync {
        var start = Measure.now()
        try run(["discover"], input: String(repeating: "y\n", count: 20))
        let discoverSeconds = Double(Measure.now() - start) / 1e9
        let cpuBefore = Self.childrenCPU()
        start = Measure.now()
        try run(["sync"])
        return FirstSync(discoverSeconds: discoverSeconds, seconds: Double(Measure.now() - start) / 1e9, cpuSeconds: Self.childrenCPU() - cpuBefore)
    }

    /// `vdirsyncer --version`, as it prints it.
    func version() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--version"]
        process.environment = ["HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func run(_ arguments: [String], input: String = "") throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-c", folder + "/config"] + arguments
        process.environment = ["HOME": folder, "XDG_CONFIG_HOME": folder, "XDG_CACHE_HOME": folder, "XDG_DATA_HOME": folder,
                               "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let stdin = Pipe(), output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("vdirsyncer \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                             + String(decoding: text.suffix(2000), as: UTF8.self))
        }
    }

    /// The `.ics` files in the vdir, in all its collections.
    func itemCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: vdir).reduce(0) { count, collection in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: vdir + "/" + collection)) ?? []  // a stray file is no collection
            return count + files.filter { $0.hasSuffix(".ics") }.count
        }
    }

    /// CPU seconds of this process's children that have ended and been waited for.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
