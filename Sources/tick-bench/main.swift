import Foundation
import TickTesting
import TodoStore

// tick-bench: `make bench`. Measures the release `tick` from outside, in a pseudo-terminal, at several
// store sizes, prints one table with the targets of issue 7, and writes it to BENCHMARKS.md.
//
// Environment: BENCH_SIZES (default 0,1000,100000,1000000), BENCH_TICK (default: `tick` next to this
// program), BENCH_STORES (default .build/bench-stores), BENCH_OUTPUT (default BENCHMARKS.md),
// BENCH_REPETITIONS (per key, default 30), BENCH_RUNS (first-frame launches, default 5).
// Sync rows (issue 20) against a Radicale from BENCH_RADICALE_PYTHON (default .build/venv/bin/python):
// BENCH_SYNC=0 leaves them out; BENCH_ONLY=sync runs only them and prints their table without
// writing BENCHMARKS.md (unless BENCH_OUTPUT names a file). BENCH_SYNC_SIZES=UP,DOWN,LARGE (default
// 1000,10000,100000): todos uploaded, downloaded, and synced for the one-change rows; 0 leaves a row out.
// BENCH_FIRST_DOWNLOAD (default 2000, 0 leaves them out): the first-download rows, Tick against vdirsyncer.
// The first-sync comparison rows (issue 32: first upload, by Tick one request at a time and several at
// once, and first download, by Tick and by vdirsyncer from the same venv) come with them, one block per
// server of BENCH_COMPARE_SERVERS (default xandikos,radicale; BENCH_XANDIKOS=0 leaves Xandikos out):
// BENCH_COMPARE_SIZE (default 2000; BENCH_XANDIKOS_SIZE, its old name, too) sets the todos,
// BENCH_PARALLEL_UPLOADS (default Tick's, 4) the requests at once of Tick's second upload, BENCH_COMPARE_DOWNLOADS
// (default 3) Tick's downloads of the todos and of the same collections empty (the marginal CPU per todo: `tick sync`
// of BENCH_TICK as a process, its own CPU from wait4). BENCH_COMPARE_UPLOADS=0 measures the Xandikos downloads alone,
// from a server filled straight into its git repositories with the items as Tick's upload writes them (no upload
// or vdirsyncer rows; minutes shorter).
// BENCH_ONLY=query measures only the query rows (issue 30: a tag and a word, a due-date range) at
// BENCH_SIZES and prints them, BENCHMARKS.md untouched. The outline rows (issue 31: collapsing and
// expanding a parent of 10,000 subtasks, scrolling a tree 10 levels deep) are measured at the largest
// of BENCH_SIZES, on a copy of its cached store; BENCH_ONLY=outline measures only them, at every one of
// BENCH_SIZES, and prints them, BENCHMARKS.md untouched.
// BENCH_ONLY=starts measures only opening the agenda with start dates (issue 31: every tenth dated
// todo given a start, half of them still waiting) and hiding and showing the waiting todos (R) at
// BENCH_SIZES, and prints the rows, BENCHMARKS.md untouched.

let usage = """
    usage: tick-bench
      Measures the release tick at several store sizes and writes BENCHMARKS.md (make bench). It takes no
      arguments: BENCH_SIZES, BENCH_TICK, BENCH_STORES, BENCH_OUTPUT, BENCH_REPETITIONS, BENCH_RUNS, BENCH_SYNC,
      BENCH_ONLY=sync|query|outline|starts, BENCH_SYNC_SIZES, BENCH_FIRST_DOWNLOAD, BENCH_XANDIKOS, BENCH_COMPARE_SERVERS,
      BENCH_COMPARE_SIZE, BENCH_COMPARE_DOWNLOADS, BENCH_COMPARE_UPLOADS, BENCH_PARALLEL_UPLOADS and BENCH_RADICALE_PYTHON in the environment set it up.
    """
// Only --help: an argument that was meant to shorten the run must not start the whole of it.
_ = ToolArguments.parseOrExit(Array(CommandLine.arguments.dropFirst()), options: [], tool: "tick-bench", usage: usage)

