import CNcursesw
import CTerminalSupport
import Glibc
import TermTable

extension TerminalScreen {
    /// Waits up to `timeoutMilliseconds` (forever when negative) for a key, then returns it with
    /// every key already waiting, so a burst (key repeat, paste) is one batch and one frame.
    ///
    /// Returns early with no keys when a termination signal arrives (see `pendingSignal`), returns
    /// `.resize` after a resize or a resume from Ctrl-Z, and returns nil once input has ended.
    public func readKeys(timeoutMilliseconds: Int) -> [Key]? {
        guard !isStopped, !isAtEndOfInput else { return nil }
        var keys: [Key] = []
        serviceJobControl(&keys)
        if !keys.isEmpty || pendingSignal != nil { return keys }

        let deadline = timeoutMilliseconds < 0 ? nil : Self.now() + timeoutMilliseconds
        while true {
            let remaining = deadline.map { max(0, $0 - Self.now()) } ?? Int.max
            // Short slices, because a signal interrupting ncurses' wait does not end it.
            let slice = min(remaining, max(1, min(options.signalPollMilliseconds, 250)))
            if let input = readInput(timeout: slice) {
                decoder.feed(input, into: &keys)
                break
            }
            if ct_input_at_end(STDIN_FILENO) != 0 {
                isAtEndOfInput = true
                decoder.finish(into: &keys)
                return keys.isEmpty ? nil : keys
            }
            serviceJobControl(&keys)
            if !keys.isEmpty || pendingSignal != nil { return keys }
            if remaining <= slice && deadline != nil { return keys }
        }
        // Drain what is already there, then give a sequence cut between two reads a moment to finish.
        while let input = readInput(timeout: 0) { decoder.feed(input, into: &keys) }
        while decoder.isInsideSequence, let input = readInput(timeout: max(options.escapeDelayMilliseconds, 50)) {
            decoder.feed(input, into: &keys)
        }
        decoder.finish(into: &keys)
        return keys
    }

    /// One `get_wch` result as decoder input, or nil when nothing arrived in time.
    private func readInput(timeout: Int) -> RawInput? {
        wtimeout(window, Int32(clamping: timeout))
        var value: wint_t = 0
        // get_wch may refresh the window before reading, so its output is counted too.
        let status = counter.measure { wget_wch(window, &value) }
        switch status {
        case OK:
            return .character(UInt32(value))
        case KEY_CODE_YES:
            let code = Int32(bitPattern: value)
            if code == CursesKeyCode.resize {
                // ncurses has already resized its screens; the terminal's contents are unknown now.
                presenter.invalidate()
                let size = presenter.screenSize
                return .resize(width: size.width, height: size.height)
            }
            if code > CursesKeyCode.maximum, let name = keyname(code) {
                return .extendedKey(String(cString: name))
            }
            return .keyCode(code)
        default:
            return nil
        }
    }

    /// Handles Ctrl-Z and an outside SIGSTOP/SIGCONT: either way the app should lay out and draw again.
    private func serviceJobControl(_ keys: inout [Key]) {
        if ct_take_suspend_request() != 0 {
            suspend()
        } else if ct_take_continued() != 0 {
            // Stopped by someone else: the terminal may have been used meanwhile.
            reset_prog_mode()
            presenter.invalidate()
        } else {
            return
        }
        let size = presenter.screenSize
        keys.append(.resize(width: size.width, height: size.height))
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}
