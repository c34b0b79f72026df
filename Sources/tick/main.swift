import FoundationEssentials
import Glibc
import TermTable
import Terminal
import TickApp
import TodoStore

/// Writes a line to standard error, with the control characters of what it quotes (an argument, a
/// file name) shown as placeholders.
func printError(_ message: String) {
    FileStream.standardError.write(CommandLineTool.shownSafely(message) + "\n")
}

/// Writes text to standard output as it comes (frames and snaps stream out while a script plays).
func printOutput(_ text: String) {
    FileStream.standardOutput.write(text)
}

// However output is written (a command, --help, a key script's screens), a failed write is exit 1.
StandardOutputCheck.reportsFailuresAtExit()
// A sync password in the environment is in this process's memory from its start: no core dump holds it.
ProcessSecrecy.protectPassword(inEnvironment: ProcessInfo.processInfo.environment)

// A subcommand (tick add …) runs and exits; anything else is the app: the terminal UI or a key script.
let options: LaunchOptions
switch CommandLineTool.route(Array(CommandLine.arguments.dropFirst())) {
case let .command(command, arguments, databasePath):
    exit(CommandLineTool.run(command, arguments: arguments, context: .standard(databasePath: databasePath)))
case let .usageError(message, usage):
    printError("tick: \(message)\n\n\(usage)")
    exit(2)
case let .app(parsed):
    options = parsed
}
if options.showsHelp {
    print(CommandLineTool.overview)
    exit(0)
}
if options.showsVersion {
    print("tick \(TickVersion.current)")
    exit(0)
}

let environment = ProcessInfo.processInfo.environment
if options.showsDefaultDatabase {
    print(TodoStore.defaultPath(environment: environment))
    exit(0)
}
if options.checksConfiguration {
    // A path given by --config or TICK_CONFIG must exist; the default place may hold no file.
    let named = options.configPath != nil || !(environment["TICK_CONFIG"] ?? "").isEmpty
    exit(ConfigurationCheck.run(path: options.configPath ?? Configuration.defaultPath(environment: environment), named: named,
                                write: printOutput))
}
let runsScript = options.runsScript(standardInputIsTerminal: isatty(STDIN_FILENO) == 1)
// A script without --db or TICK_DB gets a throwaway store: piped keys must never change todos by accident.
let databasePath = options.storePath(runsScript: runsScript, environment: environment)
let usesThrowawayStore = options.usesThrowawayStore(runsScript: runsScript, environment: environment)
let configuration: Configuration = {
    guard !options.ignoresConfig, let path = options.configPath ?? Configuration.defaultPath(environment: environment) else {
        return Configuration()
    }
    return Configuration.load(path: path)
}()

@MainActor func openStore() -> TodoStore {
    do {
        return try TodoStore(path: databasePath, historyDepth: configuration.historyDepth,
                             durability: TodoStore.Durability(environment: environment))
    } catch {
        printError("tick: \(error)")
        exit(1)
    }
}

/// Says on standard error that a script's changes to its throwaway store were not saved (once, at the
/// end: standard output is the screen, and a script that changed nothing needs no warning).
@MainActor func noteThrowawayChanges(_ store: TodoStore) {
    guard usesThrowawayStore else { return }
    do {
        if try store.hasHistory() { printError(LaunchOptions.throwawayStoreNote) }
    } catch {
        printError("tick: \(error)")
    }
}

let scriptPath = options.scriptPath ?? (runsScript ? "-" : nil)
if let scriptPath {
    guard let handle = scriptPath == "-" ? FileStream.standardInput : FileStream.reading(scriptPath) else {
        printError("tick: cannot read key script \(scriptPath)")
        exit(1)
    }
    var reader = KeyScriptReader(handle: handle)
    do {
        // A script of ordinary size is checked whole before anything runs, so an error changes nothing.
        try reader.prepare()
    } catch {
        printError("tick: \(error) (nothing was changed)")
        exit(error is KeyScriptReader.ReadProblem ? 1 : 2)
    }
    if options.scriptPath == nil, reader.isEmpty {
        // `tick < /dev/null`, `tick` from cron: no terminal and no keys; an empty screen would look like an empty list.
        printError(LaunchOptions.noKeysOnStandardInputNote)
        exit(1)
    }
    for problem in configuration.problems { printError("tick: config: \(problem)") }
    let store = openStore()
    if options.playsLive && isatty(STDOUT_FILENO) == 1 {
        do {
            let status = try LivePlayer.playScript(&reader, store: store, configuration: configuration,
                                                   delayMilliseconds: options.delayMilliseconds)
            noteThrowawayChanges(store)
            store.close()
            exit(status)
        } catch let error as KeyScript.ParseError {
            store.close()
            printError("tick: \(error) (the \(reader.keysRead) steps before it were played)")
            exit(2)
        } catch {
            store.close()
            printError("tick: \(error)")
            exit(1)
        }
    }
    let runner = ScriptRunner(store: store, size: options.size, configuration: configuration)
    runner.recordsFrames = options.printsFrames
    runner.onScreen = { heading, screen in printOutput(heading + "\n" + ScriptRunner.text(of: screen)) }
    do {
        while !runner.isFinished, let steps = try reader.next() { runner.play(steps: steps) }
    } catch {
        store.close()
        printError("tick: \(error) (the \(reader.keysRead) steps before it were played)")
        exit(error is KeyScriptReader.ReadProblem ? 1 : 2)
    }
    let result = runner.result
    // Frames already end with the final screen, and <Snap> chooses what is printed.
    if !options.printsFrames && runner.snapCount == 0 { printOutput(ScriptRunner.text(of: result.screen)) }
    if options.printsStatistics { print(result.statistics) }
    noteThrowawayChanges(store)
    store.close()
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
