#include "config.h"

#include "cargotoml.h"

#include <string.h>

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* One line: [s, e). */
typedef struct {
	const char *s, *e;
} span;

static span trim(span l)
{
	while (l.s < l.e && blank(*l.s))
		l.s++;
	while (l.e > l.s && blank(l.e[-1]))
		l.e--;
	return l;
}

/* p is at a quote: just past the string it opens (or `end`). */
static const char *past_string(const char *p, const char *end)
{
	char quote = *p++;

	for (; p < end; p++) {
		if (*p == '\\' && quote == '"' && p + 1 < end)
			p++; /* a basic string's escape; a literal string ('...') has none */
		else if (*p == quote)
			return p + 1;
	}
	return end;
}

/* The line without a trailing `# comment` (a # inside a string stays). */
static span uncomment(span l)
{
	const char *p = l.s;

	while (p < l.e) {
		if (*p == '"' || *p == '\'')
			p = past_string(p, l.e);
		else if (*p == '#') {
			l.e = p;
			break;
		} else
			p++;
	}
	return trim(l);
}

/* `[table]` (or `[[table]]`): is it this table? */
static int header_is(span l, const char *table)
{
	size_t n = strlen(table);

	if (l.e - l.s >= 2 && l.s[1] == '[')
		return 0; /* an array of tables is never the one asked for */
	return (size_t)(l.e - l.s) == n + 2 && l.s[0] == '[' && l.e[-1] == ']' && memcmp(l.s + 1, table, n) == 0;
}

/* How many brackets the line opens and leaves open (strings skipped). */
static int depth_change(span l)
{
	const char *p = l.s;
	int d = 0;

	while (p < l.e) {
		if (*p == '"' || *p == '\'') {
			p = past_string(p, l.e);
			continue;
		}
		if (*p == '[' || *p == '{')
			d++;
		else if (*p == ']' || *p == '}')
			d--;
		p++;
	}
	return d;
}

int cargotoml_get(const char *text, size_t len, const char *table, const char *key, buf *out, size_t *line)
{
	const char *p = text, *end = text + len;
	int in_table = !*table;
	size_t klen = strlen(key), no = 0;

	buf_clear(out);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		span l = { p, nl ? nl : end };
		p = nl ? nl + 1 : end;
		no++;
		if (!in_table) {
			/* outside the table only a header matters, and a header's line
			 * starts with `[`: the others need no look for comments (a
			 * workspace's manifest is read for a dozen keys a crate) */
			const char *first = l.s;
			while (first < l.e && blank(*first))
				first++;
			if (first == l.e || *first != '[')
				continue;
		}
		l = uncomment(l);
		if (l.s == l.e)
			continue;
		if (*l.s == '[' && depth_change(l) == 0 && (l.e - l.s < 2 || memchr(l.s, '=', (size_t)(l.e - l.s)) == NULL)) {
			in_table = header_is(l, table);
			continue;
		}
		if (!in_table || (size_t)(l.e - l.s) <= klen || memcmp(l.s, key, klen) != 0)
			continue;
		{
			span v = { l.s + klen, l.e };
			int depth;
			v = trim(v);
			if (v.s == v.e || *v.s != '=')
				continue;
			v.s++;
			v = trim(v);
			if (line)
				*line = no;
			if (v.e - v.s >= 2 && (*v.s == '"' || *v.s == '\'') && v.e[-1] == *v.s)
				return buf_append(out, v.s + 1, (size_t)(v.e - v.s - 2)) < 0 ? -1 : 1;
			if (buf_append(out, v.s, (size_t)(v.e - v.s)) < 0)
				return -1;
			/* an array or inline table goes on until its brackets close */
			for (depth = depth_change(v); depth > 0 && p < end;) {
				const char *nl2 = memchr(p, '\n', (size_t)(end - p));
				span more = { p, nl2 ? nl2 : end };
				p = nl2 ? nl2 + 1 : end;
				more = uncomment(more);
				depth += depth_change(more);
				if (buf_putc(out, ' ') < 0 || buf_append(out, more.s, (size_t)(more.e - more.s)) < 0)
					return -1;
			}
			return 1;
		}
	}
	return 0;
}

int cargotoml_has_table(const char *text, size_t len, const char *table)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		span l = trim((span){ p, nl ? nl : end });
		p = nl ? nl + 1 : end;
		if (l.s < l.e && *l.s == '[' && header_is(uncomment(l), table)) /* a header starts with `[` */
			return 1;
	}
	return 0;
}

int cargotoml_strings(const char *value, strlist *out)
{
	const char *p = value;

	while ((p = strpbrk(p, "\"'")) != NULL) {
		char quote = *p++;
		const char *q = strchr(p, quote);
		char item[256];
		size_t n;
		if (!q)
			break;
		n = (size_t)(q - p) < sizeof(item) - 1 ? (size_t)(q - p) : sizeof(item) - 1;
		memcpy(item, p, n);
		item[n] = '\0';
		if (n && strlist_add(out, item) < 0)
			return -1;
		p = q + 1;
	}
	return 0;
}
