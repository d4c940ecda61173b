/* jsonwrite: a JSON document as text, byte for byte what jansson's
 * json_dump_callback() writes with the same flags, several times faster.
 *
 * Why not jansson's own dump: for every array and object it formats the
 * node's address with snprintf() into a hash table to detect cycles, it
 * decodes every string code point by code point, and it hands each piece
 * ("," then the newline then the indent) to a callback.  On a nightly
 * report of tens of megabytes that was a quarter of the audit's wall time,
 * spent on one core while the other idled.  Our documents are trees built
 * by this program (a cycle is a bug, not input), and their strings were
 * checked as UTF-8 by jansson when they were made, so neither check needs
 * repeating; what remains is a copy with escapes. */
#ifndef HPA_JSONWRITE_H
#define HPA_JSONWRITE_H

#include <jansson.h>

#include "buf.h"

/* Append `v` (an array or object, or with JSON_ENCODE_ANY any value) to
 * `out` as json_dump_callback(v, .., flags) would.  Honoured flags:
 * JSON_INDENT(n), JSON_COMPACT, JSON_ENCODE_ANY and JSON_REAL_PRECISION
 * (reals are written by jansson itself, in its number format).  Returns 0,
 * or -1 when memory ran out or the value cannot be written (NULL, a scalar
 * without JSON_ENCODE_ANY, or a flag not listed here: JSON_SORT_KEYS,
 * JSON_ENSURE_ASCII, JSON_ESCAPE_SLASH, JSON_EMBED), leaving `out` with a
 * partial text. */
int jsonwrite(buf *out, const json_t *v, size_t flags);

/* The same text, an array of thousands of elements (a report's findings)
 * written by `threads` threads in contiguous runs and joined in order.
 * `v` must not change meanwhile (reading a jansson value from several
 * threads is safe). */
int jsonwrite_threads(buf *out, const json_t *v, size_t flags, unsigned threads);

/* The pieces, for writers of other trees (jsontape.h) that must give the
 * same bytes: a string with its quotes and escapes; jansson's break before
 * a member or element at `depth` (a newline and the indent, or a space
 * after a separator when `space`); an array of n elements, each written by
 * `element` at the depth given, on `threads` threads when long. */
int jsonwrite_string(buf *out, const char *s, size_t n);
/* v written as it stands at `depth` inside a document (an element of an
 * array written by jsonwrite_array(), whose callback is given the depth). */
int jsonwrite_at(buf *out, const json_t *v, size_t flags, size_t depth);
int jsonwrite_break(buf *out, size_t flags, size_t depth, int space);
typedef int jsonwrite_element_fn(buf *out, const void *ctx, size_t i, size_t flags, size_t depth);
int jsonwrite_array(buf *out, size_t n, jsonwrite_element_fn *element, const void *ctx, size_t flags, size_t depth,
                    unsigned threads);

/* jsonwrite_array() that hands the text written so far to `flush` every
 * few thousand elements and empties `out`: a report of tens of MB goes
 * out in pieces of a few MB instead of being held whole. */
typedef struct {
	int (*write)(void *ctx, const char *text, size_t n);
	void *ctx;
} jsonwrite_flush;

int jsonwrite_array_flushed(buf *out, size_t n, jsonwrite_element_fn *element, const void *ctx, size_t flags,
                            size_t depth, unsigned threads, const jsonwrite_flush *flush);

/* jsonwrite_threads() with one member of the top-level object written by
 * `splice` instead of from its value (a placeholder): a report whose
 * findings are tapes. */
typedef struct {
	const char *key;
	int (*write)(buf *out, const void *ctx, size_t flags, size_t depth, unsigned threads);
	const void *ctx;
} jsonwrite_splice;

int jsonwrite_spliced(buf *out, const json_t *v, size_t flags, unsigned threads, const jsonwrite_splice *splice);

#endif
