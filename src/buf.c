#include "config.h"

#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int buf_grow(buf *b, size_t extra)
{
	size_t need, cap;
	char *p;

	if (extra > (size_t)-1 - b->len - 1)
		return -1;
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap = cap > (size_t)-1 / 2 ? need : cap * 2;
	p = realloc(b->ptr, cap);
	if (!p)
		return -1;
	b->ptr = p;
	b->cap = cap;
	return 0;
}

int buf_append_slow(buf *b, const void *data, size_t n)
{
	if (buf_grow(b, n) < 0)
		return -1;
	if (n)
		memcpy(b->ptr + b->len, data, n);
	b->len += n;
	b->ptr[b->len] = '\0';
	return 0;
}

int buf_puts(buf *b, const char *s)
{
	return buf_append(b, s, strlen(s));
}

int buf_putc_slow(buf *b, char c)
{
	return buf_append_slow(b, &c, 1);
}

int buf_vprintf(buf *b, const char *fmt, va_list ap)
{
	va_list again;
	size_t room = b->ptr ? b->cap - b->len : 0;
	int n;

	/* into the room there is, formatting again only when it did not fit */
	va_copy(again, ap);
	n = vsnprintf(room ? b->ptr + b->len : NULL, room, fmt, again);
	va_end(again);
	if (n < 0)
		return -1;
	if ((size_t)n < room) {
		b->len += (size_t)n;
		return 0;
	}
	if (room)
		b->ptr[b->len] = '\0'; /* the cut text written there is not the buffer's */
	if (buf_grow(b, (size_t)n) < 0)
		return -1;
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int buf_printf(buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

void buf_clear(buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

const char *buf_cstr(const buf *b)
{
	return b->ptr ? b->ptr : "";
}

char *buf_detach(buf *b)
{
	char *p = b->ptr ? b->ptr : strdup("");

	b->ptr = NULL;
	b->len = b->cap = 0;
	return p;
}

void buf_free(buf *b)
{
	free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
}
