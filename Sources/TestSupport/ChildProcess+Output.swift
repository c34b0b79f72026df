import Foundation

extension ChildProcess {
    /// How a child process ended and what it printed.
    public struct Output: Sendable {
        /// Its exit status.
        public var status: Int32
        /// Its standard output and standard error, together, as they came.
        public var text: String
    }

    /// Runs `command` (a program's path, then its arguments) with exactly `environment`, in
    /// `directory` when given, standard input from /dev/null, and waits for it; standard output and
    /// error go into one pipe, read to the end, so a child that writes much never blocks.
    ///
    /// Foundation's `Process`, unlike `run(_:environment:output:errors:timeout:)`: for programs that
    /// exit by themselves (a shell line, this test binary run again), not for one that leaves a daemon.
    public static func output(of command: [String], environment: [String: String], directory: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
    }
}
