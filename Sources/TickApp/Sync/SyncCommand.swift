import CalDAV
import Glibc
import FoundationEssentials
import TodoStore
import TodoSync

/// `tick sync`: one two-way sync with the CalDAV server of the config file's `sync` lines, or
/// (`--status`) what the store knows of the last one, without sending anything.
struct SyncCommand: Subcommand {
    static let description = CommandDescription(
        name: "sync", summary: "Sync the todos with a CalDAV server (the config file's sync lines).",
        options: [OptionDescription("status", help: "show the last sync, the changes waiting to go up and the last conflicts; sends nothing"),
                  OptionDescription("dry-run", short: "n", help: "ask the server what changed and count what would go up and come down; changes nothing")],
        discussion: """
        Each list syncs with a calendar collection of the server's calendar home (a list without one gets \
        one; a collection without a list gets one; sync list NAME no keeps a list here). Changes made on both \
        sides since the last sync are merged field by field; when both changed the same field, the later \
        change wins and the loser is listed by tick sync --status. A todo deleted on one side and edited on \
        the other comes back with the edit. Properties Tick does not know (alarms, attachments, other apps' \
        fields) are kept on the server. A sync that fails loses nothing: run it again. The password never \
        comes from the config file: sync password-command, TICK_SYNC_PASSWORD or ~/.netrc. Tested against \
        Radicale and Xandikos; a server without sync-collection is listed with calendar-query. Events in a \
        collection are left on the server as they are.
        """,
        examples: ["tick sync", "tick sync --status", "tick sync --dry-run"])

    let showsStatus: Bool
    let isDryRun: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        showsStatus = arguments.has("status")
        isDryRun = arguments.has("dry-run")
        if showsStatus && isDryRun { throw UsageError(message: "--status and --dry-run do not go together") }
    }

    func run(in context: CommandContext) throws -> Int32 {
        let settings = context.configuration.sync
        guard let url = settings.url else {
            if let refusal = context.configuration.refusal { throw CommandFailure("the config file was \(refusal)") }
            throw CommandFailure("sync is not configured: add a line like sync url https://dav.example.com/calendars/me/ to the config file")
        }
        let store = try context.openStore()
        defer { store.close() }
        if showsStatus { return try status(of: store, url: url, in: context) }
        // The password is wiped when this returns; while the process holds it, it dumps no core.
        let password: SyncPassword.Secret?
        do {
            password = try SyncPassword.resolve(settings, environment: context.environment)
        } catch {
            throw CommandFailure(error.description)
        }
        defer { password?.wipe() }
        let summary: SyncSummary
        var engine: SyncEngine?
        do {
            let home = try ServerURL(url)
            let credentials = settings.user.map { HTTPClient.Credentials(user: $0, secret: password ?? SyncPassword.Secret("")) }
            let client = try CalDAVClient(configuration: settings.clientConfiguration(home: home, credentials: credentials))
            let syncEngine = SyncEngine(store: store, client: client, home: home, localLists: settings.localLists, zone: context.localTime)
            syncEngine.timeLimit = settings.timeLimit
            engine = syncEngine
            if isDryRun {
                try context.emit("dry run, nothing changed: " + (try syncEngine.preview()).transferLine + "\n")
                return 0
            }
            // Another sync of this store (the open app, a second tick sync) is waited for, then this one
            // goes on from where it ended; past the wait it is said, with its own exit status.
            syncEngine.lockWaitSeconds = Self.runningSyncWaitSeconds
            syncEngine.willWaitForRunningSync = {
                context.writeError("tick sync: waiting for the sync already running on this store to end…\n")
            }
            // Progress on standard error when it is a terminal, erased before the summary line.
            let reporter = context.progress(ProgressBar(label: "Syncing", unit: .todos), quiet: false)
            defer { reporter.finish() }
            syncEngine.progress = { progress in reporter.update { SyncProgressLine.line(progress, elapsed: $0, width: $1) } }
            summary = try syncEngine.sync()
        } catch StoreError.syncAlreadyRunning(let path) {
            context.writeError("tick sync: " + TodoTable.safe(StoreError.syncAlreadyRunning(path: path).description).text + "\n")
            return Self.alreadyRunningStatus
        } catch {
            throw CommandFailure(SyncFailureMessage.text(for: error, kept: isDryRun ? SyncSummary() : engine?.summary ?? SyncSummary(),
                                                          login: .init(settings: settings, password: password)))
        }
        try context.emit(TodoTable.safe(summary.line).text + "\n")
        // The line names the first few skipped items; the others each get a line of their own.
        for item in summary.skippedItems.dropFirst(SyncSummary.namedItems) {
            try context.emit("also skipped, kept on the server: \(TodoTable.safe(item.sentence).text)\n")
        }
        for href in summary.notTakenForLocalUID {
            try context.emit("kept on the server, not taken (its UID is a todo's in a list kept here): \(TodoTable.safe(href).text)\n")
        }
        // The other lists synced, but not all: a script must not take this for a full sync.
        return summary.failedCollections.isEmpty ? 0 : 1
    }

    /// How long `tick sync` waits for a sync of the same store that is already running, in seconds.
    static let runningSyncWaitSeconds = 30.0
    /// The exit status when a sync of the store was still running after that wait (`EX_TEMPFAIL`).
    static let alreadyRunningStatus: Int32 = 75

    private func status(of store: TodoStore, url: String, in context: CommandContext) throws -> Int32 {
        var text = "server: \(TodoTable.safe(url).text)\n"
        if let last = try store.lastSyncRun() {
            text += "last sync: \(Day.localTime(last.date, in: context.localTime)): \(TodoTable.safe(last.summary).text)\n"
        } else {
            text += "last sync: never\n"
        }
        let pending = try store.pendingSyncChanges()
        let deletions = pending.filter(\.isDeletion).count
        text += "waiting to go up: \(pending.count - deletions) changed, \(deletions) deleted\n"
        for conflict in try store.syncConflicts(limit: 10) {
            text += "conflict \(Day.localTime(conflict.date, in: context.localTime)): " + TodoTable.safe(conflict.sentence).text + "\n"
        }
        try context.emit(text)
        return 0
    }
}
