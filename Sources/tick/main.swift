import Foundation
import TermTable
import Terminal
import TickApp
import TodoStore

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("tick: \(error)\n\n\(LaunchOptions.usage)")
    exit(2)
}
if options.showsHelp {
    print(LaunchOptions.usage)
    exit(0)
}
if options.showsVersion {
    print("tick \(TickVersion.current)")
    exit(0)
}

let environment = ProcessInfo.processInfo.environment
let databasePath = options.databasePath ?? TodoStore.defaultPath(environment: environment)
let configuration: Configuration = {
    guard !options.ignoresConfig, let path = options.configPath ?? Configuration.defaultPath(environment: environment) else {
        return Configuration()
    }
    return Configuration.load(path: path)
}()

/// Reads a whole key script from a file or standard input.
func readScript(_ path: String) -> String? {
    let data: Data?
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        data = FileManager.default.contents(atPath: path)
    }
    guard let data else { return nil }
    // Invalid UTF-8 becomes U+FFFD rather than an error: a script is keys, not a document.
    return String(decoding: data, as: UTF8.self)
}

func openStore() -> TodoStore {
    do {
        return try TodoStore(path: databasePath)
    } catch {
        printError("tick: \(error)")
        exit(1)
    }
}

let scriptPath = options.scriptPath ?? (isatty(STDIN_FILENO) == 0 ? "-" : nil)
if let scriptPath {
    guard let script = readScript(scriptPath) else {
        printError("tick: cannot read key script \(scriptPath)")
        exit(1)
    }
    let keys: [Key]
    do {
        keys = try KeyScript.parse(script)
    } catch {
        printError("tick: \(error) (nothing was changed)")
        exit(2)
    }
    for problem in configuration.problems { printError("tick: config: \(problem)") }
    let store = openStore()
    let result = ScriptRunner.run(keys: keys, store: store, size: options.size, configuration: configuration)
    store.close()
    FileHandle.standardOutput.write(Data(ScriptRunner.text(of: result.screen).utf8))
    if options.printsStatistics { print(result.statistics) }
    exit(0)
}

let store = openStore()
do {
    let status = try InteractiveSession.run(store: store, options: options, configuration: configuration)
    store.close()
    exit(status)
} catch {
    store.close()
    printError("tick: \(error)")
    exit(1)
}
