#ifndef TICK_CSQLITE_SHIM_H
#define TICK_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies bound text at once.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// SQLite's error log (SQLITE_CONFIG_LOG) goes to a callback that drops it: nothing of a store's
// contents is ever printed by the library. sqlite3_config is variadic, hence this wrapper; it must
// run before SQLite initializes (the first open), and later calls fail harmlessly with SQLITE_MISUSE.
static inline void csqlite_ignore_log(void *context, int code, const char *message) {
    (void)context;
    (void)code;
    (void)message;
}
static inline int csqlite_route_log_nowhere(void) {
    return sqlite3_config(SQLITE_CONFIG_LOG, csqlite_ignore_log, (void *)0);
}

#endif
