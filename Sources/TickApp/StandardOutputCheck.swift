import Glibc

/// Turns a failed write to standard output into exit status 1 and a message, however the output was
/// written: a full disk must never leave an empty backup behind a `tick export > backup.txt` that
/// said 0. Commands report their own failures (`CommandLineTool.run`); this covers what the app
/// writes outside them (`--help`, a key script's screens, `--stats`) and the final flush and close.
public enum StandardOutputCheck {
    /// The status for a reader that went away early (`tick ls | head -1`): what a shell shows for a
    /// program ended by SIGPIPE, as every other tool in such a pipe ends.
    public static let brokenPipeStatus: Int32 = 128 + SIGPIPE

    /// The exit status for `failure` (`failureStatus`, 1 unless a command's 1 means something else),
    /// after writing its message through `report`; a broken pipe is quiet, since the reader has what it wanted.
    public static func status(for failure: WriteFailure, failureStatus: Int32 = 1, report: (String) -> Void) -> Int32 {
        if failure.isBrokenPipe { return brokenPipeStatus }
        report("tick: cannot write to standard output: \(failure)\n")
        return failureStatus
    }

    /// Checks standard output when the process exits: the first failed write, then the flush of
    /// what `print` buffered, then the close (where some file systems report a failed write).
    /// Called once, at the start of `main`.
    public static func reportsFailuresAtExit() {
        atexit { StandardOutputCheck.finish() }
    }

    private static func finish() {
        var failure = FileStream.standardOutput.firstFailure
        if fflush(nil) != 0 { failure = failure ?? errno }
        if close(STDOUT_FILENO) != 0 && errno != EBADF && errno != EINTR { failure = failure ?? errno }
        guard let failure else { return }
        let status = status(for: WriteFailure(number: failure)) { FileStream.standardError.write($0) }
        // Inside exit already: `_exit` sets the status without running the exit handlers again.
        _exit(status)
    }
}
