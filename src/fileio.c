#include "config.h"
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int fileio_read_into(const char *path, buf *out, int *errnum)
{
	struct stat st;
	int fd;

	buf_clear(out);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		*errnum = errno;
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		*errnum = errno;
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		*errnum = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		goto fail;
	}
	if (buf_grow(out, (size_t)st.st_size) < 0) {
		*errnum = ENOMEM;
		goto fail;
	}
	for (;;) {
		ssize_t n;
		if (out->cap - out->len < 2 && buf_grow(out, 65536) < 0) {
			*errnum = ENOMEM;
			goto fail;
		}
		n = read(fd, out->ptr + out->len, out->cap - out->len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			*errnum = errno;
			goto fail;
		}
		if (n == 0)
			break;
		out->len += (size_t)n;
	}
	out->ptr[out->len] = '\0';
	close(fd);
	return 0;
fail:
	close(fd);
	return -1;
}

int fileio_read_all(const char *path, buf *out, buf *err)
{
	int errnum = 0;

	if (fileio_read_into(path, out, &errnum) == 0)
		return 0;
	buf_printf(err, "%s: %s", path, strerror(errnum));
	return -1;
}

int fileio_atomic_open(fileio_atomic *a, const char *path, buf *err)
{
	const char *slash = strrchr(path, '/');
	int errnum;

	struct stat st;

	memset(a, 0, sizeof(*a));
	a->fd = -1;
	a->path = path;
	/* a device, FIFO or socket (`--output /dev/null`, /dev/stdout, a pipe
	 * a job reads): written in place.  Renaming a file over it would put
	 * a regular file where /dev/null was -- and every later reader of
	 * /dev/null would read our report. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		a->fd = open(path, O_WRONLY | O_CLOEXEC);
		if (a->fd < 0) {
			errnum = errno;
			buf_printf(err, "%s: %s", path, strerror(errnum));
			return -1;
		}
		return 0;
	}
	/* same directory, so rename() cannot cross file systems */
	if (slash)
		buf_append(&a->tmp, path, (size_t)(slash - path) + 1);
	if (buf_printf(&a->tmp, ".%s.XXXXXX", slash ? slash + 1 : path) < 0) {
		buf_free(&a->tmp);
		buf_printf(err, "%s: %s", path, strerror(ENOMEM));
		return -1;
	}
	a->fd = mkstemp(a->tmp.ptr);
	if (a->fd < 0) {
		errnum = errno;
		buf_free(&a->tmp); /* nothing to remove */
		buf_printf(err, "%s: %s", path, strerror(errnum));
		return -1;
	}
	return 0;
}

void fileio_atomic_abort(fileio_atomic *a)
{
	if (a->fd >= 0)
		close(a->fd);
	if (a->tmp.len)
		unlink(a->tmp.ptr);
	buf_free(&a->tmp);
	a->fd = -1;
}

static int atomic_fail(fileio_atomic *a, int errnum, buf *err)
{
	fileio_atomic_abort(a);
	buf_printf(err, "%s: %s", a->path, strerror(errnum));
	return -1;
}

int fileio_atomic_write(fileio_atomic *a, const char *data, size_t len, buf *err)
{
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(a->fd, data + off, len - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return atomic_fail(a, errno, err);
		}
		off += (size_t)n;
	}
	return 0;
}

int fileio_atomic_commit(fileio_atomic *a, buf *err)
{
	int fd = a->fd;

	if (!a->tmp.len) { /* written in place: a device or FIFO */
		a->fd = -1;
		if (close(fd) < 0)
			return atomic_fail(a, errno, err);
		return 0;
	}
	if (fchmod(fd, 0644) < 0 || fsync(fd) < 0)
		return atomic_fail(a, errno, err);
	a->fd = -1;
	if (close(fd) < 0 || rename(a->tmp.ptr, a->path) < 0)
		return atomic_fail(a, errno, err);
	buf_free(&a->tmp);
	return 0;
}

int fileio_write_atomic(const char *path, const char *data, size_t len, buf *err)
{
	fileio_atomic a;

	if (fileio_atomic_open(&a, path, err) < 0 || fileio_atomic_write(&a, data, len, err) < 0)
		return -1;
	return fileio_atomic_commit(&a, err);
}

int fileio_make_dirs(const char *path, buf *err)
{
	buf dir = BUF_INIT;
	struct stat st;
	size_t i;
	int rc = 0;

	buf_puts(&dir, path);
	/* each prefix ending before a '/', then the whole path */
	for (i = 1; i <= dir.len && rc == 0; i++) {
		if (i < dir.len && dir.ptr[i] != '/')
			continue;
		dir.ptr[i] = '\0';
		if (mkdir(dir.ptr, 0777) < 0 && errno != EEXIST)
			rc = -1;
		else if (i == dir.len && (stat(dir.ptr, &st) < 0 || !S_ISDIR(st.st_mode))) {
			errno = ENOTDIR;
			rc = -1;
		}
		if (rc < 0)
			buf_printf(err, "%s: %s", dir.ptr, strerror(errno));
		if (i < dir.len)
			dir.ptr[i] = '/';
	}
	buf_free(&dir);
	return rc;
}
