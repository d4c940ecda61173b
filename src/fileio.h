/* fileio: whole-file reads and all-or-nothing writes.
 *
 * Reports are written to a temporary file in the destination's directory
 * and renamed into place, so a reader (or last night's report) never sees a
 * truncated file: either the old file stays or the new one is complete.
 * Where the kernel allows (Linux's O_TMPFILE), the temporary file has no
 * name until it is complete, so a run killed with SIGKILL leaves nothing
 * behind; elsewhere it is a hidden `.NAME.XXXXXX` removed on every failure
 * the process lives through. */
#ifndef HPA_FILEIO_H
#define HPA_FILEIO_H

#include <stddef.h>

#include "buf.h"

/* Replace the contents of `out` with the file's bytes.  On failure returns
 * -1 and sets *errnum (errno of the failing call); `out` may hold part of
 * the file.  A directory or other non-regular file fails with EISDIR or
 * EINVAL rather than blocking (FIFOs are opened non-blocking). */
int fileio_read_into(const char *path, buf *out, int *errnum);

/* fileio_read_into() with the message "path: reason" appended to err. */
int fileio_read_all(const char *path, buf *out, buf *err);

/* Write data[0..len) to `path` atomically (temp file + fsync + rename).
 * On failure the previous file at `path` is untouched, the temporary file
 * is removed, and "path: reason" is appended to err.  A `path` that is a
 * device, FIFO or socket (/dev/null, /dev/stdout, a named pipe) is written
 * in place, never replaced. */
int fileio_write_atomic(const char *path, const char *data, size_t len, buf *err);

/* The same in steps, for a report written as it is made, or several
 * reports replaced together: open a temporary file beside `path` (which
 * must outlive the handle), write to it, then commit (fsync and rename) or
 * abort (remove it).  fileio_atomic_sync() does the slow part of a commit
 * (fsync) ahead, so that the renames of several files follow each other
 * with nothing in between.  A failing write, sync or commit aborts by
 * itself; each failure appends "path: reason" to err.  fileio_atomic_abort()
 * on a handle already committed or aborted does nothing. */
typedef struct {
	int fd;                /* -1 once committed or aborted */
	buf tmp;               /* the temporary file's name, when it has one */
	const char *path;
	unsigned in_place : 1; /* a device or FIFO, written directly */
	unsigned unnamed : 1;  /* O_TMPFILE: named only when committed */
	unsigned synced : 1;
} fileio_atomic;

int fileio_atomic_open(fileio_atomic *a, const char *path, buf *err);
int fileio_atomic_write(fileio_atomic *a, const char *data, size_t len, buf *err);
int fileio_atomic_sync(fileio_atomic *a, buf *err);
int fileio_atomic_commit(fileio_atomic *a, buf *err);
void fileio_atomic_abort(fileio_atomic *a);

/* Append one whole line (data[0..len), ending in '\n') to the log file at
 * `path`, created if missing: under an exclusive flock(), in one write()
 * with O_APPEND, after a '\n' of its own when the file's last line was
 * left torn by someone else's crash.  A failed write is undone (the file
 * cut back to its old length), so the log never holds half a line of ours.
 * Concurrent appenders each add their line whole; nothing is rewritten. */
int fileio_append_line(const char *path, const char *data, size_t len, buf *err);

/* fileio_read_into() under a shared flock(), so that a line being appended
 * by fileio_append_line() is read whole or not at all. */
int fileio_read_locked(const char *path, buf *out, int *errnum);

/* Create directory `path` and any missing parents (as mkdir -p); an existing
 * directory is fine.  On failure appends "path: reason" to err. */
int fileio_make_dirs(const char *path, buf *err);

#endif
