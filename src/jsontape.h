/* jsontape: a JSON object recorded as one buffer of tagged values.
 *
 * Why: a nightly report holds tens of thousands of clone findings of some
 * sixty values each.  As jansson values a finding was about 150
 * allocations and 11 KB, and making, writing and freeing them was most of
 * an audit's time -- while the JSON report needs them only as text, and
 * the templates need them as values only at the end.  A tape is one
 * allocation, appended to as the finding is built; it is written as text
 * by jsonwrite's own string and indent routines (the same bytes jsonwrite
 * writes for its JSON value: tests/unit/test_jsontape.c), read by key, and
 * turned into jansson values when a template needs them.
 *
 * Layout: a tag byte, then its payload -- 'k' key and 's' string: a
 * uint32 length, the bytes and a NUL; 'i' integer: an int64; 't' 'f' 'n';
 * '{' '[' open, with a uint32 span (the bytes to just past the closer, so
 * that a reader looking for a member steps over a nested value at once);
 * '}' ']' close.  At most JSONTAPE_MAX_DEPTH brackets are open at a time.  The top level is an object whose braces
 * are implied, so members can be appended at any time. */
#ifndef HPA_JSONTAPE_H
#define HPA_JSONTAPE_H

#include <jansson.h>
#include <stdatomic.h>
#include <stddef.h>

#include "arena.h"
#include "buf.h"
#include "jsonwrite.h"

#define JSONTAPE_MAX_DEPTH 8

typedef struct {
	buf b;
	int failed;  /* memory ran out, or brackets did not pair: the tape is unusable */
	int depth;   /* brackets open while building */
	size_t open[JSONTAPE_MAX_DEPTH]; /* where their spans go */
	int borrowed; /* the bytes are an arena's (jsontape_keep): a write copies them out first */
} jsontape;

#define JSONTAPE_INIT { BUF_INIT, 0, 0, { 0 }, 0 }

/* Building.  Strings must be valid UTF-8 (ill-formed bytes are replaced
 * with U+FFFD, as jansson would have refused them); NULL is written as
 * null.  Errors are sticky in t->failed. */
void jsontape_keyn(jsontape *t, const char *key, size_t n);
void jsontape_string(jsontape *t, const char *s);
void jsontape_stringn(jsontape *t, const char *s, size_t n);
void jsontape_int(jsontape *t, long long v);
void jsontape_bool(jsontape *t, int v);
void jsontape_null(jsontape *t);
void jsontape_open(jsontape *t, char bracket);  /* '{' or '[' */
void jsontape_close(jsontape *t, char bracket); /* '}' or ']' */

/* The index of a key the tape stores in one byte (jsontape.c's list of
 * the report's keys), or -1; and a key put by that index (-1: spelled
 * out). */
int jsontape_key_id(const char *key, size_t n);
void jsontape_key_as(jsontape *t, int id, const char *key, size_t n);

/* A key written as a string literal: its index looked up once per place
 * in the code, not once per finding (a finding puts some 60 keys, and the
 * lookup was 5% of a dense tree's audit).  Any other key: jsontape_keyn(). */
#define jsontape_key(t, key)                                                                            \
	do {                                                                                                \
		static _Atomic int jt_id_ = -2; /* -2: not looked up yet */                                     \
		int jt_i_ = atomic_load_explicit(&jt_id_, memory_order_relaxed);                                \
		if (jt_i_ == -2) {                                                                              \
			jt_i_ = jsontape_key_id("" key, sizeof(key) - 1);                                           \
			atomic_store_explicit(&jt_id_, jt_i_, memory_order_relaxed);                                \
		}                                                                                               \
		jsontape_key_as((t), jt_i_, "" key, sizeof(key) - 1);                                           \
	} while (0)

/* Shorthands for a member: a literal key, then the value (a string, or
 * null for NULL; a line number, or null for 0).  The value is taken
 * before the key is put, and each argument once. */
