#include "config.h"
#include "fileio.h"
#include "faultpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Read the open file fd (a regular file, else EISDIR/EINVAL) into out. */
static int read_fd(int fd, buf *out, int *errnum)
{
	struct stat st;

	buf_clear(out);
	if (fstat(fd, &st) < 0) {
		*errnum = errno;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*errnum = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		return -1;
	}
	/* a byte more than the file holds: a read that comes back short is at
	 * the end, and the read() that would return 0 is saved -- one system
	 * call per file, which shows on a tree of tens of thousands */
	if (buf_grow(out, (size_t)st.st_size + 2) < 0) {
		*errnum = ENOMEM;
		return -1;
	}
	for (;;) {
		ssize_t n;
		size_t want;
		if (out->cap - out->len < 2 && buf_grow(out, 65536) < 0) {
			*errnum = ENOMEM;
			return -1;
		}
		want = out->cap - out->len - 1;
		n = read(fd, out->ptr + out->len, want);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			*errnum = errno;
			return -1;
		}
		if (n == 0)
			break;
		out->len += (size_t)n;
		if ((size_t)n < want && st.st_size > 0 && out->len >= (size_t)st.st_size)
			break; /* short, and all fstat() saw: the end (a file still growing is read to
			        * here; one whose size fstat() does not tell, /proc's, to its end) */
	}
	out->ptr[out->len] = '\0';
	return 0;
}

/* flock() that waits through signals; a file system without locks (some
 * network mounts say ENOLCK or EOPNOTSUPP) is used unlocked, as before. */
static int lock_fd(int fd, int how)
{
	while (flock(fd, how) < 0) {
		if (errno == EINTR)
			continue;
		if (errno == ENOLCK || errno == EOPNOTSUPP || errno == ENOSYS)
			return 0;
		return -1;
	}
	return 0;
}

static int read_path(const char *path, buf *out, int *errnum, int locked)
{
	int fd, rc;

	buf_clear(out);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO must not block */
	if (fd < 0) {
		*errnum = errno;
		return -1;
	}
	if (locked && lock_fd(fd, LOCK_SH) < 0) {
		*errnum = errno;
		close(fd);
		return -1;
	}
	rc = read_fd(fd, out, errnum);
	close(fd); /* and the lock with it */
	return rc;
}

int fileio_read_into(const char *path, buf *out, int *errnum)
{
	return read_path(path, out, errnum, 0);
}

int fileio_read_locked(const char *path, buf *out, int *errnum)
{
	return read_path(path, out, errnum, 1);
}

int fileio_read_all(const char *path, buf *out, buf *err)
{
	int errnum = 0;

	if (fileio_read_into(path, out, &errnum) == 0)
		return 0;
	buf_printf(err, "%s: %s", path, strerror(errnum));
	return -1;
}

/* The directory part of path ("" for a bare name, else up to the '/'). */
static void dir_of(const char *path, buf *dir)
{
	const char *slash = strrchr(path, '/');

	buf_clear(dir);
	if (slash)
		buf_append(dir, path, (size_t)(slash - path) + 1);
}

int fileio_atomic_open(fileio_atomic *a, const char *path, buf *err)
{
	const char *slash = strrchr(path, '/');
	struct stat st;
	int errnum;

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
		a->in_place = 1;
		return 0;
	}
	/* same directory, so rename() cannot cross file systems */
	dir_of(path, &a->tmp);
#ifdef O_TMPFILE
	/* unnamed until complete: nothing to clean up after a SIGKILL.  O_RDWR
	 * so that its bytes can be copied out where it cannot be linked. */
	a->fd = open(a->tmp.len ? buf_cstr(&a->tmp) : ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0644);
	if (a->fd >= 0) {
		a->unnamed = 1;
		buf_free(&a->tmp);
		return 0;
	}
#endif
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

