#ifndef TICK_CPROCESSSUPPORT_H
#define TICK_CPROCESSSUPPORT_H

#include <spawn.h>

// What Swift cannot call itself: prctl is variadic, and glibc declares
// posix_spawn_file_actions_addclosefrom_np only under _GNU_SOURCE.

/// prctl(PR_SET_DUMPABLE, dumpable): 0 makes the process leave no core dump and refuses other
/// processes of the user its memory (ptrace, /proc/PID/mem); 0 on success, -1 with errno.
int cp_set_dumpable(int dumpable);

/// prctl(PR_GET_DUMPABLE): 1 when the process may dump core, 0 when not, -1 on failure.
int cp_get_dumpable(void);

/// pipe2(ends, O_CLOEXEC): a pipe whose ends no program started meanwhile by another thread inherits;
/// 0 on success, -1 with errno.
int cp_pipe_cloexec(int ends[2]);

/// posix_spawn_file_actions_addclosefrom_np(actions, from) (glibc 2.34 and later): the child closes every
/// descriptor from `from` up before it runs; 0 on success, an error number otherwise.
int cp_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from);

#endif
