import CTerminalSupport
import Glibc
import Testing

/// The run loop sleeps in `poll(2)` on the terminal and the signal wake pipe, with no timeout when
/// it has nothing to do; these check that the signals it must notice wake that poll at once.
/// Serialized: the handlers and their flags are process-wide.
@Suite("Signals wake the run loop through the wake pipe", .serialized)
struct SignalWakeTests {
    /// Whether the wake pipe has a byte waiting, waiting at most `milliseconds` for one.
    private func wakePipeIsReadable(within milliseconds: Int32 = 0) -> Bool {
        var probe = pollfd(fd: ct_signal_wake_fd(), events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, milliseconds) == 1 && probe.revents & Int16(POLLIN) != 0
    }

    /// Sends `signal` to the process, as the terminal or `kill` would: whichever thread does not
    /// block it runs the handler, so the test waits (at most 5 s) for the pipe rather than assuming.
    private func send(_ signal: Int32) -> Bool {
        kill(getpid(), signal) == 0 && wakePipeIsReadable(within: 5_000)
    }

    @Test("Resize and continue each leave a byte in the wake pipe and set their flag",
          arguments: [SIGWINCH, SIGCONT])
    func flagSignalsWake(signal: Int32) {
        #expect(ct_install_signal_handlers() == 0)
        defer { ct_uninstall_signal_handlers() }
        #expect(ct_signal_wake_fd() >= 0)
        ct_drain_signal_wake()
        #expect(!wakePipeIsReadable())

        #expect(send(signal))
        ct_drain_signal_wake()
        #expect(!wakePipeIsReadable(), "draining empties the pipe")
        let flag = signal == SIGWINCH ? ct_take_resize() : ct_take_continued()
        #expect(flag == 1)
    }

    @Test("A termination signal wakes the loop and stays pending until taken")
    func terminationWakes() {
        #expect(ct_install_signal_handlers() == 0)
        defer { ct_uninstall_signal_handlers() }
        ct_drain_signal_wake()
        _ = ct_take_termination_signal()

        #expect(send(SIGTERM))
        #expect(ct_pending_termination_signal() == SIGTERM)
        #expect(ct_take_termination_signal() == SIGTERM)
        ct_drain_signal_wake()
    }

    @Test("A signal that arrives while nothing polls is still seen by the next poll")
    func signalBeforePollIsNotLost() {
        #expect(ct_install_signal_handlers() == 0)
        defer { ct_uninstall_signal_handlers() }
        ct_drain_signal_wake()
        #expect(kill(getpid(), SIGWINCH) == 0)
        // Wait until a handler has run (the flag is set), and only then start polling, as the run
        // loop does when a signal lands between its look at the flags and its poll.
        var waited = 0
        while ct_take_resize() == 0 && waited < 5_000 { usleep(1_000); waited += 1 }
        #expect(waited < 5_000, "the handler ran")
        var probe = pollfd(fd: ct_signal_wake_fd(), events: Int16(POLLIN), revents: 0)
        #expect(poll(&probe, 1, 5_000) == 1, "the poll returns at once instead of sleeping on")
        ct_drain_signal_wake()
        _ = ct_take_resize()
    }
}