static int write_all(int fd, const char *data, size_t len)
{
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

int fileio_atomic_write(fileio_atomic *a, const char *data, size_t len, buf *err)
{
	if (write_all(a->fd, data, len) < 0)
		return atomic_fail(a, errno, err);
	return 0;
}

int fileio_atomic_sync(fileio_atomic *a, buf *err)
{
	if (a->fd < 0 || a->in_place || a->synced)
		return 0;
	if (fchmod(a->fd, 0644) < 0 || fsync(a->fd) < 0)
		return atomic_fail(a, errno, err);
	a->synced = 1;
	return 0;
}

/* Give the unnamed file a hidden name beside its destination (a->tmp), so
 * that rename() can put it in place: by linkat() through /proc (any user),
 * by AT_EMPTY_PATH (needs CAP_DAC_READ_SEARCH, when /proc is not mounted),
 * else by copying its bytes into a mkstemp() file. */
static int name_unnamed(fileio_atomic *a)
{
	static unsigned serial;
	const char *slash = strrchr(a->path, '/');
	char proc[64];
	unsigned tries;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", a->fd);
	for (tries = 0; tries < 100; tries++) {
		dir_of(a->path, &a->tmp);
		buf_printf(&a->tmp, ".%s.%ld.%u", slash ? slash + 1 : a->path, (long)getpid(),
		           __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED));
		if (!a->tmp.len)
			return -1;
		if (linkat(AT_FDCWD, proc, AT_FDCWD, a->tmp.ptr, AT_SYMLINK_FOLLOW) == 0)
			return 0;
#ifdef AT_EMPTY_PATH
		if (errno != EEXIST && linkat(a->fd, "", AT_FDCWD, a->tmp.ptr, AT_EMPTY_PATH) == 0)
			return 0;
#endif
		if (errno != EEXIST)
			break;
	}
	{ /* the copy */
		int fd, saved;
		buf bytes = BUF_INIT;
		int errnum = 0;
		dir_of(a->path, &a->tmp);
		if (buf_printf(&a->tmp, ".%s.XXXXXX", slash ? slash + 1 : a->path) < 0)
			return -1;
		fd = mkstemp(a->tmp.ptr);
		if (fd < 0) {
			buf_clear(&a->tmp);
			return -1;
		}
		if (lseek(a->fd, 0, SEEK_SET) < 0 || read_fd(a->fd, &bytes, &errnum) < 0 ||
		    write_all(fd, bytes.ptr, bytes.len) < 0 || fchmod(fd, 0644) < 0 || fsync(fd) < 0) {
			saved = errnum ? errnum : errno;
			close(fd);
			buf_free(&bytes);
			errno = saved;
			return -1; /* abort unlinks a->tmp */
		}
		buf_free(&bytes);
		close(a->fd);
		a->fd = fd;
		return 0;
	}
}

int fileio_atomic_commit(fileio_atomic *a, buf *err)
{
	int fd = a->fd;

	if (fd < 0)
		return 0;
	if (a->in_place) { /* written in place: a device or FIFO */
		a->fd = -1;
		if (close(fd) < 0)
			return atomic_fail(a, errno, err);
		return 0;
	}
	if (fileio_atomic_sync(a, err) < 0)
		return -1;
	if (a->unnamed && name_unnamed(a) < 0)
		return atomic_fail(a, errno, err);
	fd = a->fd;
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

int fileio_append_line(const char *path, const char *data, size_t len, buf *err)
{
	struct stat st;
	char last = '\n';
	buf line = BUF_INIT;
	int fd, errnum = 0;

	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		buf_printf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (lock_fd(fd, LOCK_EX) < 0 || fstat(fd, &st) < 0) {
		errnum = errno;
		goto done;
	}
	if (!S_ISREG(st.st_mode)) {
		errnum = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		goto done;
	}
	faultpoint("append-locked");
	/* the last byte, through a second descriptor: ours is write-only */
	if (st.st_size > 0) {
		int rfd;
		errno = 0;
		rfd = open(path, O_RDONLY | O_CLOEXEC);
		if (rfd < 0 || pread(rfd, &last, 1, st.st_size - 1) != 1)
			errnum = errno ? errno : EIO;
		if (rfd >= 0)
			close(rfd);
		if (errnum)
			goto done;
	}
	if ((last != '\n' && buf_putc(&line, '\n') < 0) || buf_append(&line, data, len) < 0) {
		errnum = ENOMEM;
		goto done;
	}
	/* one write() of the whole line: with O_APPEND it lands at the end
	 * whatever others appended since fstat(); the lock keeps a concurrent
	 * writer from interleaving even on file systems where that could */
	if (write_all(fd, line.ptr, line.len) < 0 || fsync(fd) < 0) {
		errnum = errno;
		/* no half line of ours stays; if even this fails, the next
		 * reader skips the torn line with a warning */
		int cut = ftruncate(fd, st.st_size);
		(void)cut;
	}
done:
	if (close(fd) < 0 && !errnum)
		errnum = errno;
	buf_free(&line);
	if (errnum) {
		buf_printf(err, "%s: %s", path, strerror(errnum));
		return -1;
	}
	return 0;
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
