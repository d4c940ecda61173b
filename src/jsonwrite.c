#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "jsonwrite.h"

#include "parallel.h"

#define INDENT_OF(flags) ((flags) & 0x1F)

/* What a byte becomes inside a JSON string: 0 itself, 1 a short escape
 * (its letter in short_escape[]), 2 a \u00XX escape.  jansson escapes
 * exactly the control characters, '"' and '\\' (no flag here asks for '/'
 * or for ASCII-only output). */
static const unsigned char escape_kind[256] = {
	2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
};

static char short_escape(unsigned char c)
{
	switch (c) {
	case '\b': return 'b';
	case '\t': return 't';
	case '\n': return 'n';
	case '\f': return 'f';
	case '\r': return 'r';
	default:   return (char)c; /* '"' and '\\' escape as themselves */
	}
}

/* The end of the bytes from i that need no escape: 16 a step with SSE2
 * (a report's text is mostly plain), then one at a time. */
static size_t plain_run(const char *s, size_t i, size_t n)
{
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), ctl = _mm_set1_epi8(0x1f);

	for (; n >= 16 && i <= n - 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		/* x <= 0x1f, unsigned: max(x, 0x1f) == 0x1f */
		__m128i hit = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(x, ctl), ctl),
		                           _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)));
		unsigned m = (unsigned)_mm_movemask_epi8(hit);
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
	if (n >= 16 && i < n) {
		/* the last bytes: the 16 that end the string, those before i
		 * (looked at already) masked off -- not one at a time */
		size_t at = n - 16;
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
		__m128i hit = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(x, ctl), ctl),
		                           _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)));
		unsigned m = (unsigned)_mm_movemask_epi8(hit) >> (i - at);
		return m ? i + (size_t)__builtin_ctz(m) : n;
	}
#endif
	while (i < n && !escape_kind[(unsigned char)s[i]])
		i++;
	return i;
}

int jsonwrite_string(buf *out, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i = 0, run;

	/* the worst case, every byte a \u00XX, reserved once */
	if (buf_reserve(out, 6 * n + 2) < 0)
		return -1;
	out->ptr[out->len++] = '"';
	while (i < n) {
		unsigned char c;
		char *p = out->ptr + out->len;

		run = plain_run(s, i, n);
		memcpy(p, s + i, run - i);
		out->len += run - i;
		if (run == n)
			break;
		c = (unsigned char)s[run];
		p = out->ptr + out->len;
		p[0] = '\\';
		if (escape_kind[c] == 1) {
			p[1] = short_escape(c);
			out->len += 2;
		} else {
			p[1] = 'u';
			p[2] = '0';
			p[3] = '0';
			p[4] = hex[c >> 4];
			p[5] = hex[c & 15];
			out->len += 6;
		}
		i = run + 1;
	}
	out->ptr[out->len++] = '"';
	out->ptr[out->len] = '\0';
	return 0;
}

/* jansson's dump_indent(): a newline and depth*n spaces when indenting,
 * otherwise one space after a separator unless compact. */
int jsonwrite_break(buf *out, size_t flags, size_t depth, int space)
{
	size_t n = INDENT_OF(flags) * depth;

	if (INDENT_OF(flags)) {
		if (buf_reserve(out, n + 1) < 0)
			return -1;
		out->ptr[out->len++] = '\n';
		memset(out->ptr + out->len, ' ', n);
		out->len += n;
		out->ptr[out->len] = '\0';
		return 0;
	}
	return space && !(flags & JSON_COMPACT) ? buf_putc(out, ' ') : 0;
}

static int put_value(buf *out, const json_t *v, size_t flags, size_t depth, unsigned threads,
                     const jsonwrite_splice *splice);

/* Elements [from, to) of an array of n, each followed by its separator (or
 * the closing break after the last): the text one thread writes. */
typedef struct {
	jsonwrite_element_fn *element;
	const void *ctx;
	size_t from, to, n, flags, depth;
	buf *out;
	int rc, ran;
} run_job;

