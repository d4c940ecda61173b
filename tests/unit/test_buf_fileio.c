/* test_buf_fileio: the buffer, whole-file reads, and all-or-nothing writes. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "buf.h"
#include "fileio.h"
#include "tap.h"

static void test_buf(void)
{
	buf b = BUF_INIT;
	char *p;
	int i;

	TAP_STREQ(buf_cstr(&b), "", "empty buf reads as \"\"");
	for (i = 0; i < 1000; i++)
		buf_printf(&b, "%d,", i);
	TAP_OK(b.len == 3890 && b.ptr[b.len] == '\0' && strncmp(b.ptr + b.len - 4, "999,", 4) == 0,
	       "printf appends, stays NUL-terminated across growth");
	buf_clear(&b);
	TAP_OK(b.len == 0 && b.cap > 0 && buf_cstr(&b)[0] == '\0', "clear keeps the allocation");
	buf_append(&b, "a\0b", 3);
	TAP_OK(b.len == 3 && memcmp(b.ptr, "a\0b", 3) == 0, "append takes NUL bytes");
	p = buf_detach(&b);
	TAP_OK(p && memcmp(p, "a\0b", 3) == 0 && b.ptr == NULL && b.len == 0, "detach hands over, leaves it empty");
	free(p);
	p = buf_detach(&b);
	TAP_STREQ(p, "", "detach of an empty buf gives \"\"");
	free(p);
	TAP_OK(buf_grow(&b, (size_t)-1) < 0, "an impossible size fails instead of wrapping");
	buf_free(&b);
}

/* buf_printf() formats the common conversions itself: byte for byte what
 * vsnprintf() writes, for every conversion it does and its edges; the rest
 * (widths, flags, floats) still goes to vsnprintf(). */
