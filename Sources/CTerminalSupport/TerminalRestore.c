// Async-signal-safe terminal restore: everything a handler touches is preallocated here.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define CT_RESTORE_CAPACITY 512

static char restore_bytes[CT_RESTORE_CAPACITY];
static volatile sig_atomic_t restore_length = 0;
static struct termios saved_termios;
static volatile sig_atomic_t termios_saved = 0;
static int termios_fd = -1;

static volatile sig_atomic_t pending_termination = 0;
static volatile sig_atomic_t suspend_requested = 0;
static volatile sig_atomic_t continued = 0;
static volatile sig_atomic_t resized = 0;
static volatile sig_atomic_t installed = 0;

// The self-pipe: every flag-setting handler writes a byte, so a poll on the read end wakes the
// moment a signal arrives, even one that lands between checking the flags and calling poll.
static int wake_pipe[2] = { -1, -1 };

static void wake_run_loop(void) {
    if (wake_pipe[1] < 0) return;
    int saved_errno = errno;
    char byte = 0;
    (void)write(wake_pipe[1], &byte, 1);  // a full pipe already wakes the loop
    errno = saved_errno;
}

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
// SIGQUIT (Ctrl-\) among them: left to the Swift runtime, it prints a backtrace over the screen
// and the program carries on; the user asked Tick to quit.
static const int termination_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define CT_COUNT(array) (sizeof(array) / sizeof((array)[0]))
#define CT_MAX_SIGNAL 65
static struct sigaction previous[CT_MAX_SIGNAL];

// A stack overflow leaves no stack to run a handler on; only used when nobody set one up.
static char alternate_stack[64 * 1024];

int ct_save_termios(int fd) {
    struct termios current;
    if (tcgetattr(fd, &current) != 0) return -1;
    saved_termios = current;
    termios_fd = fd;
    termios_saved = 1;
    return 0;
}

int ct_set_restore_sequence(const char *bytes, size_t length) {
    if (length > CT_RESTORE_CAPACITY) return -1;
    restore_length = 0;  // a handler running now must not see a half-copied sequence
    memcpy(restore_bytes, bytes, length);
    restore_length = (sig_atomic_t)length;
    return 0;
}

long ct_write_all(int fd, const void *bytes, size_t length) {
    const char *cursor = bytes;
    size_t left = length;
    while (left > 0) {
        ssize_t written = write(fd, cursor, left);
        if (written < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        cursor += written;
        left -= (size_t)written;
    }
    return (long)length;
}

void ct_restore_terminal(void) {
    int saved_errno = errno;
    int fd = termios_fd >= 0 ? termios_fd : STDOUT_FILENO;
    if (restore_length > 0) (void)ct_write_all(fd, restore_bytes, (size_t)restore_length);
    if (termios_saved) (void)tcsetattr(fd, TCSANOW, &saved_termios);
    errno = saved_errno;
}

static void crash_handler(int sig, siginfo_t *info, void *context) {
    ct_restore_terminal();
    // Let whoever was there before (the Swift backtracer) write its crash report, with the
    // original signal information and context.
    struct sigaction prior = previous[sig];
    sigaction(sig, &prior, NULL);
    if (prior.sa_flags & SA_SIGINFO) {
        if (prior.sa_sigaction != NULL) prior.sa_sigaction(sig, info, context);
    } else if (prior.sa_handler != SIG_DFL && prior.sa_handler != SIG_IGN) {
        prior.sa_handler(sig);
    }
    // The process must not carry on: the Swift backtracer returns from a SIGSEGV sent with
    // kill(1) and the program would keep running on a terminal that is no longer set up.
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(sig, &standard, NULL);
    // A genuine fault re-executes the faulting instruction on return and ends with the default
    // action (core, 128+sig); a sent signal (kill, raise, abort) must be sent again, and so must
    // a trap, which reports the instruction after the breakpoint and would otherwise carry on.
    if (info == NULL || info->si_code <= 0 || sig == SIGABRT || sig == SIGTRAP) raise(sig);
}

static void termination_handler(int sig) {
    if (pending_termination != 0) {
        // The program did not get round to exiting: the user means it.
        ct_restore_terminal();
        _exit(128 + sig);
    }
    pending_termination = sig;
    wake_run_loop();
}

static void suspend_handler(int sig) {
    (void)sig;
    suspend_requested = 1;
    wake_run_loop();
}

static void continue_handler(int sig) {
    (void)sig;
    continued = 1;
    wake_run_loop();
}

static void resize_handler(int sig) {
    (void)sig;
    resized = 1;
    wake_run_loop();
}

static void ensure_alternate_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0) return;
    stack_t stack = { .ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0 };
    (void)sigaltstack(&stack, NULL);
}

