/* test_buf_fileio: the buffer, whole-file reads, and all-or-nothing writes. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

int main(void)
{
	test_buf();
	test_fileio();
	return tap_done();
}
