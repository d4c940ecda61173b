#include "config.h"

#include "buf.h"

#include <stdio.h>
#include <sys/types.h>
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

void *buf_grow_array(void *v, size_t *cap, size_t each, size_t first)
{
	size_t n = *cap ? *cap * 2 : first;
	void *p = n > (size_t)-1 / each ? NULL : realloc(v, n * each);

	if (p)
		*cap = n;
	return p;
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

/* The length modifier and conversion at fmt (after '%' and any precision):
 * the conversion's character, and *mod the modifier ('\0', 'l', 'L' for
 * ll, 'z'); 0 for anything buf_vprintf() leaves to vsnprintf(). */
static char conversion(const char **fmt, char *mod)
{
	const char *f = *fmt;

	*mod = '\0';
	if (f[0] == 'l' && f[1] == 'l') {
		*mod = 'L';
		f += 2;
	} else if (*f == 'l' || *f == 'z') {
		*mod = *f++;
	}
	switch (*f) {
	case 'd': case 'u': case 'x':
		break;
	case 's': case 'c': case '%':
		if (*mod)
			return 0;
		break;
	default:
		return 0;
	}
	*fmt = f + 1;
	return f[0];
}

/* Does fmt use only what format_simple() does: %s, %.Ns, %.*s, %c, %%,
 * and %d, %u, %x with no modifier, l, ll or z -- no width, no flag? */
static int simple_format(const char *fmt)
{
	for (; (fmt = strchr(fmt, '%')); ) {
		char mod;
		fmt++;
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*')
				fmt++;
			else if (*fmt >= '0' && *fmt <= '9')
				while (*fmt >= '0' && *fmt <= '9')
					fmt++;
			else
				return 0;
			if (*fmt != 's')
				return 0;
		}
		if (!conversion(&fmt, &mod))
			return 0;
	}
	return 1;
}

static int put_unsigned(buf *b, unsigned long long v, unsigned base)
{
	char digits[24];
	size_t n = sizeof(digits);

	do {
		digits[--n] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	return buf_append(b, digits + n, sizeof(digits) - n);
}

/* fmt (simple_format() said so) into b, as vsnprintf() would write it. */
static int format_simple(buf *b, const char *fmt, va_list ap)
{
	while (*fmt) {
		const char *pct = strchr(fmt, '%');
		long prec = -1;
		char mod, c;
		if (!pct)
			return buf_puts(b, fmt);
		if (pct > fmt && buf_append(b, fmt, (size_t)(pct - fmt)) < 0)
			return -1;
		fmt = pct + 1;
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*') {
				prec = va_arg(ap, int);
				fmt++;
			} else
				for (prec = 0; *fmt >= '0' && *fmt <= '9'; fmt++)
					prec = prec * 10 + (*fmt - '0');
		}
		c = conversion(&fmt, &mod);
		if (c == '%') {
			if (buf_putc(b, '%') < 0)
				return -1;
		} else if (c == 'c') {
			if (buf_putc(b, (char)va_arg(ap, int)) < 0)
				return -1;
		} else if (c == 's') {
			const char *s = va_arg(ap, const char *);
			size_t n;
			if (!s)
				s = prec < 0 || prec >= 6 ? "(null)" : ""; /* glibc's */
			n = prec < 0 ? strlen(s) : strnlen(s, (size_t)prec);
			if (buf_append(b, s, n) < 0)
				return -1;
		} else if (c == 'd') {
			long long v = mod == 'L' ? va_arg(ap, long long) : mod == 'l' ? va_arg(ap, long)
			            : mod == 'z' ? (long long)va_arg(ap, ssize_t) : va_arg(ap, int);
			if (v < 0 && buf_putc(b, '-') < 0)
				return -1;
			if (put_unsigned(b, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, 10) < 0)
				return -1;
		} else {
			unsigned long long v = mod == 'L' ? va_arg(ap, unsigned long long) : mod == 'l' ? va_arg(ap, unsigned long)
			                     : mod == 'z' ? va_arg(ap, size_t) : va_arg(ap, unsigned);
			if (put_unsigned(b, v, c == 'x' ? 16 : 10) < 0)
				return -1;
		}
	}
	return 0;
}

int buf_vprintf(buf *b, const char *fmt, va_list ap)
{
	va_list again;
	size_t room, start = b->len;
	int n;

	/* what the reports' prose uses is formatted here: vsnprintf() costs a
	 * thousand instructions a call, and a finding's write-up makes ten */
	if (simple_format(fmt)) {
		va_copy(again, ap);
		n = format_simple(b, fmt, again);
		va_end(again);
		if (n < 0) {
			b->len = start; /* nothing half-written */
			if (b->ptr)
				b->ptr[start] = '\0';
		}
		return n;
	}
	/* into the room there is, formatting again only when it did not fit */
	room = b->ptr ? b->cap - b->len : 0;
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

void buf_truncate(buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->ptr[len] = '\0';
	}
}
