// Write-ahead-log batching: SQLite writes each frame of a transaction to the WAL as two calls (a
// 24-byte frame header, then the page), so a change touching 13 pages costs 26 system calls. This
// VFS keeps those writes in memory while they follow each other in the file and hands them to the
// kernel in one write when the transaction's last frame is complete.
//
// What keeps it as safe as writing at once:
// - A frame header whose "database size after commit" field is set marks the transaction's last
//   frame; the page written right after it is buffered and everything is written before that
//   xWrite returns, so SQLite has every frame in the file before it publishes the commit in the
//   WAL index (shared memory), where other connections and processes look for it. An error
//   (disk full) is returned from that xWrite, so the transaction fails as it always did.
// - As a safety net, the database file's xShmBarrier (which SQLite calls between the two copies of
//   the index header it writes when publishing) writes anything still held.
// - Any other call on the WAL file (read, sync, truncate, size, locks, file controls, close)
//   first writes what is held, so SQLite never observes the file differently than it would have.
// - A write that does not follow the held bytes, or would grow them past 128 KiB, writes them
//   first; big transactions (imports) therefore go out in writes of ~31 frames, with bounded memory.
// Files other than WALs pass straight through.

#include "CSQLiteWAL.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

// The most the default VFS writes in one call: it masks a write's length to 17 bits (SQLite itself
// never writes more than a page at once), so anything longer would come out short ("disk full").
enum { BUFFER_LIMIT = 0x1FFFF, FRAME_HEADER_SIZE = 24 };

typedef struct BatchFile BatchFile;

struct BatchFile {
    sqlite3_file base;
    /// The default VFS's file, allocated right after this struct.
    sqlite3_file *real;
    /// For a WAL: its database file (while both are open). For a database file: its WAL.
    BatchFile *partner;
    int isWal;
    /// Held WAL bytes, starting at file offset `start`.
    unsigned char *buffer;
    sqlite3_int64 start;
    int length;
    int capacity;
    /// The last frame header held marks a commit: the page written next completes the transaction.
    int commitPending;
    /// An error from a write made where it could not be returned (xShmBarrier), for the next call.
    int deferredError;
    /// On a database file: WAL writes asked for, and writes made, since the connection opened.
    sqlite3_int64 writesAsked;
    sqlite3_int64 writesMade;
};

static sqlite3_vfs *defaultVfs;
static sqlite3_vfs batchingVfs;
static sqlite3_io_methods batchingMethods;

static int writeHeld(BatchFile *file) {
    if (file->length == 0) return SQLITE_OK;
    int result = file->real->pMethods->xWrite(file->real, file->buffer, file->length, file->start);
    if (file->partner) file->partner->writesMade += 1;
    file->length = 0;
    file->commitPending = 0;
    return result;
}

/// Writes what a WAL holds before any other call on it; also reports an error kept from before.
static int settle(BatchFile *file) {
    if (!file->isWal) return SQLITE_OK;
    int result = writeHeld(file);
    if (file->deferredError != SQLITE_OK) {
        result = file->deferredError;
        file->deferredError = SQLITE_OK;
    }
    return result;
}

static int batchingClose(sqlite3_file *base) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (file->partner) file->partner->partner = NULL;
    file->partner = NULL;
    free(file->buffer);
    file->buffer = NULL;
    int closed = file->real->pMethods->xClose(file->real);
    return result != SQLITE_OK ? result : closed;
}

static int batchingRead(sqlite3_file *base, void *data, int amount, sqlite3_int64 offset) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xRead(file->real, data, amount, offset);
}

