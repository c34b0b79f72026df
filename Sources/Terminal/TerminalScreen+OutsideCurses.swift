import CNcursesw
import CTerminalSupport
import Glibc

extension TerminalScreen {
    /// Gives the terminal to another program for the time of `body` (the notes editor): the session's
    /// modes (mouse reporting, bracketed paste) go off and curses ends as for Ctrl-Z, so the program finds
    /// the terminal as the shell left it; afterwards the terminal modes it may have changed are saved
    /// again for the crash handler, curses comes back, and the next frame repaints the whole screen.
    public func runOutsideCurses<Result>(_ body: () -> Result) -> Result {
        guard !isStopped else { return body() }
        counter.measure {
            writeRaw(RestoreSequence.modesOff(mouse: options.mouse))
            endwin()
        }
        let result = body()
        _ = ct_save_termios(STDOUT_FILENO)
        counter.measure {
            // The first refresh after endwin re-enters curses mode (smcup, cbreak, no echo, cursor state).
            clearok(cn_curscr(), true)
            wrefresh(window)
            writeRaw(RestoreSequence.modesOn(mouse: options.mouse))
        }
        presenter.invalidate()
        return result
    }
}
