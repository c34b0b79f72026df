#ifndef TICK_CSQLITE_WAL_H
#define TICK_CSQLITE_WAL_H

// A VFS over SQLite's default one that hands each transaction's write-ahead-log frames to the
// kernel in one write instead of two per page (see wal_batching.c for the rules that keep this safe).

#ifdef __cplusplus
extern "C" {
#endif

/// The name to pass to sqlite3_open_v2 as its VFS.
#define TICK_WAL_BATCHING_VFS "tick-wal-batching"

/// The file-control opcode (on the database file, "main") that fills two long longs: the WAL writes
/// SQLite asked for and the writes made to the file, since the connection opened.
#define TICK_WAL_BATCHING_FCNTL_STATISTICS 0x7469636B

/// Registers the VFS (once; later calls do nothing). Returns an SQLite result code.
int tick_wal_batching_register(void);

#ifdef __cplusplus
}
#endif

#endif
