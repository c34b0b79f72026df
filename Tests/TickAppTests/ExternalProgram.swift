import Foundation

/// Another program the import tests run to make real files (taskwarrior's `task`, todoman's `todo`),
/// with an environment of the test's own: nothing of the person running the tests is read or written.
struct ExternalProgram {
    /// Why a program could not be run or failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The program's path.
    let path: String
    /// The whole environment it runs with.
    let environment: [String: String]

    /// The program at `path`, or a failure saying how to install it (`hint`).
    init(_ path: String, environment: [String: String], hint: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Failure("\(path) is not installed: \(hint)") }
        self.path = path
        self.environment = environment
    }

    /// Runs it with `arguments`; its standard output, or a failure with its standard error.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        // Standard error goes to a file, so the two outputs cannot fill a pipe and stop the program.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("tick-program-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw Failure("cannot create \(errorFile.path) for \(path)'s standard error")
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let stdout = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errorFile)) ?? Data()
        guard process.terminationStatus == 0 else {
            throw Failure("\(path) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                          + String(decoding: errors + output, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Debian's taskwarrior (`task`, 2.6), with its data and configuration in a scratch folder.
struct Taskwarrior {
    let program: ExternalProgram

    /// A taskwarrior whose `TASKDATA` and `TASKRC` are in `folder` (created), with a numeric UDA `estimate`.
    init(folder: URL) throws {
        let data = folder.appendingPathComponent("taskdata")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let rc = folder.appendingPathComponent("taskrc")
        try """
            data.location=\(data.path)
            confirmation=off
            verbose=new-uuid
            recurrence.confirmation=no
            uda.estimate.type=numeric
            uda.estimate.label=Estimate
            uda.reviewer.type=string

            """.write(to: rc, atomically: true, encoding: .utf8)
        program = try ExternalProgram("/usr/bin/task", environment: [
            "TASKDATA": data.path, "TASKRC": rc.path, "HOME": folder.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
        ], hint: "`make test` installs it (the Debian package taskwarrior)")
    }

    /// `task add WORDS…`; the new task's UUID.
    @discardableResult
    func add(_ words: String...) throws -> String {
        let output = try program.run(["add"] + words)
        guard let range = output.range(of: #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, options: .regularExpression) else {
            throw ExternalProgram.Failure("task add printed no UUID: \(output)")
        }
        return String(output[range])
    }

    /// `task WORDS…`.
    @discardableResult
    func run(_ words: String...) throws -> String { try program.run(words) }

    /// `task export` (options such as `rc.json.array=off` first) written to `file`.
    func export(to file: String, options: [String] = []) throws {
        try program.run(options + ["export"]).write(toFile: file, atomically: true, encoding: .utf8)
    }
}
