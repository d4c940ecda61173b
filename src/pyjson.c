#include "config.h"

#include "pyjson.h"

#include <stdint.h>
#include <string.h>

#include "pyunicode.h"

static int put_u(buf *out, uint32_t u)
{
	static const char hex[] = "0123456789abcdef";
	char e[6] = { '\\', 'u', hex[(u >> 12) & 15], hex[(u >> 8) & 15], hex[(u >> 4) & 15], hex[u & 15] };

	return buf_append(out, e, sizeof(e));
}

int pyjson_put_string(buf *out, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run;

	if (buf_putc(out, '"') < 0)
		return -1;
	while (i < n) {
		uint32_t cp;
		const char *esc = NULL;

		/* copy the longest run that needs no escaping in one go */
		run = i;
		while (i < n && s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' && s[i] != '\\')
			i++;
		if (i > run && buf_append(out, s + run, i - run) < 0)
			return -1;
		if (i >= n)
			break;
		cp = py_next_cp_escaped(s, n, &i);
		switch (cp) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		default: break;
		}
		if (esc) {
			if (buf_puts(out, esc) < 0)
				return -1;
		} else if (cp >= 0x10000) {
			cp -= 0x10000;
			if (put_u(out, 0xd800 + (cp >> 10)) < 0 || put_u(out, 0xdc00 + (cp & 0x3ff)) < 0)
				return -1;
		} else if (put_u(out, cp) < 0)
			return -1;
	}
	return buf_putc(out, '"');
}

void pyjson_init(pyjson_writer *w, buf *out)
{
	w->out = out;
	w->depth = 0;
	w->items[0] = 0;
	w->kind[0] = 0;
	w->failed = 0;
}

static void put(pyjson_writer *w, const char *s)
{
	if (buf_puts(w->out, s) < 0)
		w->failed = 1;
}

static void newline_indent(pyjson_writer *w, int depth)
{
	/* "\n" and two spaces a level, for every depth the writer allows */
	static const char spaces[] = "\n                                ";

	if (buf_append(w->out, spaces, 1 + 2 * (size_t)depth) < 0)
		w->failed = 1;
}

/* Separator and indentation before an item of the current container.  In
 * an object the key is the item; its value follows on the same line. */
static void begin_item(pyjson_writer *w)
{
	if (w->depth == 0)
		return;
	if (w->items[w->depth]++)
		put(w, ",");
	newline_indent(w, w->depth);
}

static void before_value(pyjson_writer *w)
{
	if (w->kind[w->depth] == '[')
		begin_item(w);
}

static void open_container(pyjson_writer *w, char bracket)
{
	char s[2] = { bracket, 0 };

	before_value(w);
	put(w, s);
	if (w->depth + 1 >= PYJSON_MAX_DEPTH) {
		w->failed = 1;
		return;
	}
	w->depth++;
	w->items[w->depth] = 0;
	w->kind[w->depth] = bracket;
}

static void close_container(pyjson_writer *w, const char *bracket)
{
	if (w->depth == 0) {
		w->failed = 1;
		return;
	}
	if (w->items[w->depth])
		newline_indent(w, w->depth - 1);
	put(w, bracket);
	w->depth--;
}

void pyjson_begin_object(pyjson_writer *w) { open_container(w, '{'); }
void pyjson_end_object(pyjson_writer *w) { close_container(w, "}"); }
void pyjson_begin_array(pyjson_writer *w) { open_container(w, '['); }
void pyjson_end_array(pyjson_writer *w) { close_container(w, "]"); }

void pyjson_key(pyjson_writer *w, const char *key)
{
	begin_item(w);
	if (pyjson_put_string(w->out, key, strlen(key)) < 0)
		w->failed = 1;
	put(w, ": ");
}

void pyjson_string(pyjson_writer *w, const char *s, size_t n)
{
	before_value(w);
	if (pyjson_put_string(w->out, s, n) < 0)
		w->failed = 1;
}

void pyjson_int(pyjson_writer *w, long long v)
{
	before_value(w);
	if (buf_printf(w->out, "%lld", v) < 0)
		w->failed = 1;
}

int pyjson_finish(pyjson_writer *w)
{
	return (w->failed || w->depth != 0) ? -1 : 0;
}