let settings = ProcessInfo.processInfo.environment

/// Progress on standard error, so the table on standard output stays clean.
func progress(_ message: String) {
    FileHandle.standardError.write(Data(("tick-bench: " + message + "\n").utf8))
}

let sizes = (settings["BENCH_SIZES"] ?? "0,1000,100000,1000000").split(separator: ",")
    .compactMap { Int($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")) }.sorted()
let ownDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let tick = settings["BENCH_TICK"] ?? ownDirectory + "/tick"
let output = settings["BENCH_OUTPUT"] ?? "BENCHMARKS.md"
let onlySync = settings["BENCH_ONLY"]?.lowercased() == "sync"
let onlyQuery = settings["BENCH_ONLY"]?.lowercased() == "query"
let onlyOutline = settings["BENCH_ONLY"]?.lowercased() == "outline"
let onlyStarts = settings["BENCH_ONLY"]?.lowercased() == "starts"
if let only = settings["BENCH_ONLY"], !onlySync, !onlyQuery, !onlyOutline, !onlyStarts {
    progress("BENCH_ONLY knows only \"sync\", \"query\", \"outline\" and \"starts\", not \(only.debugDescription)")
    exit(1)
}
let measuresSync = onlySync || settings["BENCH_SYNC"] != "0"
let radicalePython = settings["BENCH_RADICALE_PYTHON"] ?? ".build/venv/bin/python"
let repetitions = Int(settings["BENCH_REPETITIONS"] ?? "") ?? 30
let firstFrameRuns = Int(settings["BENCH_RUNS"] ?? "") ?? 5
guard FileManager.default.isExecutableFile(atPath: tick) else {
    progress("no tick binary at \(tick) (build it with `make release` or set BENCH_TICK)")
    exit(1)
}

var template = Array((NSTemporaryDirectory() + "/tick-bench.XXXXXX").utf8CString)
guard let scratch = mkdtemp(&template).map({ String(cString: $0) }) else { progress("cannot create a scratch folder"); exit(1) }
// Tidying the scratch folder; a leftover harms nothing.
defer { try? FileManager.default.removeItem(atPath: scratch) }

let environment = [
    "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": settings["PATH"] ?? "/usr/bin:/bin", "HOME": scratch,
    "XDG_DATA_HOME": scratch, "XDG_CONFIG_HOME": scratch, "SWIFT_BACKTRACE": "interactive=no",
]
let binary = FileManager.default.contents(atPath: tick) ?? Data()
let supportsSynchronousOff = binary.range(of: Data("TICK_SYNCHRONOUS".utf8)) != nil
let cache = StoreCache(directory: settings["BENCH_STORES"] ?? ".build/bench-stores", scratchDirectory: scratch)
let probe = TickProbe(tick: tick, environment: environment)
let screens = ScriptScreens(tick: tick, environment: environment)
let benchmark = SizeBenchmark(probe: probe, screens: screens, repetitions: repetitions, firstFrameRuns: firstFrameRuns,
                              supportsSynchronousOff: supportsSynchronousOff)

let machine = MachineDescription()
var results: [SizeResult] = []
var syncReport: SyncReport?
do {
    let schema = try cache.schemaVersion()
    if onlyQuery {
        // The query rows alone (issue 30), printed; BENCHMARKS.md untouched.
        for size in sizes {
            let (cached, _) = try cache.store(size: size, schema: schema)
            let copy = try cache.scratchCopy(of: cached, name: "store-\(size)")
            progress("measuring the query rows at \(size) todos…")
            let found = try SearchBenchmark(probe: probe, repetitions: min(repetitions, 10))
                .run(database: copy, size: size, keystrokes: SearchBenchmark.queryKeystrokes)
            for (before, key, name) in SearchBenchmark.queryKeystrokes {
                let cpu = (found.keyThreadCPU[name] ?? nil).map { String(format: "%.3f", $0) } ?? "n/a"
                let shown = (found.matchesOnScreen[name] ?? nil).map { String(format: "%.1f", $0) } ?? "n/a"
                print("\(size) todos, \(name) (/\(before)\(key)): key-thread CPU \(cpu) ms, matches on screen \(shown) ms")
            }
            cache.removeStore(at: copy)
        }
        try? FileManager.default.removeItem(atPath: scratch)  // exit skips the defer; a leftover harms nothing
        exit(0)
    }
    if onlyOutline {
        // The outline rows alone (issue 31), printed; BENCHMARKS.md untouched.
        for size in sizes {
            let (cached, _) = try cache.store(size: size, schema: schema)
            let copy = try cache.scratchCopy(of: cached, name: "outline-\(size)")
            progress("making \(size) todos an outline…")
            try OutlineBenchmark.prepare(database: copy)
            progress("measuring the outline rows at \(size) todos…")
            let found = try OutlineBenchmark(probe: probe, screens: screens, repetitions: min(repetitions, 10)).run(database: copy, size: size)
            for line in OutlineBenchmark.lines(found, size: size) { print(line) }
            cache.removeStore(at: copy)
        }
        try? FileManager.default.removeItem(atPath: scratch)  // exit skips the defer; a leftover harms nothing
        exit(0)
    }
    if onlyStarts {
        // Opening the agenda with start dates alone (issue 31 part 2), printed; BENCHMARKS.md untouched.
        let today = LocalTime.fromEnvironment.day(of: Date())
        for size in sizes {
            let (cached, _) = try cache.store(size: size, schema: schema)
            let copy = try cache.scratchCopy(of: cached, name: "starts-\(size)")
            progress("giving \(size) todos start dates…")
            let starts = try StartDateBenchmark.prepare(database: copy, today: today)
            progress("measuring the agenda with start dates at \(size) todos…")
            let found = try AgendaBenchmark(probe: probe, repetitions: min(repetitions, 10)).run(database: copy, listIsEmpty: size == 0)
            for line in StartDateBenchmark.lines(found, size: size, starts: starts) { print(line) }
            progress("measuring R (hiding waiting todos) at \(size) todos…")
            let toggled = try WaitingToggleBenchmark(probe: probe, repetitions: min(repetitions, 10)).run(database: copy, listIsEmpty: size == 0)
            for line in WaitingToggleBenchmark.lines(toggled, size: size, starts: starts) { print(line) }
            cache.removeStore(at: copy)
        }
        try? FileManager.default.removeItem(atPath: scratch)  // exit skips the defer; a leftover harms nothing
        exit(0)
    }
    for size in sizes where !onlySync {
        progress("store of \(size) todos (schema \(schema))…")
        let (cached, seconds) = try cache.store(size: size, schema: schema)
        if let seconds { progress(String(format: "generated in %.1f s", seconds)) }
        let copy = try cache.scratchCopy(of: cached, name: "store-\(size)")
        progress("measuring \(size) todos…")
        var result = try benchmark.run(size: size, database: copy, generationSeconds: seconds)
        cache.removeStore(at: copy)
        // The outline rows (issue 31) at the largest store only: the same cached store, made an outline.
        if size == sizes.last, size > 0 {
            let outlineCopy = try cache.scratchCopy(of: cached, name: "outline-\(size)")
            progress("making \(size) todos an outline…")
            try OutlineBenchmark.prepare(database: outlineCopy)
            progress("measuring the outline rows at \(size) todos…")
            result.outline = try OutlineBenchmark(probe: probe, screens: screens, repetitions: repetitions).run(database: outlineCopy, size: size)
            cache.removeStore(at: outlineCopy)
        }
        results.append(result)
    }
    if measuresSync {
        var sync = SyncBenchmark(probe: probe, cache: cache, schema: schema, python: radicalePython, scratch: scratch,
                                 firstFrameRuns: firstFrameRuns)
        let syncSizes = (settings["BENCH_SYNC_SIZES"] ?? "").split(separator: ",")
            .compactMap { Int($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")) }
        if syncSizes.count == 3 { (sync.uploadSize, sync.transferSize, sync.largeSize) = (syncSizes[0], syncSizes[1], syncSizes[2]) }
        if let first = Int(settings["BENCH_FIRST_DOWNLOAD"] ?? "") { sync.firstDownloadSize = first }
        syncReport = SyncReport(result: try sync.run())
        let serverNames = (settings["BENCH_COMPARE_SERVERS"] ?? "xandikos,radicale").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for name in serverNames {
            guard let kind = FirstSyncComparison.Kind(rawValue: name) else {
                throw BenchError("BENCH_COMPARE_SERVERS knows xandikos and radicale, not \(name.debugDescription)")
            }
            if kind == .xandikos && settings["BENCH_XANDIKOS"] == "0" { continue }
            var comparison = FirstSyncComparison(kind: kind, cache: cache, schema: schema, python: radicalePython, scratch: scratch)
            let size = settings["BENCH_COMPARE_SIZE"] ?? settings["BENCH_XANDIKOS_SIZE"]
            if let size = size.flatMap({ Int($0.replacingOccurrences(of: "_", with: "")) }) { comparison.size = size }
            if let parallel = settings["BENCH_PARALLEL_UPLOADS"].flatMap({ Int($0) }) { comparison.parallelUploads = parallel }
            if let downloads = settings["BENCH_COMPARE_DOWNLOADS"].flatMap({ Int($0) }) { comparison.downloadRuns = downloads }
            comparison.tickSyncProcess = TickSyncProcess(tick: tick, environment: environment)
            comparison.measuresUploads = settings["BENCH_COMPARE_UPLOADS"] != "0"
            syncReport?.comparisons.append(try comparison.run())
        }
    }
} catch {
    progress("\(error)")
    try? FileManager.default.removeItem(atPath: scratch)  // exit skips the defer; a leftover harms nothing
    exit(1)
}
if onlySync, let syncReport {
    print(syncReport.markdown)
    print("\n- Load average at the end: \(MachineDescription.loadAverage()).")
    if let path = settings["BENCH_OUTPUT"] {
        do {
            try (syncReport.markdown + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            progress("cannot write \(path): \(error)")
            exit(1)
        }
    }
    // exit skips the defer above: the scratch folder holds copies of the synced servers (hundreds of MB).
    try? FileManager.default.removeItem(atPath: scratch)  // as the defer: a leftover harms nothing
    exit(0)
}

progress("TermTable reloadData against a batch update…")
let tableResult = try TableUpdateBenchmark().run()

progress("tt-browse: scrolling a million variable-height lines…")
let browseResult = try BrowseBenchmark().run()

let report = Report(results: results, table: tableResult, synchronousOff: supportsSynchronousOff, browse: browseResult)
var notes = ["Load average at the end: \(MachineDescription.loadAverage()) (timings are medians, but a busy machine still shifts them)."]
if !supportsSynchronousOff {
    notes.append("Tick does not read `TICK_SYNCHRONOUS`: toggle/add/delete include the fsync and no fsync line is printed.")
}
if results.allSatisfy({ ($0.keyCPU["search keystroke"] ?? nil) == nil }) {
    notes.append("Search: `/` only answers \"does nothing here\" (no search yet), so the search keystroke is n/a.")
}
if let source = results.first?.cellsCreatedSource, !source.isEmpty { notes.append("Cells created: \(source).") }
for result in results where result.generationSeconds != nil {
    notes.append(String(format: "Store of %d todos generated in %.1f s (cached under .build/bench-stores).",
                        result.size, result.generationSeconds ?? 0))
}

print(report.markdown)
print()
if let syncReport {
    print(syncReport.markdown)
    print()
}
print(report.tableLine)
print(report.browseLine)
for note in notes { print("- " + note) }

let document = BenchmarksDocument(machine: machine, report: report, sync: syncReport, notes: notes,
                                  repetitions: repetitions, firstFrameRuns: firstFrameRuns).text
do {
    try document.write(toFile: output, atomically: true, encoding: .utf8)
    progress("wrote \(output)")
} catch {
    progress("cannot write \(output): \(error)")
    exit(1)
}