#define SAME_AS_SNPRINTF(...)                                          \
	do {                                                               \
		char want[512];                                                \
		buf got = BUF_INIT;                                            \
		int n = snprintf(want, sizeof(want), __VA_ARGS__);             \
		buf_puts(&got, "<");                                           \
		buf_printf(&got, __VA_ARGS__);                                 \
		if (got.len != (size_t)n + 1 || memcmp(got.ptr + 1, want, (size_t)n) != 0) { \
			printf("#   %s: [%s] want [%s]\n", #__VA_ARGS__, got.ptr + 1, want); \
			ok = 0;                                                    \
		}                                                              \
		buf_free(&got);                                                \
	} while (0)

static void test_printf(void)
{
	int ok = 1, i;
	unsigned seed = 99;

	SAME_AS_SNPRINTF("plain text");
	SAME_AS_SNPRINTF("%s and %s", "a", "");
	SAME_AS_SNPRINTF("%%d is %d, %% alone", 5);
	SAME_AS_SNPRINTF("%d %d %d %d", 0, -1, 2147483647, -2147483647 - 1);
	SAME_AS_SNPRINTF("%u %u %x %x", 0u, 4294967295u, 0u, 0xdeadbeefu);
	SAME_AS_SNPRINTF("%ld %lu %lx", -9223372036854775807L - 1, 18446744073709551615UL, 0xabcUL);
	SAME_AS_SNPRINTF("%lld %llu %llx", -9223372036854775807LL - 1, 18446744073709551615ULL, 0x123456789abcdefULL);
	SAME_AS_SNPRINTF("%zu %zd %zx", (size_t)-1, (ssize_t)-5, (size_t)255);
	SAME_AS_SNPRINTF("%.*s|%.*s|%.*s", 3, "abcdef", 0, "abc", -1, "neg");
	SAME_AS_SNPRINTF("%.2s|%.10s|%.0s", "Arc<T>", "short", "x");
	SAME_AS_SNPRINTF("%c%c%c", 'a', 'b', 'c');
	SAME_AS_SNPRINTF("width: %5d|%-3s|%05u|%+d|% d|%#x", 7, "a", 3u, 4, 5, 255u);
	SAME_AS_SNPRINTF("float: %.2f %g", 1.5, 0.25);
	SAME_AS_SNPRINTF("%016llx %08x", 0x1234ULL, 0xabu);
	SAME_AS_SNPRINTF("%hd %hhu %o %X %e %i", (short)-3, (unsigned char)200, 8u, 0xabu, 1e10, 42);
	for (i = 0; i < 2000; i++) {
		long long v;
		seed = seed * 1103515245u + 12345u;
		v = (long long)seed * (seed & 1 ? -1 : 1) * (long long)(seed >> 7);
		SAME_AS_SNPRINTF("%d|%u|%x|%lld|%llx|%zu", (int)v, (unsigned)v, (unsigned)v, v, (unsigned long long)v, (size_t)v);
	}
	TAP_OK(ok, "buf_printf writes what snprintf writes: every conversion it formats itself, their edges, and the rest");
}

static void test_fileio(void)
{
	char dir[] = "/tmp/hpa-fileio-XXXXXX";
	buf path = BUF_INIT, data = BUF_INIT, err = BUF_INIT;
	int errnum = 0;

	if (!TAP_OK(mkdtemp(dir) != NULL, "temporary directory"))
		return;
	buf_printf(&path, "%s/report.md", dir);
	TAP_OK(fileio_write_atomic(path.ptr, "old", 3, &err) == 0, "write a new file");
	TAP_OK(fileio_read_all(path.ptr, &data, &err) == 0 && strcmp(buf_cstr(&data), "old") == 0, "read it back");
	TAP_OK(fileio_write_atomic(path.ptr, "newer", 5, &err) == 0 && fileio_read_all(path.ptr, &data, &err) == 0 &&
	       strcmp(buf_cstr(&data), "newer") == 0, "replace it whole");

	/* a failing write (target is a directory) leaves nothing behind */
	buf_clear(&path);
	buf_printf(&path, "%s/sub", dir);
	mkdir(path.ptr, 0755);
	buf_clear(&err);
	TAP_OK(fileio_write_atomic(path.ptr, "x", 1, &err) < 0 && strstr(buf_cstr(&err), "/sub: "),
	       "rename over a directory fails with the path named");
	{
		char cmd[200];
		snprintf(cmd, sizeof(cmd), "test $(ls -A '%s' | wc -l) -eq 2", dir);
		TAP_OK(system(cmd) == 0, "no temporary file left after a failure");
	}
	buf_clear(&err);
	TAP_OK(fileio_write_atomic("/nonexistent-dir/x", "x", 1, &err) < 0 &&
	       strstr(buf_cstr(&err), "No such file or directory"), "unwritable directory reported");
	TAP_OK(fileio_read_into(dir, &data, &errnum) < 0 && errnum == EISDIR, "reading a directory fails with EISDIR");
	{
		char cmd[200];
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", dir);
	}
	buf_free(&path);
	buf_free(&data);
	buf_free(&err);
}

/* Entries of dir, as "a b c" sorted by ls. */
static void listing(const char *dir, char *out, size_t n)
{
	char cmd[200];
	FILE *p;
	size_t len;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | tr '\\n' ' '", dir);
	out[0] = '\0';
	p = popen(cmd, "r");
	if (!p)
		return;
	len = fread(out, 1, n - 1, p);
	out[len] = '\0';
	pclose(p);
}

/* Two reports replaced together: nothing named appears before the commit
 * (where O_TMPFILE works), an abort leaves the old file, a commit the new. */
static void test_atomic_steps(void)
{
	char dir[] = "/tmp/hpa-fileio-XXXXXX", seen[256];
	buf a_path = BUF_INIT, b_path = BUF_INIT, data = BUF_INIT, err = BUF_INIT;
	fileio_atomic a, b;

	if (!TAP_OK(mkdtemp(dir) != NULL, "temporary directory"))
		return;
	buf_printf(&a_path, "%s/audit.md", dir);
	buf_printf(&b_path, "%s/audit.json", dir);
	fileio_write_atomic(a_path.ptr, "old md", 6, &err);
	TAP_OK(fileio_atomic_open(&a, a_path.ptr, &err) == 0 && fileio_atomic_write(&a, "new md", 6, &err) == 0 &&
	       fileio_atomic_open(&b, b_path.ptr, &err) == 0 && fileio_atomic_write(&b, "{}", 2, &err) == 0 &&
	       fileio_atomic_sync(&a, &err) == 0 && fileio_atomic_sync(&b, &err) == 0,
	       "two reports written and synced, not committed");
	listing(dir, seen, sizeof(seen));
	if (a.unnamed && b.unnamed)
		TAP_OK(strcmp(seen, "audit.md ") == 0, "O_TMPFILE: no name in the directory before the commit");
	else
		TAP_OK(1, "O_TMPFILE: not here, named temporary files # SKIP");
	TAP_OK(fileio_read_all(a_path.ptr, &data, &err) == 0 && strcmp(buf_cstr(&data), "old md") == 0,
	       "the old report is in place until the commit");
	fileio_atomic_abort(&b);
	TAP_OK(fileio_atomic_commit(&a, &err) == 0 && fileio_read_all(a_path.ptr, &data, &err) == 0 &&
	       strcmp(buf_cstr(&data), "new md") == 0, "the commit puts the new report in place");
	fileio_atomic_abort(&a); /* after a commit: nothing happens */
	listing(dir, seen, sizeof(seen));
	TAP_OK(strcmp(seen, "audit.md ") == 0, "the aborted one left nothing, the committed one is whole");
	{
		struct stat st;
		TAP_OK(stat(a_path.ptr, &st) == 0 && (st.st_mode & 0777) == 0644, "a committed report is mode 0644");
	}
	unlink(a_path.ptr);
	rmdir(dir);
	buf_free(&a_path);
	buf_free(&b_path);
	buf_free(&data);
	buf_free(&err);
}

/* The history log: whole lines appended, a torn last line of someone
 * else's closed off first, a failing destination named. */
static void test_append_line(void)
{
	char dir[] = "/tmp/hpa-fileio-XXXXXX";
	buf path = BUF_INIT, data = BUF_INIT, err = BUF_INIT;
	int errnum = 0;

	if (!TAP_OK(mkdtemp(dir) != NULL, "temporary directory"))
		return;
	buf_printf(&path, "%s/history.jsonl", dir);
	TAP_OK(fileio_append_line(path.ptr, "{\"a\":1}\n", 8, &err) == 0 &&
	       fileio_append_line(path.ptr, "{\"a\":2}\n", 8, &err) == 0 &&
	       fileio_read_locked(path.ptr, &data, &errnum) == 0 && strcmp(buf_cstr(&data), "{\"a\":1}\n{\"a\":2}\n") == 0,
	       "append creates the log and adds whole lines");
	fileio_write_atomic(path.ptr, "{\"a\":1}\n{\"a\"", 12, &err);
	TAP_OK(fileio_append_line(path.ptr, "{\"a\":3}\n", 8, &err) == 0 && fileio_read_all(path.ptr, &data, &err) == 0 &&
	       strcmp(buf_cstr(&data), "{\"a\":1}\n{\"a\"\n{\"a\":3}\n") == 0,
	       "after a torn last line, ours starts on a line of its own");
	buf_clear(&err);
	TAP_OK(fileio_append_line(dir, "x\n", 2, &err) < 0 && strstr(buf_cstr(&err), dir), "a directory: refused, named");
	buf_clear(&err);
	TAP_OK(fileio_append_line("/dev/full", "x\n", 2, &err) < 0 && strstr(buf_cstr(&err), "/dev/full: "),
	       "a device: refused, named");
	unlink(path.ptr);
	rmdir(dir);
	buf_free(&path);
	buf_free(&data);
	buf_free(&err);
}

int main(void)
{
	test_buf();
	test_printf();
	test_fileio();
	test_atomic_steps();
	test_append_line();
	return tap_done();
}
