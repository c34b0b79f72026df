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
    guard let handle = scriptPath == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: scriptPath) else {
        printError("tick: cannot read key script \(scriptPath)")
        exit(1)
    }
    var reader = KeyScriptReader(handle: handle)
    do {
        // A script of ordinary size is checked whole before anything runs, so an error changes nothing.
        try reader.prepare()
    } catch {
        printError("tick: \(error) (nothing was changed)")
        exit(2)
    }
    for problem in configuration.problems { printError("tick: config: \(problem)") }
    let store = openStore()
    let runner = ScriptRunner(store: store, size: options.size, configuration: configuration)
    do {
        while !runner.isFinished, let keys = try reader.next() { runner.play(keys) }
    } catch {
        store.close()
        printError("tick: \(error) (the \(reader.keysRead) keys before it were played)")
        exit(2)
    }
    let result = runner.result
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