static int batchingWrite(sqlite3_file *base, const void *data, int amount, sqlite3_int64 offset) {
    BatchFile *file = (BatchFile *)base;
    if (!file->isWal) return file->real->pMethods->xWrite(file->real, data, amount, offset);
    if (file->partner) file->partner->writesAsked += 1;
    int result = SQLITE_OK;
    if (file->deferredError != SQLITE_OK) {
        result = settle(file);
        if (result != SQLITE_OK) return result;
    }
    if (file->length > 0 && (offset != file->start + file->length || (sqlite3_int64)file->length + amount > BUFFER_LIMIT)) {
        result = writeHeld(file);
        if (result != SQLITE_OK) return result;
    }
    if (file->length + amount > file->capacity) {
        int capacity = file->capacity > 0 ? file->capacity : 64 * 1024;
        while (capacity < file->length + amount && capacity < BUFFER_LIMIT) capacity = capacity * 2 > BUFFER_LIMIT ? BUFFER_LIMIT : capacity * 2;
        unsigned char *grown = capacity >= file->length + amount ? realloc(file->buffer, (size_t)capacity) : NULL;
        if (grown == NULL) {
            // Too big to hold (or no memory): write what is held, then this, as SQLite would have.
            result = writeHeld(file);
            if (result != SQLITE_OK) return result;
            if (file->partner) file->partner->writesMade += 1;
            return file->real->pMethods->xWrite(file->real, data, amount, offset);
        }
        file->buffer = grown;
        file->capacity = capacity;
    }
    if (file->length == 0) file->start = offset;
    memcpy(file->buffer + file->length, data, (size_t)amount);
    file->length += amount;
    int completesCommit = file->commitPending;
    file->commitPending = 0;
    if (amount == FRAME_HEADER_SIZE) {
        // Bytes 4–7 of a frame header: the database size after a commit, zero for other frames.
        const unsigned char *header = data;
        file->commitPending = (header[4] | header[5] | header[6] | header[7]) != 0;
    }
    return completesCommit ? writeHeld(file) : SQLITE_OK;
}

static int batchingTruncate(sqlite3_file *base, sqlite3_int64 size) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xTruncate(file->real, size);
}

static int batchingSync(sqlite3_file *base, int flags) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xSync(file->real, flags);
}

static int batchingFileSize(sqlite3_file *base, sqlite3_int64 *size) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xFileSize(file->real, size);
}

static int batchingLock(sqlite3_file *base, int level) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xLock(file->real, level);
}

static int batchingUnlock(sqlite3_file *base, int level) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xUnlock(file->real, level);
}

static int batchingCheckReservedLock(sqlite3_file *base, int *reserved) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xCheckReservedLock(file->real, reserved);
}

