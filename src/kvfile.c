#include "config.h"

#include "kvfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyunicode.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

int kvfile_error(kvfile_pos *pos, const char *msg, const char *arg)
{
	buf_printf(pos->err, "%s:%zu: %s%s%s%s", pos->file, pos->line, msg, arg ? " '" : "", arg ? arg : "",
	           arg ? "'" : "");
	return -1;
}

int kvfile_next_word(char **rest, char **word)
{
	char *p = *rest;

	while (is_blank(*p))
		p++;
	if (!*p)
		return -1;
	*word = p;
	while (*p && !is_blank(*p))
		p++;
	if (*p)
		*p++ = '\0';
	while (is_blank(*p))
		p++;
	*rest = p;
	return 0;
}

int kvfile_int(kvfile_pos *pos, const char *s, int min, int max, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno)
		return kvfile_error(pos, "expected a whole number, got", s);
	if (v < min || v > max) {
		char msg[80];
		snprintf(msg, sizeof(msg), "expected a whole number from %d to %d, got", min, max);
		return kvfile_error(pos, msg, s);
	}
	*out = (int)v;
	return 0;
}

int kvfile_parse(const char *file, const char *text, size_t len, kvfile_line_fn fn, void *ctx, buf *err)
{
	kvfile_pos pos = { file, 0, err };
	buf line = BUF_INIT;
	size_t at = 0;
	int rc = -1;

	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len, n = end - at;
		char *key, *rest;

		pos.line++;
		if (memchr(text + at, '\0', n)) {
			kvfile_error(&pos, "NUL byte in rules file", NULL);
			goto done;
		}
		if (!py_utf8_valid(text + at, n)) {
			kvfile_error(&pos, "not valid UTF-8", NULL);
			goto done;
		}
		while (n && (text[at + n - 1] == '\r' || is_blank(text[at + n - 1])))
			n--;
		buf_clear(&line);
		if (buf_append(&line, text + at, n) < 0) {
			kvfile_error(&pos, "out of memory", NULL);
			goto done;
		}
		at = end + 1;
		rest = line.ptr;
		if (kvfile_next_word(&rest, &key) < 0 || *key == '#')
			continue;
		if (fn(ctx, &pos, key, rest) < 0)
			goto done;
	}
	rc = 0;
done:
	buf_free(&line);
	return rc;
}

int kvfile_version(kvfile_pos *pos, const char *value, int *seen, const char *what)
{
	char msg[96];
	int v;

	if (*seen)
		return kvfile_error(pos, "duplicate key", "version");
	*seen = 1;
	if (kvfile_int(pos, value, 0, 1000, &v) < 0)
		return -1;
	snprintf(msg, sizeof(msg), "unsupported %s version (this build reads 1)", what);
	return v == 1 ? 0 : kvfile_error(pos, msg, value);
}
