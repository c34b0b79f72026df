// Byte accounting for the terminal backend.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The counter file belongs to one thread; reopen it when asked from another.
static int io_fd = -1;
static pid_t io_tid = 0;

long long ct_thread_bytes_written(void) {
    pid_t tid = gettid();
    if (io_fd < 0 || io_tid != tid) {
        if (io_fd >= 0) close(io_fd);
        char path[64];
        snprintf(path, sizeof path, "/proc/self/task/%d/io", (int)tid);
        io_fd = open(path, O_RDONLY | O_CLOEXEC);
        io_tid = tid;
        if (io_fd < 0) return -1;
    }
    char buffer[512];
    ssize_t length = pread(io_fd, buffer, sizeof buffer - 1, 0);
    if (length <= 0) return -1;
    buffer[length] = '\0';
    const char *field = strstr(buffer, "wchar:");
    if (field == NULL) return -1;
    return strtoll(field + 6, NULL, 10);
}