static int batchingFileControl(sqlite3_file *base, int op, void *argument) {
    BatchFile *file = (BatchFile *)base;
    if (op == TICK_WAL_BATCHING_FCNTL_STATISTICS && !file->isWal) {
        sqlite3_int64 *counts = argument;
        counts[0] = file->writesAsked;
        counts[1] = file->writesMade;
        return SQLITE_OK;
    }
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int batchingSectorSize(sqlite3_file *base) {
    BatchFile *file = (BatchFile *)base;
    return file->real->pMethods->xSectorSize(file->real);
}

static int batchingDeviceCharacteristics(sqlite3_file *base) {
    BatchFile *file = (BatchFile *)base;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int batchingShmMap(sqlite3_file *base, int region, int size, int extend, void volatile **memory) {
    BatchFile *file = (BatchFile *)base;
    if (file->real->pMethods->iVersion < 2) return SQLITE_IOERR;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, memory);
}

static int batchingShmLock(sqlite3_file *base, int offset, int count, int flags) {
    BatchFile *file = (BatchFile *)base;
    if (file->real->pMethods->iVersion < 2) return SQLITE_IOERR;
    return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void batchingShmBarrier(sqlite3_file *base) {
    BatchFile *file = (BatchFile *)base;
    // SQLite is about to make WAL frames visible to others: none of them may still be held.
    BatchFile *wal = file->isWal ? NULL : file->partner;
    if (wal && wal->length > 0) {
        int result = writeHeld(wal);
        if (result != SQLITE_OK && wal->deferredError == SQLITE_OK) wal->deferredError = result;
    }
    if (file->real->pMethods->iVersion >= 2) file->real->pMethods->xShmBarrier(file->real);
}

static int batchingShmUnmap(sqlite3_file *base, int deleteFlag) {
    BatchFile *file = (BatchFile *)base;
    if (file->real->pMethods->iVersion < 2) return SQLITE_OK;
    return file->real->pMethods->xShmUnmap(file->real, deleteFlag);
}

static int batchingFetch(sqlite3_file *base, sqlite3_int64 offset, int amount, void **pointer) {
    BatchFile *file = (BatchFile *)base;
    int result = settle(file);
    if (result != SQLITE_OK) return result;
    if (file->real->pMethods->iVersion < 3) {
        *pointer = NULL;
        return SQLITE_OK;
    }
    return file->real->pMethods->xFetch(file->real, offset, amount, pointer);
}

static int batchingUnfetch(sqlite3_file *base, sqlite3_int64 offset, void *pointer) {
    BatchFile *file = (BatchFile *)base;
    if (file->real->pMethods->iVersion < 3) return SQLITE_OK;
    return file->real->pMethods->xUnfetch(file->real, offset, pointer);
}

static int batchingOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *base, int flags, int *outFlags) {
    (void)vfs;
    BatchFile *file = (BatchFile *)base;
    memset(file, 0, sizeof *file);
    file->real = (sqlite3_file *)&file[1];
    int result = defaultVfs->xOpen(defaultVfs, name, file->real, flags, outFlags);
    // SQLite closes a file whose methods are set, even when opening failed; ours forward the close.
    file->base.pMethods = file->real->pMethods ? &batchingMethods : NULL;
    if (result == SQLITE_OK && (flags & SQLITE_OPEN_WAL) && name) {
        file->isWal = 1;
        sqlite3_file *database = sqlite3_database_file_object(name);
        if (database && database->pMethods == &batchingMethods) {
            file->partner = (BatchFile *)database;
            file->partner->partner = file;
        }
    }
    return result;
}

int tick_wal_batching_register(void) {
    sqlite3_mutex *mutex = sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_APP1);
    sqlite3_mutex_enter(mutex);
    int result = SQLITE_OK;
    if (defaultVfs == NULL) {
        sqlite3_vfs *found = sqlite3_vfs_find(NULL);
        if (found == NULL) {
            result = SQLITE_ERROR;
        } else {
            batchingMethods = (sqlite3_io_methods){
                .iVersion = 3,
                .xClose = batchingClose,
                .xRead = batchingRead,
                .xWrite = batchingWrite,
                .xTruncate = batchingTruncate,
                .xSync = batchingSync,
                .xFileSize = batchingFileSize,
                .xLock = batchingLock,
                .xUnlock = batchingUnlock,
                .xCheckReservedLock = batchingCheckReservedLock,
                .xFileControl = batchingFileControl,
                .xSectorSize = batchingSectorSize,
                .xDeviceCharacteristics = batchingDeviceCharacteristics,
                .xShmMap = batchingShmMap,
                .xShmLock = batchingShmLock,
                .xShmBarrier = batchingShmBarrier,
                .xShmUnmap = batchingShmUnmap,
                .xFetch = batchingFetch,
                .xUnfetch = batchingUnfetch,
            };
            // Everything but opening files is the default VFS's own (its functions ignore which VFS
            // they are called through, apart from the path length copied here).
            batchingVfs = *found;
            batchingVfs.zName = TICK_WAL_BATCHING_VFS;
            batchingVfs.szOsFile = (int)sizeof(BatchFile) + found->szOsFile;
            batchingVfs.pNext = NULL;
            batchingVfs.xOpen = batchingOpen;
            defaultVfs = found;
            result = sqlite3_vfs_register(&batchingVfs, 0);
            if (result != SQLITE_OK) defaultVfs = NULL;
        }
    }
    sqlite3_mutex_leave(mutex);
    return result;
}