static int put_elements(const run_job *j)
{
	size_t i;

	for (i = j->from; i < j->to; i++) {
		if (j->element(j->out, j->ctx, i, j->flags, j->depth + 1) < 0)
			return -1;
		if (i + 1 < j->n ? buf_putc(j->out, ',') < 0 || jsonwrite_break(j->out, j->flags, j->depth + 1, 1) < 0
		                 : jsonwrite_break(j->out, j->flags, j->depth, 0) < 0)
			return -1;
	}
	return 0;
}

static void *run_elements(void *arg)
{
	run_job *j = arg;

	j->rc = put_elements(j);
	j->ran = 1;
	return NULL;
}

/* A long array (a report's findings) in `threads` runs of elements, written
 * at once and joined in order (or, with `flush`, written out in order, with
 * no copy): the same bytes as one thread writes. */
#define PARALLEL_MIN_ELEMENTS 512
#define MAX_THREADS 16

/* parts[1..threads): the other runs' text, kept by the caller from one
 * call to the next (emptied here) so that their pages are touched once. */
static int put_elements_parallel(buf *out, const run_job *all, unsigned threads, buf *parts,
                                 const jsonwrite_flush *flush)
{
	size_t n = all->to - all->from, i;
	run_job jobs[MAX_THREADS];
	int rc = 0;

	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	for (i = 0; i < threads; i++) {
		buf_clear(&parts[i]);
		jobs[i] = *all;
		jobs[i].from = all->from + n * i / threads;
		jobs[i].to = all->from + n * (i + 1) / threads;
		jobs[i].out = i == 0 ? out : &parts[i]; /* the first run straight into the output */
		jobs[i].rc = -1;
		jobs[i].ran = 0;
	}
	parallel_run(threads, run_elements, jobs, sizeof(jobs[0]));
	for (i = 0; i < threads; i++) {
		if (!jobs[i].ran) /* its thread could not start */
			run_elements(&jobs[i]);
		if (jobs[i].rc < 0)
			rc = -1;
		else if (i > 0 && rc == 0 && flush) {
			/* each run straight out after the one before: no copy */
			if (i == 1 && out->len && flush->write(flush->ctx, out->ptr, out->len) < 0)
				rc = -1;
			buf_clear(out);
			if (rc == 0 && parts[i].len && flush->write(flush->ctx, parts[i].ptr, parts[i].len) < 0)
				rc = -1;
		} else if (i > 0 && rc == 0 && buf_append(out, parts[i].ptr ? parts[i].ptr : "", parts[i].len) < 0)
			rc = -1;
	}
	return rc;
}

/* Elements written between two flushes: about a MB of report text, so the
 * buffers stay in cache and their pages are touched once (4096, with the
 * runs joined by a copy, took 27 ms of the six code bases' 35 MB report;
 * 512 takes 15). */
#define FLUSH_ELEMENTS 512

int jsonwrite_array_flushed(buf *out, size_t n, jsonwrite_element_fn *element, const void *ctx, size_t flags,
                            size_t depth, unsigned threads, const jsonwrite_flush *flush)
{
	run_job all = { element, ctx, 0, n, n, flags, depth, out, 0, 0 };
	size_t step = flush ? FLUSH_ELEMENTS : n, from, i;
	buf parts[MAX_THREADS];
	int rc = 0;

	if (buf_putc(out, '[') < 0)
		return -1;
	if (n == 0)
		return buf_putc(out, ']');
	if (jsonwrite_break(out, flags, depth + 1, 0) < 0)
		return -1;
	memset(parts, 0, sizeof(parts));
	for (from = 0; rc == 0 && from < n; from += step) {
		all.from = from;
		all.to = n - from > step ? from + step : n;
		if (threads > 1 && all.to - all.from >= PARALLEL_MIN_ELEMENTS)
			rc = put_elements_parallel(out, &all, threads, parts, flush);
		else
			rc = put_elements(&all);
		if (rc == 0 && flush) {
			rc = flush->write(flush->ctx, out->ptr, out->len);
			buf_clear(out);
		}
	}
	for (i = 0; i < MAX_THREADS; i++)
		buf_free(&parts[i]);
	return rc < 0 ? -1 : buf_putc(out, ']');
}

