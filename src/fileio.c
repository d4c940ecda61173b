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

int fileio_write_atomic(const char *path, const char *data, size_t len, buf *err)
{
	buf tmp = BUF_INIT;
	const char *slash = strrchr(path, '/');
	int fd = -1, errnum = 0;
	size_t off = 0;

	/* same directory, so rename() cannot cross file systems */
	if (slash)
		buf_append(&tmp, path, (size_t)(slash - path) + 1);
	if (buf_printf(&tmp, ".%s.XXXXXX", slash ? slash + 1 : path) < 0) {
		errnum = ENOMEM;
		goto fail;
	}
	fd = mkstemp(tmp.ptr);
	if (fd < 0) {
		errnum = errno;
		buf_clear(&tmp); /* nothing to remove */
		goto fail;
	}
	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			errnum = errno;
			goto fail;
		}
		off += (size_t)n;
	}
	if (fchmod(fd, 0644) < 0 || fsync(fd) < 0) {
		errnum = errno;
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		errnum = errno;
		goto fail;
	}
	fd = -1;
	if (rename(tmp.ptr, path) < 0) {
		errnum = errno;
		goto fail;
	}
	buf_free(&tmp);
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	if (tmp.len)
		unlink(tmp.ptr);
	buf_free(&tmp);
	buf_printf(err, "%s: %s", path, strerror(errnum));
	return -1;
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
