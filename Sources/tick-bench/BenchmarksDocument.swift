import Foundation

/// BENCHMARKS.md: how the figures were measured, the machine, the table and what stood in the way.
struct BenchmarksDocument {
    let machine: MachineDescription
    let report: Report
    /// The sync rows, unless `BENCH_SYNC=0` left them out.
    let sync: SyncReport?
    let notes: [String]
    let repetitions: Int
    let firstFrameRuns: Int

    /// The whole file.
    var text: String {
        """
        # Benchmarks

        Written by `make bench` (the `tick-bench` target, release build with the Swift runtime linked in; `BENCH_SIZES=0,1000 make bench` for a
        short run). Every figure is a black-box measurement of the release `tick` binary in a pseudo-terminal,
        except the last line, which times TermTable in process. Nothing here is asserted by a test.

        ## Machine

        \(machine.markdown)

        ## Results

        Columns are store sizes (todos; 20% done, titles 20–80 columns, one in eight with CJK words, a fifth of
        them in three lists besides the Inbox). Byte cells read "measured / limit".

        \(report.markdown)

        \(sync.map { $0.markdown + "\n\n" } ?? "")\(report.tableLine)

        \(report.browseLine)

        ## How each figure is measured

        - **First frame**: `tick --db STORE --no-config` is started with `posix_spawn` on a new 80×24
          pseudo-terminal (`TERM=xterm-256color`, `LANG=C.UTF-8`). The master is read until the status
          line's counts ("… open · …") have arrived and the output has then been quiet for 30 ms; the figure is
          the time from just before the spawn to the arrival of the frame's last byte. Median of \(firstFrameRuns) launches.
        - **Peak memory**: `VmHWM` from `/proc/<pid>/status` just before sending `q` to each of those launches
          (median). Not `ru_maxrss`: posix_spawn runs the child in the benchmark's address space until its
          exec, and Linux counts that space's peak, so `ru_maxrss` reports the benchmark's own memory.
        - **Idle CPU**: the same schedstat sum over 3 s in which nothing is pressed (after 1 s of quiet
          following the first frame), per second: what Tick costs while it sits open in a terminal.
        - **CPU per key**: the sum of the first field of `/proc/PID/task/*/schedstat` (nanoseconds of CPU) before
          the key and after its output has been quiet for 30 ms. Median of 2 × \(repetitions) presses: every key is
          measured in two rounds, each in a fresh Tick, minutes apart (see below for the write keys), so that a
          burst of load elsewhere on the machine moves at most half of a figure's samples. Scrolling starts
          with the selection at the bottom edge; presses that change nothing because the end was reached are
          dropped and the list is reset with `g`. Page down is `ESC[6~`. Add is `a`, a title and Enter, counted
          as one key. Search is `/` then `e`, measured on the `e`, only when `/` visibly changes the screen.
          Toggle, add and delete run on a scratch copy of the store with `TICK_SYNCHRONOUS=OFF` when Tick reads
          it, in two rounds (one before and one after the round with the fsync); the read keys' two rounds come
          before and after all the write keys. The fsync line is the round with the default minus that.
        - **Titles wrapped**: in a fresh Tick on a 40×24 terminal (where the generated titles, 20–80 columns,
          take one to three lines), `W` wraps the titles, then `j` and page down are measured as above (one
          round); another fresh Tick with `--stats` presses `j` 10,000 times in bursts of 100 with titles
          wrapped. Each presses `W` again before quitting, as the choice is remembered in the store.
        - **Editor on a 100 KB title**: after the other figures, `tick import` adds a todo whose title is
          100,000 bytes (words with CJK among them) in a list of its own; in a fresh Tick, `G` reaches it, then
          `e` (measured, as CPU per key) and Esc, \(repetitions) times; the median. Under a frame (16 ms) means
          the editor costs what a short title costs plus reading the title once.
        - **Bytes**: every byte read from the master after the key until 30 ms of quiet, median of \(repetitions).
          The limits come from the plain-text screens Tick prints for the same keys in script mode: a *minimal
          repaint* of a row is its cursor address (`ESC[row;1H`), its text in UTF-8 without trailing blanks and
          `ESC[K`; colors are not counted. One-line scroll: the two bottom list rows (the row that was
          selected and the row that scrolled in) + 40, taken from the screen each measured press produced;
          the limit shown is the median of those. Page scroll: all list rows after a page down, + 10%.
        - **Cells created**: 10,000 `j` in bursts of 100, then `q`; `cells created N` from `--stats`, against
          the visible list rows + 2.
        - **reloadData against a batch update**: a 100-row table with plain cells drawn on an 80×24 canvas; one
          visible row's data changes, then either `reloadData()` or `performBatchUpdates { reloadRows }` or
          `reconfigureRows`, then a draw. Rounds of 2,000 of each, interleaved; medians of 15 rounds.
        - **Sync** (`BENCH_SYNC=0` leaves it out, `BENCH_ONLY=sync` runs only it): Radicale 3.9.0 from
          `.build/venv` on 127.0.0.1 (htpasswd login, its storage in the scratch folder), and the sync
          `tick sync` runs (`SyncEngine`, in this process, Tick's 60 s per request): wall time, this
          process's CPU (Tick's side; the server is another process) and the HTTP requests it counts.
          *Upload*: a generated store of 1,000 todos (4 lists) to an empty server. Not 10,000: for every
          new item Radicale reads the whole collection to check its UID is unique (`has_uid`), so an
          upload costs the server O(n²) and 10,000 would take it hours. *Download*: an empty store from a
          server holding 10,000. *One change on 100,000 synced todos*: one todo toggled here, then
          synced; then one todo retitled on the server by another client, then synced. The servers of
          10,000 and 100,000 are prepared once and cached under `.build/bench-stores` with their synced
          stores: the items written straight into Radicale's storage, its cache filled by
          `radicale --verify-storage`, the store made by one download sync; each measure starts from a
          pristine copy. *First frame*: `tick` on the synced 10,000 store with a config whose `sync`
          lines name the running server against `--no-config`, \(firstFrameRuns) launches each,
          interleaved, medians. *Idle CPU*: a fresh `tick` each way, left until its terminal has been quiet
          for a second, then CPU over 10 s of tick and every process it started (schedstat, and reaped
          children's times). Once the app syncs in the background these two rows include that work.
          *First download* (issue 32; `BENCH_FIRST_DOWNLOAD`, default 2,000, 0 leaves it out): a Radicale
          holding 2,000 synced todos (cached like the others) downloaded into an empty store by Tick and
          into an empty folder by vdirsyncer 0.21 (from `.build/venv`, `make interop-clients`; skipped and
          said so when it is missing), three runs each, alternating, medians; vdirsyncer's figure is its
          `sync` after `discover` (timed apart). *Tick's CPU per downloaded todo* here: the engine's median CPU in
          tick-bench over the todos, reported only (the figure judged is the first syncs' marginal one, below).
          *First syncs, Tick against vdirsyncer* (issue 32), on each server of `BENCH_COMPARE_SERVERS`
          (default `xandikos,radicale`; `BENCH_XANDIKOS=0` leaves Xandikos out; Debian's Xandikos 0.2.8, no
          login, HTTP/1.1 keep-alive; Radicale 3.9.0, a login, HTTP/1.0): 2,000 todos (`BENCH_COMPARE_SIZE`)
          of a generated store uploaded by Tick to an empty server one request at a time, then, to a second
          empty server, `BENCH_PARALLEL_UPLOADS` at once (Tick's default, 4); then downloaded from that
          server by Tick into an empty store (the engine in this process: time, requests, connections;
          `BENCH_COMPARE_DOWNLOADS` times, default 3, medians) and by vdirsyncer 0.21 (from `.build/venv`,
          `make interop-clients`; its rows say so when it is missing) into an empty folder; then the same
          todos, as one `.ics` file each in a folder per list, uploaded by vdirsyncer to a third empty
          server. vdirsyncer's time is its `sync` (its `discover` said apart), its CPU its own process's;
          the requests are those Xandikos logged for each (on Radicale, which logs none, Tick's own count),
          and Tick's connections those libcurl opened. Both servers write every item to disk (Xandikos
          commits it to git), so uploads cost them far more than downloads. *Tick's CPU per downloaded
          todo* is `tick sync` itself (`BENCH_TICK`, a process of its own, into an empty store; its user +
          system CPU from `wait4`, so neither the server nor the bench is in it), alternating with the
          engine's downloads, medians: *marginal*, judged against the target, is (its CPU downloading the
          todos − its CPU downloading the same collections empty, from a server of their own) ÷ the todos,
          what one more todo costs; *raw* is its CPU downloading the todos ÷ the todos, which spreads the
          start, discovery and the store's creation over them. The items are as Tick's upload writes them
          (with `X-APPLE-SORT-ORDER`). `BENCH_COMPARE_UPLOADS=0` (Xandikos) skips the uploads and
          vdirsyncer: the server is filled straight into its git repositories with those items.

        ## Notes

        \(notes.isEmpty ? "None." : notes.map { "- " + $0 }.joined(separator: "\n"))

        """
    }
}