int jsonwrite_array(buf *out, size_t n, jsonwrite_element_fn *element, const void *ctx, size_t flags, size_t depth,
                    unsigned threads)
{
	return jsonwrite_array_flushed(out, n, element, ctx, flags, depth, threads, NULL);
}

static int json_element(buf *out, const void *array, size_t i, size_t flags, size_t depth)
{
	return put_value(out, json_array_get((const json_t *)array, i), flags, depth, 1, NULL);
}

static int put_value(buf *out, const json_t *v, size_t flags, size_t depth, unsigned threads,
                     const jsonwrite_splice *splice)
{
	switch (json_typeof(v)) {
	case JSON_NULL:
		return buf_append(out, "null", 4);
	case JSON_TRUE:
		return buf_append(out, "true", 4);
	case JSON_FALSE:
		return buf_append(out, "false", 5);
	case JSON_INTEGER:
		return buf_printf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	case JSON_STRING:
		return jsonwrite_string(out, json_string_value(v), json_string_length(v));
	case JSON_REAL: { /* rare in our documents: jansson's own number format */
		char *s = json_dumps(v, (flags & ~(size_t)0x1F) | JSON_ENCODE_ANY);
		int rc = s ? buf_puts(out, s) : -1;
		free(s);
		return rc;
	}
	case JSON_ARRAY:
		return jsonwrite_array(out, json_array_size(v), json_element, v, flags, depth, threads);
	case JSON_OBJECT: {
		void *it = json_object_iter((json_t *)v);

		if (buf_putc(out, '{') < 0)
			return -1;
		if (!it)
			return buf_putc(out, '}');
		if (jsonwrite_break(out, flags, depth + 1, 0) < 0)
			return -1;
		while (it) {
			void *next = json_object_iter_next((json_t *)v, it);

			const char *key = json_object_iter_key(it);
			int spliced = splice && strcmp(key, splice->key) == 0;

			if (jsonwrite_string(out, key, json_object_iter_key_len(it)) < 0 ||
			    buf_append(out, ": ", flags & JSON_COMPACT ? 1 : 2) < 0 ||
			    (spliced ? splice->write(out, splice->ctx, flags, depth + 1, threads)
			             : put_value(out, json_object_iter_value(it), flags, depth + 1, threads, NULL)) < 0)
				return -1;
			if (next ? buf_putc(out, ',') < 0 || jsonwrite_break(out, flags, depth + 1, 1) < 0
			         : jsonwrite_break(out, flags, depth, 0) < 0)
				return -1;
			it = next;
		}
		return buf_putc(out, '}');
	}
	}
	return -1;
}

int jsonwrite_at(buf *out, const json_t *v, size_t flags, size_t depth)
{
	return v ? put_value(out, v, flags, depth, 1, NULL) : -1;
}

int jsonwrite(buf *out, const json_t *v, size_t flags)
{
	return jsonwrite_threads(out, v, flags, 1);
}

int jsonwrite_threads(buf *out, const json_t *v, size_t flags, unsigned threads)
{
	if (!v || (flags & (JSON_SORT_KEYS | JSON_ENSURE_ASCII | JSON_ESCAPE_SLASH | JSON_EMBED)) ||
	    (!(flags & JSON_ENCODE_ANY) && !json_is_array(v) && !json_is_object(v)))
		return -1;
	return put_value(out, v, flags, 0, threads ? threads : 1, NULL);
}

int jsonwrite_spliced(buf *out, const json_t *v, size_t flags, unsigned threads, const jsonwrite_splice *splice)
{
	if (!v || !json_is_object(v) || (flags & (JSON_SORT_KEYS | JSON_ENSURE_ASCII | JSON_ESCAPE_SLASH | JSON_EMBED)))
		return -1;
	return put_value(out, v, flags, 0, threads ? threads : 1, splice);
}
