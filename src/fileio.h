/* fileio: whole-file reads and all-or-nothing writes.
 *
 * Reports are written to a temporary file in the destination's directory
 * and renamed into place, so a reader (or last night's report) never sees a
 * truncated file: either the old file stays or the new one is complete. */
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

/* The same in steps, for a report written as it is made: open a temporary
 * file beside `path` (which must outlive the handle), write to it, then
 * commit (fsync and rename) or abort (remove it).  A failing write or
 * commit aborts by itself; each failure appends "path: reason" to err. */
typedef struct {
	int fd;
	buf tmp;               /* the temporary file's name */
	const char *path;
} fileio_atomic;

int fileio_atomic_open(fileio_atomic *a, const char *path, buf *err);
int fileio_atomic_write(fileio_atomic *a, const char *data, size_t len, buf *err);
int fileio_atomic_commit(fileio_atomic *a, buf *err);
void fileio_atomic_abort(fileio_atomic *a);

/* Create directory `path` and any missing parents (as mkdir -p); an existing
 * directory is fine.  On failure appends "path: reason" to err. */
int fileio_make_dirs(const char *path, buf *err);

#endif
