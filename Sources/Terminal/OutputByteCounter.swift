import CTerminalSupport

/// Counts the bytes Tick sends to the terminal, for `--stats` and the benchmark.
///
/// ncurses 6.4 writes with write(2) on the output descriptor and ignores the `FILE*` given to
/// `newterm` (measured: a fopencookie stream saw 0 bytes), so a counting stream cannot work. The
/// kernel's per-thread write counter is read around each block of curses calls instead: exact
/// for the terminal as long as nothing else writes on this thread inside those blocks.
struct OutputByteCounter {
    private(set) var total = 0
    /// Whether the kernel counter can be read (Linux with /proc mounted).
    let isAvailable: Bool
    /// Whether to count at all: reading the counter costs two system calls per block of curses
    /// calls (about a tenth of an idle key's CPU), so it is off until statistics are wanted.
    var isEnabled = false

    init() {
        isAvailable = ct_thread_bytes_written() >= 0
    }

    /// Runs `body` (curses output) and adds the bytes it wrote.
    mutating func measure<Result>(_ body: () -> Result) -> Result {
        guard isEnabled, isAvailable else { return body() }
        let before = ct_thread_bytes_written()
        let result = body()
        let after = ct_thread_bytes_written()
        if before >= 0, after >= before { total += Int(after - before) }
        return result
    }
}
