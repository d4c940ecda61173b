/* buf: the one growable byte buffer used everywhere.
 *
 * A buf owns its memory.  `ptr` is always NUL-terminated (so it can be handed
 * to C string functions) and `len` never counts that NUL.  A zeroed buf
 * (BUF_INIT) is a valid empty buffer that owns nothing yet.
 *
 * Allocation failure is not recoverable in this tool: the append functions
 * return 0 on success and -1 when memory runs out, and leave the buffer as it
 * was; callers propagate the error. */
#ifndef HPA_BUF_H
#define HPA_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct {
	char *ptr;   /* owned; NULL until the first append */
	size_t len;  /* bytes in use, excluding the terminating NUL */
	size_t cap;  /* bytes allocated */
} buf;

#define BUF_INIT { NULL, 0, 0 }

/* Make room for at least `extra` more bytes (plus the NUL). */
int buf_grow(buf *b, size_t extra);

/* An array of `each`-byte items with room for *cap: realloc'ed to twice
 * that (`first` when empty).  The new pointer, *cap updated; NULL when
 * memory ran out (the array and *cap unchanged).  The growth rule of every
 * growing array of token offsets, tokens, files and findings. */
void *buf_grow_array(void *v, size_t *cap, size_t each, size_t first);

/* buf_grow(), its common case (room enough) inline: JSON writing reserves
 * room for every string. */
static inline int buf_reserve(buf *b, size_t extra)
{
	return b->ptr && extra < b->cap - b->len ? 0 : buf_grow(b, extra);
}
int buf_append_slow(buf *b, const void *data, size_t n);
int buf_putc_slow(buf *b, char c);

/* Append bytes (inline: reports append a few bytes at a time, millions of
 * times; growing is the rare case). */
static inline int buf_append(buf *b, const void *data, size_t n)
{
	if (b->ptr && n < b->cap - b->len) {
		if (n)
			__builtin_memcpy(b->ptr + b->len, data, n);
		b->len += n;
		b->ptr[b->len] = '\0';
		return 0;
	}
	return buf_append_slow(b, data, n);
}

static inline int buf_putc(buf *b, char c)
{
	if (b->ptr && b->cap - b->len > 1) {
		b->ptr[b->len++] = c;
		b->ptr[b->len] = '\0';
		return 0;
	}
	return buf_putc_slow(b, c);
}

int buf_puts(buf *b, const char *s);
int buf_printf(buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int buf_vprintf(buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* Forget the contents, keep the allocation for reuse. */
void buf_clear(buf *b);

/* Keep the first len bytes (len <= b->len): undo what was appended since. */
void buf_truncate(buf *b, size_t len);

/* A C string to read: the contents, or "" for a buffer that owns nothing. */
const char *buf_cstr(const buf *b);

/* Hand the contents over: the caller must free() the result (never NULL
 * unless memory ran out); the buffer is left empty. */
char *buf_detach(buf *b);

void buf_free(buf *b);

/* Exchange two buffers' contents (no copy). */
static inline void buf_swap(buf *a, buf *b)
{
	buf t = *a;

	*a = *b;
	*b = t;
}

#endif