static int install(int sig, struct sigaction *action) {
    if (sig <= 0 || sig >= CT_MAX_SIGNAL) return -1;
    return sigaction(sig, action, &previous[sig]);
}

int ct_install_signal_handlers(void) {
    if (installed) return 0;
    if (wake_pipe[0] < 0 && pipe2(wake_pipe, O_NONBLOCK | O_CLOEXEC) != 0) wake_pipe[0] = wake_pipe[1] = -1;
    pending_termination = 0;
    suspend_requested = 0;
    continued = 0;
    ensure_alternate_stack();
    int failures = 0;

    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    crash.sa_sigaction = crash_handler;
    crash.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&crash.sa_mask);
    for (size_t i = 0; i < CT_COUNT(crash_signals); i++) failures += install(crash_signals[i], &crash) != 0;

    struct sigaction flag;
    memset(&flag, 0, sizeof flag);
    flag.sa_handler = termination_handler;
    flag.sa_flags = SA_RESTART;
    sigemptyset(&flag.sa_mask);
    for (size_t i = 0; i < CT_COUNT(termination_signals); i++) {
        // A program started with SIGHUP ignored (nohup) keeps ignoring it.
        struct sigaction current;
        if (sigaction(termination_signals[i], NULL, &current) == 0 && current.sa_handler == SIG_IGN) {
            previous[termination_signals[i]] = current;
            continue;
        }
        failures += install(termination_signals[i], &flag) != 0;
    }

    // Started with job control off (SIGTSTP ignored): Ctrl-Z must stay a no-op.
    struct sigaction current_tstp;
    if (sigaction(SIGTSTP, NULL, &current_tstp) == 0 && current_tstp.sa_handler == SIG_IGN) {
        previous[SIGTSTP] = current_tstp;
    } else {
        flag.sa_handler = suspend_handler;
        failures += install(SIGTSTP, &flag) != 0;
    }
    flag.sa_handler = continue_handler;
    failures += install(SIGCONT, &flag) != 0;
    // Installed before newterm, so ncurses keeps its own SIGWINCH handler out: Tick reads the
    // terminal itself and resizes curses when this flag says so.
    resized = 0;
    flag.sa_handler = resize_handler;
    failures += install(SIGWINCH, &flag) != 0;

    installed = 1;
    return failures == 0 ? 0 : -1;
}

void ct_uninstall_signal_handlers(void) {
    if (!installed) return;
    for (size_t i = 0; i < CT_COUNT(crash_signals); i++) sigaction(crash_signals[i], &previous[crash_signals[i]], NULL);
    for (size_t i = 0; i < CT_COUNT(termination_signals); i++) {
        sigaction(termination_signals[i], &previous[termination_signals[i]], NULL);
    }
    sigaction(SIGTSTP, &previous[SIGTSTP], NULL);
    sigaction(SIGCONT, &previous[SIGCONT], NULL);
    sigaction(SIGWINCH, &previous[SIGWINCH], NULL);
    installed = 0;
    restore_length = 0;
}

int ct_signal_wake_fd(void) { return wake_pipe[0]; }

void ct_drain_signal_wake(void) {
    if (wake_pipe[0] < 0) return;
    char bytes[64];
    while (read(wake_pipe[0], bytes, sizeof bytes) > 0) {}
}

int ct_pending_termination_signal(void) { return pending_termination; }

int ct_take_termination_signal(void) {
    int sig = pending_termination;
    pending_termination = 0;
    return sig;
}

int ct_take_suspend_request(void) {
    int requested = suspend_requested;
    suspend_requested = 0;
    return requested;
}

int ct_take_resize(void) {
    int value = resized;
    resized = 0;
    return value;
}

int ct_take_continued(void) {
    int value = continued;
    continued = 0;
    return value;
}

void ct_suspend_self(void) {
    struct sigaction ours;
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(SIGTSTP, &standard, &ours);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigset_t old;
    sigprocmask(SIG_UNBLOCK, &unblock, &old);
    // The default action reports "Stopped" to the shell like a real Ctrl-Z, unlike SIGSTOP's "Stopped (signal)".
    raise(SIGTSTP);
    sigprocmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &ours, NULL);
    continued = 0;
}
