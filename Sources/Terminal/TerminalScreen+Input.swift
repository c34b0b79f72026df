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
    ///
    /// Tick reads the terminal itself, a whole burst per `read(2)`, and decodes it with
    /// `InputDecoder`: ncurses' `wget_wch` reads one byte per system call, with a `poll(2)` before
    /// each, which cost about a tenth of a millisecond on every key.
    public func readKeys(timeoutMilliseconds: Int) -> [Key]? {
        guard !isStopped, !isAtEndOfInput else { return nil }
        var keys: [Key] = []
        serviceJobControl(&keys)
        if !keys.isEmpty || pendingSignal != nil { return keys }

        let deadline = timeoutMilliseconds < 0 ? nil : Self.now() + timeoutMilliseconds
        while true {
            let remaining = deadline.map { max(0, $0 - Self.now()) } ?? Int.max
            // A signal wakes the poll through the wake pipe; without one, short slices notice it.
            let slice = ct_signal_wake_fd() >= 0 ? remaining : min(remaining, max(1, min(options.signalPollMilliseconds, 250)))
            if let input = readInput(timeout: slice == Int.max ? -1 : slice) {
                for item in input { decoder.feed(item, into: &keys) }
                break
            }
            if isAtEndOfInput {
                decoder.finish(into: &keys)
                return keys.isEmpty ? nil : keys
            }
            serviceJobControl(&keys)
            if !keys.isEmpty || pendingSignal != nil { return keys }
            if let deadline, Self.now() >= deadline { return keys }
        }
        // Drain what is already there, then give a sequence cut between two reads (or an Esc that
        // may start one) a moment to finish, as ncurses' ESCDELAY does.
        while let input = readInput(timeout: 0) {
            for item in input { decoder.feed(item, into: &keys) }
        }
        while decoder.isInsideSequence || decoder.isAfterEscape,
              let input = readInput(timeout: options.escapeDelayMilliseconds) {
            for item in input { decoder.feed(item, into: &keys) }
        }
        readRestOfPaste(into: &keys)
        decoder.finish(into: &keys)
        return keys
    }

    /// Reads an unfinished bracketed paste to its end marker. A paste is text however long it takes
    /// to arrive, so waiting the Esc delay is not enough; but a paste whose end marker never comes
    /// (a terminal that dropped it, or someone typing `ESC [200~`) must not swallow the keyboard:
    /// after `pasteEndMilliseconds` without input it ends, and `finish` delivers what came as the paste.
    private func readRestOfPaste(into keys: inout [Key]) {
        var quietSince = Self.now()
        while decoder.isInsidePaste, !isAtEndOfInput, pendingSignal == nil {
            let quiet = Self.now() - quietSince
            guard quiet < options.pasteEndMilliseconds else { return }
            if let input = readInput(timeout: options.pasteEndMilliseconds - quiet) {
                for item in input { decoder.feed(item, into: &keys) }
                quietSince = Self.now()
            }
        }
    }

    /// What arrived within `timeout` milliseconds: the scalars of one `read(2)` (UTF-8 decoded, a
    /// sequence cut at the end of the read kept for the next), or the new size after a resize.
    /// Nil when nothing arrived, a signal interrupted the wait, or input ended (`isAtEndOfInput`).
    private func readInput(timeout: Int) -> [RawInput]? {
        if ct_take_resize() != 0 { return [resized()] }
        // The keyboard (standard input unless the options name another), and the pipe a signal
        // handler writes to (ignored by poll while it is -1).
        var probes = (pollfd(fd: options.inputDescriptor, events: Int16(POLLIN), revents: 0),
                      pollfd(fd: ct_signal_wake_fd(), events: Int16(POLLIN), revents: 0))
        let ready = withUnsafeMutableBytes(of: &probes) {
            poll($0.baseAddress!.assumingMemoryBound(to: pollfd.self), 2, Int32(clamping: timeout))
        }
        if ready < 0 || probes.1.revents != 0 {  // EINTR or the wake pipe: a signal
            ct_drain_signal_wake()
            return ct_take_resize() != 0 ? [resized()] : nil
        }
        guard ready > 0 else { return nil }
        let count = inputBuffer.withUnsafeMutableBytes { read(options.inputDescriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return nil }
        guard count > 0 else {
            // End of file, or a hung-up terminal (EIO): nothing more will come.
            isAtEndOfInput = true
            return nil
        }
        pendingBytes += inputBuffer[0..<count]
        return takeScalars()
    }

    /// Decodes the pending bytes into scalars; an incomplete UTF-8 sequence at the end waits for
    /// the next read, an invalid byte passes through as itself (the decoder treats it as a control
    /// or a character, never as part of an escape sequence).
    private func takeScalars() -> [RawInput] {
        let complete = pendingBytes.count - Self.incompleteTail(of: pendingBytes)
        let inputs = RawInput.from(terminalBytes: Array(pendingBytes[0..<complete]))
        pendingBytes.removeFirst(complete)
        return inputs
    }

    /// How many bytes at the end of `bytes` start a UTF-8 sequence that has not been read whole yet.
    static func incompleteTail(of bytes: [UInt8]) -> Int {
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? back : 0
            }
        }
        return 0
    }

    /// Tells curses the terminal's new size and asks for a full repaint; the resize as input.
    private func resized() -> RawInput {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            resize_term(Int32(size.ws_row), Int32(size.ws_col))
        }
        presenter.invalidate()
        let screen = presenter.screenSize
        return .resize(width: screen.width, height: screen.height)
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
        _ = ct_take_resize()  // the size is read afresh here either way
        decoder.feed(resized(), into: &keys)
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}
