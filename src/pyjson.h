/* pyjson: JSON text exactly as Python's json.dumps(obj, indent=2,
 * sort_keys=True) writes it with the default ensure_ascii=True.
 *
 * jansson writes valid JSON too, but not these bytes (uppercase hex, DEL
 * left raw, its own spacing), and the inventory must be byte-identical to
 * the reference.  The writer is streaming: the caller emits keys in sorted
 * order itself. */
#ifndef HPA_PYJSON_H
#define HPA_PYJSON_H

#include <stddef.h>

#include "buf.h"

/* Append s[0..n) as a JSON string literal.  Well-formed UTF-8 is decoded;
 * any undecodable byte b is written as the lone surrogate \udcXX, as
 * Python writes a str that came from a surrogate-escaped file name. */
int pyjson_put_string(buf *out, const char *s, size_t n);

#define PYJSON_MAX_DEPTH 16

typedef struct {
	buf *out;
	int depth;
	size_t items[PYJSON_MAX_DEPTH]; /* values written so far at each depth */
	char kind[PYJSON_MAX_DEPTH];    /* '[' or '{' for each open container */
	int failed;                     /* sticky: an append ran out of memory */
} pyjson_writer;

void pyjson_init(pyjson_writer *w, buf *out);
void pyjson_begin_object(pyjson_writer *w);
void pyjson_end_object(pyjson_writer *w);
void pyjson_begin_array(pyjson_writer *w);
void pyjson_end_array(pyjson_writer *w);
/* In an object: the key of the next value. */
void pyjson_key(pyjson_writer *w, const char *key);
void pyjson_string(pyjson_writer *w, const char *s, size_t n);
void pyjson_int(pyjson_writer *w, long long v);
/* 0, or -1 when any call ran out of memory or nesting went too deep. */
int pyjson_finish(pyjson_writer *w);

#endif
