#ifndef TICK_CTERMINALSUPPORT_H
#define TICK_CTERMINALSUPPORT_H

#include <stddef.h>
#include <stdint.h>

// Restoring the terminal on every exit path, from async-signal-safe C.
//
// Order of use: ct_save_termios (shell state, before curses changes it), ct_install_signal_handlers
// (before newterm, so ncurses leaves SIGINT/SIGTERM/SIGTSTP to us), ct_set_restore_sequence (after
// newterm, once terminfo is loaded), and ct_uninstall_signal_handlers when curses has ended.

/// Remembers the termios of `fd` to put back after a crash or a second termination signal; 0 on success.
int ct_save_termios(int fd);

/// Sets the bytes written to the terminal after a crash (sgr0, cnorm, rmkx, rmcup, mouse off); 0 on success.
int ct_set_restore_sequence(const char *bytes, size_t length);

/// Installs handlers: crashes restore then re-raise; SIGINT/SIGTERM/SIGHUP/SIGQUIT set a flag (a second one
/// restores and exits 128+sig); SIGTSTP, SIGCONT and SIGWINCH set flags for the run loop. 0 on success.
int ct_install_signal_handlers(void);

/// The read end of a pipe that receives a byte whenever one of the flag-setting signals above
/// arrives, for poll(2) beside the terminal; -1 when it could not be made (poll in short slices then).
int ct_signal_wake_fd(void);

/// Empties the wake pipe (non-blocking); call before looking at the flags.
void ct_drain_signal_wake(void);

/// Puts back the handlers that were in place before ct_install_signal_handlers.
void ct_uninstall_signal_handlers(void);

/// Writes the restore sequence and the saved termios now (async-signal-safe).
void ct_restore_terminal(void);

/// The pending termination signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) or 0; it stays pending until taken.
int ct_pending_termination_signal(void);

/// Returns and clears the pending termination signal, or 0.
int ct_take_termination_signal(void);

/// Returns and clears whether Ctrl-Z (SIGTSTP) asked the program to suspend.
int ct_take_suspend_request(void);

/// Returns and clears whether the process was continued (SIGCONT) since the last call.
int ct_take_continued(void);

/// Returns and clears whether the terminal was resized (SIGWINCH) since the last call.
int ct_take_resize(void);

/// Stops the process as Ctrl-Z would (the default SIGTSTP action) and returns once it is continued.
void ct_suspend_self(void);

/// Writes all bytes to `fd`, retrying on EINTR and short writes; returns bytes written or -1.
long ct_write_all(int fd, const void *bytes, size_t length);

/// Bytes the calling thread has passed to write(2) so far (from /proc), or -1 when unavailable.
///
/// ncurses 6.4 writes straight to the terminal's file descriptor and never through the FILE*
/// given to newterm, so a counting stream sees nothing; the kernel's per-thread counter does.
long long ct_thread_bytes_written(void);

#endif