static inline void jsontape_line(jsontape *t, unsigned long line)
{
	if (line)
		jsontape_int(t, (long long)line);
	else
		jsontape_null(t);
}

#define jsontape_member_(t, key, put, type, v)                                                          \
	do {                                                                                                \
		jsontape *jt_t_ = (t);                                                                          \
		type jt_v_ = (v);                                                                               \
		jsontape_key(jt_t_, key);                                                                       \
		put(jt_t_, jt_v_);                                                                              \
	} while (0)
#define jsontape_set_string(t, key, s) jsontape_member_(t, key, jsontape_string, const char *, s)
#define jsontape_set_int(t, key, v) jsontape_member_(t, key, jsontape_int, long long, v)
#define jsontape_set_line(t, key, line) jsontape_member_(t, key, jsontape_line, unsigned long, line)
#define jsontape_set_bool(t, key, v) jsontape_member_(t, key, jsontape_bool, int, v)

/* Give back the room reserved but not used (a finding, once built, waits
 * for the report: what it does not use is better used by the next). */
void jsontape_trim(jsontape *t);

/* A finished tape kept for the report: *dst (zeroed first) gets a copy
 * of src's bytes in the arena -- or in memory of its own when `a` is
 * NULL -- and src can be emptied (jsontape_reset) to build the next.  0,
 * or -1 when src failed or memory ran out. */
int jsontape_keep(jsontape *dst, const jsontape *src, arena *a);

/* Empty the tape for another object, keeping its room. */
void jsontape_reset(jsontape *t);

void jsontape_free(jsontape *t);

/* Reading.  A value is a pointer to its tag. */
typedef const unsigned char *jsontape_value;

/* The value of a top-level member, or of a member of the object `obj`;
 * NULL when there is none. */
jsontape_value jsontape_get(const jsontape *t, const char *key);
jsontape_value jsontape_member(jsontape_value obj, const char *key);

/* The top-level members in order: pass NULL for the first; sets *key and
 * returns the value, or NULL after the last. */
jsontape_value jsontape_next(const jsontape *t, jsontape_value prev, const char **key);

/* A string value's text, or NULL for any other value (null included). */
const char *jsontape_str(jsontape_value v);
long long jsontape_integer(jsontape_value v); /* 0 for a non-integer */
int jsontape_is_true(jsontape_value v);

/* As jansson values: the whole object, or one value. NULL on no memory. */
json_t *jsontape_to_json(const jsontape *t);
json_t *jsontape_value_to_json(jsontape_value v);

/* The reverse: append the members of the JSON object `obj` to t (an
 * empty tape makes the same object again, members in the same order).
 * For the few findings rewritten after the audit (a compiler's verdict).
 * 0, or -1 when memory ran out or obj is not an object. */
int jsontape_from_json(jsontape *t, const json_t *obj);

/* Append the object as text, as jsonwrite() writes its JSON value when
 * it sits `depth` levels deep in a document written with `flags`. */
int jsontape_write(buf *out, const jsontape *t, size_t flags, size_t depth);

/* A list of tapes (pointers; whether it owns them is its user's affair). */
typedef struct {
	jsontape **v;
	size_t n, cap;
} jsontape_list;

int jsontape_list_push(jsontape_list *l, jsontape *t);
/* Frees the tapes too. */
void jsontape_list_free_all(jsontape_list *l);
/* Frees the array only. */
void jsontape_list_free(jsontape_list *l);

/* The list as a JSON array's text, as jsonwrite_threads() writes an array
 * of their values at `depth` -- on `threads` threads when it is long, and
 * handed to `flush` (unless NULL) in pieces as jsonwrite_array_flushed()
 * does. */
int jsontape_list_write(buf *out, const jsontape_list *l, size_t flags, size_t depth, unsigned threads,
                        const jsonwrite_flush *flush);

/* The list as a jansson array, made on every core. NULL on no memory. */
json_t *jsontape_list_to_json(const jsontape_list *l);

#endif
