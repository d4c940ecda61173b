#include "config.h"

#include "jsontape.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jsonwrite.h"
#include "parallel.h"
#include "pyunicode.h"

/* ---- keys ------------------------------------------------------------------ */

/* The members a finding has, stored as a tag 'K' and one byte: a finding's
 * tape has some 60 members, and their names spelt out ('k', a length, the
 * bytes, a NUL) were over a third of its bytes -- and of an audit's memory
 * on a tree with tens of thousands of findings.  Any other key is spelt
 * out.  (Adding a name here changes no output.) */
static const char *const known_keys[] = {
	"allow_redundant_clone", "base_type_unknown", "borrow", "borrowed_line", "bound_changed_line", "bound_only_read", "bound_to",
	"boundary", "boundary_line", "bucket", "bucket_and_change", "by", "change", "cloned_value", "closure_line",
	"closure_move", "code", "column", "confidence", "copy_behind_reference", "correctness_proof", "cost",
	"cost_from_name", "crate", "declared_line", "detail", "edit", "end_column", "end_line", "evidence",
	"field_behind_deref", "field_cleared_line", "field_of_drop_type", "fields", "file_line", "fingerprint",
	"first", "fn", "for_loop_over_clone", "hot_path", "hot_path_rationale", "in_test_code", "key_of_maybe_reference_line", "later_use_line",
	"line", "lines", "lock", "loop_line", "message", "on_hot_path", "pack", "partial_move", "path", "reason",
	"receiver", "receiver_is_reference", "related_line", "removal_rationale", "replacement", "required_clone_check", "returned", "root",
	"root_kind", "root_outside_loop", "rule", "score", "severity", "statement_end_line", "status",
	"suppression", "temporary_borrowed_line", "text", "tier", "title", "trace", "type", "type_source",
	"unsafe_line", "validation", "validation_command", "verification", "window",
};
#define NKNOWN (sizeof(known_keys) / sizeof(known_keys[0]))
#define KEY_SLOTS 512

static unsigned char key_slot[KEY_SLOTS]; /* index + 1 into known_keys, 0: empty */
static unsigned char key_len[NKNOWN];
static pthread_once_t keys_once = PTHREAD_ONCE_INIT;

static size_t key_hash(const char *k, size_t n)
{
	return (n * 31u + (unsigned char)k[0] * 7u + (unsigned char)k[n - 1]) & (KEY_SLOTS - 1);
}

static void build_key_slots(void)
{
	size_t i, h;

	for (i = 0; i < NKNOWN; i++) {
		key_len[i] = (unsigned char)strlen(known_keys[i]);
		for (h = key_hash(known_keys[i], key_len[i]); key_slot[h]; h = (h + 1) & (KEY_SLOTS - 1))
			;
		key_slot[h] = (unsigned char)(i + 1);
	}
}

/* known_keys' index of key[0..n), or -1. */
int jsontape_key_id(const char *key, size_t n)
{
	size_t h;

	if (n == 0)
		return -1;
	pthread_once(&keys_once, build_key_slots);
	for (h = key_hash(key, n); key_slot[h]; h = (h + 1) & (KEY_SLOTS - 1)) {
		size_t i = key_slot[h] - 1u;
		if (key_len[i] == n && memcmp(known_keys[i], key, n) == 0)
			return (int)i;
	}
	return -1;
}

/* ---- building ------------------------------------------------------------ */

/* A kept tape written to (a suppression, a baseline's status) first
 * takes its bytes out of the arena: the arena's pieces never grow. */
static int writable(jsontape *t)
{
	buf own = BUF_INIT;

	if (buf_append(&own, t->b.ptr, t->b.len) < 0) {
		t->failed = 1;
		return -1;
	}
	t->b = own;
	t->borrowed = 0;
	return 0;
}

static void put(jsontape *t, const void *p, size_t n)
{
	if (!t->failed && (!t->borrowed || writable(t) == 0) && buf_append(&t->b, p, n) < 0)
		t->failed = 1;
}

static void put_tag(jsontape *t, unsigned char tag)
{
	put(t, &tag, 1);
}

/* tag, uint32 length, the bytes, NUL: reserved once, written in place (a
 * finding writes some 80 of them) */
static void put_text(jsontape *t, unsigned char tag, const char *s, size_t n)
{
	uint32_t len = (uint32_t)n;
	char *p;

	if (n > UINT32_MAX)
		t->failed = 1;
	if (t->failed || (t->borrowed && writable(t) < 0))
		return;
	if (buf_reserve(&t->b, n + 6) < 0) {
		t->failed = 1;
		return;
	}
	p = t->b.ptr + t->b.len;
	p[0] = (char)tag;
	memcpy(p + 1, &len, sizeof(len));
	memcpy(p + 5, s, n);
	p[5 + n] = '\0';
	t->b.len += n + 6;
	t->b.ptr[t->b.len] = '\0';
}

void jsontape_key_as(jsontape *t, int id, const char *key, size_t n)
{
	if (id >= 0) {
		unsigned char rec[2] = { 'K', (unsigned char)id };
		put(t, rec, 2);
	} else
		put_text(t, 'k', key, n);
}

void jsontape_keyn(jsontape *t, const char *key, size_t n)
{
	jsontape_key_as(t, jsontape_key_id(key, n), key, n);
}

void jsontape_stringn(jsontape *t, const char *s, size_t n)
{
	if (!py_utf8_valid(s, n)) { /* the writer relies on valid UTF-8 */
		buf fixed = BUF_INIT;
		if (py_utf8_repair(&fixed, s, n) < 0)
			t->failed = 1;
		else
			put_text(t, 's', buf_cstr(&fixed), fixed.len);
		buf_free(&fixed);
		return;
	}
	put_text(t, 's', s, n);
}

void jsontape_string(jsontape *t, const char *s)
{
	if (s)
		jsontape_stringn(t, s, strlen(s));
	else
		jsontape_null(t);
}

void jsontape_int(jsontape *t, long long v)
{
	int64_t x = v;

	put_tag(t, 'i');
	put(t, &x, sizeof(x));
}

void jsontape_bool(jsontape *t, int v)
{
	put_tag(t, v ? 't' : 'f');
}

void jsontape_null(jsontape *t)
{
	put_tag(t, 'n');
}

void jsontape_open(jsontape *t, char bracket)
{
	uint32_t span = 0;

	if (t->depth == JSONTAPE_MAX_DEPTH) {
		t->failed = 1;
		return;
	}
	put_tag(t, (unsigned char)bracket);
	t->open[t->depth++] = t->b.len;
	put(t, &span, sizeof(span));
}

void jsontape_close(jsontape *t, char bracket)
{
	uint32_t span;
	size_t at;

	if (t->depth == 0) {
		t->failed = 1;
		return;
	}
	put_tag(t, (unsigned char)bracket);
	at = t->open[--t->depth];
	/* the bytes after the span field through the closer: a reader skips
	 * a nested value in one step */
	span = (uint32_t)(t->b.len - at - sizeof(span));
	if (!t->failed)
		memcpy(t->b.ptr + at, &span, sizeof(span));
}

void jsontape_trim(jsontape *t)
{
	char *p;

	if (!t->borrowed && t->b.ptr && t->b.cap > t->b.len + 1 && (p = realloc(t->b.ptr, t->b.len + 1))) {
		t->b.ptr = p;
		t->b.cap = t->b.len + 1;
	}
}

int jsontape_keep(jsontape *dst, const jsontape *src, arena *a)
{
	char *p;

	memset(dst, 0, sizeof(*dst));
	if (src->failed || src->depth || !src->b.ptr)
		return -1;
	if (!(p = a ? arena_alloc(a, src->b.len + 1) : malloc(src->b.len + 1)))
		return -1;
	memcpy(p, src->b.ptr, src->b.len + 1);
	dst->b.ptr = p;
	dst->b.len = src->b.len;
	dst->b.cap = src->b.len + 1;
	dst->borrowed = a != NULL;
	return 0;
}

void jsontape_reset(jsontape *t)
{
	if (t->borrowed) {
		memset(t, 0, sizeof(*t));
		return;
	}
	buf_clear(&t->b);
	t->failed = 0;
	t->depth = 0;
}

void jsontape_free(jsontape *t)
{
	if (!t->borrowed)
		buf_free(&t->b);
	memset(t, 0, sizeof(*t));
}

/* ---- reading ------------------------------------------------------------- */

static uint32_t text_len(jsontape_value v)
{
	uint32_t n;

	memcpy(&n, v + 1, sizeof(n));
	return n;
}

static const char *text_of(jsontape_value v)
{
	return (const char *)v + 1 + sizeof(uint32_t);
}

/* A member's key: 'K' and its known_keys index, or 'k' spelt out. */
static int is_key(jsontape_value p)
{
	return *p == 'K' || *p == 'k';
}

static const char *key_text(jsontape_value p, size_t *n)
{
	if (*p == 'K') {
		*n = key_len[p[1]];
		return known_keys[p[1]];
	}
	*n = text_len(p);
	return text_of(p);
}

/* The value after the key at p. */
static jsontape_value after_key(jsontape_value p)
{
	return *p == 'K' ? p + 2 : p + 1 + sizeof(uint32_t) + text_len(p) + 1;
}

/* Past one entry: a whole value for an open bracket, by its span. */
static jsontape_value skip(jsontape_value v)
{
	switch (*v) {
	case 'K': return v + 2;
	case 'k':
	case 's': return v + 1 + sizeof(uint32_t) + text_len(v) + 1;
	case 'i': return v + 1 + sizeof(int64_t);
	case '{':
	case '[': return v + 1 + sizeof(uint32_t) + text_len(v); /* the span is stored as a text's length is */
	default:  return v + 1; /* t f n, and a closer */
	}
}

/* The first entry inside an open bracket. */
static jsontape_value inside(jsontape_value v)
{
	return v + 1 + sizeof(uint32_t);
}

/* The member `key` among the members from p up to end (or a closing brace). */
static jsontape_value find(jsontape_value p, jsontape_value end, const char *key)
{
	size_t kl = strlen(key), n;

	while ((!end || p < end) && is_key(p)) {
		jsontape_value value = after_key(p);
		const char *k = key_text(p, &n);
		if (n == kl && memcmp(k, key, kl) == 0)
			return value;
		p = skip(value);
	}
	return NULL;
}

jsontape_value jsontape_get(const jsontape *t, const char *key)
{
	const unsigned char *p = (const unsigned char *)t->b.ptr;

	return t->b.len ? find(p, p + t->b.len, key) : NULL;
}

jsontape_value jsontape_next(const jsontape *t, jsontape_value prev, const char **key)
{
	const unsigned char *start = (const unsigned char *)t->b.ptr, *p;

	if (!t->b.len)
		return NULL;
	size_t n;

	p = prev ? skip(prev) : start;
	if (p >= start + t->b.len || !is_key(p))
		return NULL;
	*key = key_text(p, &n); /* NUL-terminated either way */
	return after_key(p);
}

jsontape_value jsontape_member(jsontape_value obj, const char *key)
{
	return obj && *obj == '{' ? find(inside(obj), NULL, key) : NULL;
}

const char *jsontape_str(jsontape_value v)
{
	return v && *v == 's' ? text_of(v) : NULL;
}

long long jsontape_integer(jsontape_value v)
{
	int64_t x = 0;

	if (v && *v == 'i')
		memcpy(&x, v + 1, sizeof(x));
	return x;
}

int jsontape_is_true(jsontape_value v)
{
	return v && *v == 't';
}

/* ---- as jansson values ----------------------------------------------------- */

/* The value at *pp, advancing past it. */
static json_t *value_to_json(jsontape_value *pp)
{
	jsontape_value v = *pp;
	json_t *out = NULL;

	switch (*v) {
	case 's': /* checked (or repaired) when it was recorded */
		out = json_stringn_nocheck(text_of(v), text_len(v));
		break;
	case 'i': out = json_integer(jsontape_integer(v)); break;
	case 't': out = json_true(); break;
	case 'f': out = json_false(); break;
	case 'n': out = json_null(); break;
	case '[': {
		int failed = !(out = json_array());
		v = inside(v);
		while (*v != ']')
			if (json_array_append_new(out, value_to_json(&v)) < 0)
				failed = 1; /* (the element was released) */
		*pp = v + 1;
		if (failed) {
			json_decref(out);
			return NULL;
		}
		return out;
	}
	case '{': {
		int failed = !(out = json_object());
		v = inside(v);
		while (is_key(v)) {
			size_t n;
			const char *key = key_text(v, &n);
			v = after_key(v);
			if (json_object_set_new_nocheck(out, key, value_to_json(&v)) < 0)
				failed = 1;
		}
		*pp = v + 1;
		if (failed) {
			json_decref(out);
			return NULL;
		}
		return out;
	}
	default:
		break;
	}
	*pp = skip(v);
	return out;
}

json_t *jsontape_value_to_json(jsontape_value v)
{
	return v ? value_to_json(&v) : NULL;
}

json_t *jsontape_to_json(const jsontape *t)
{
	jsontape_value p = (const unsigned char *)t->b.ptr, end = p + t->b.len;
	json_t *out = json_object();

	while (out && p && p < end && is_key(p)) {
		size_t n;
		const char *key = key_text(p, &n);
		p = after_key(p);
		if (json_object_set_new_nocheck(out, key, value_to_json(&p)) < 0) {
			json_decref(out);
			out = NULL;
		}
	}
	return out;
}

static void value_from_json(jsontape *t, const json_t *v)
{
	const char *key;
	json_t *member;
	size_t i;

	switch (json_typeof(v)) {
	case JSON_STRING: jsontape_stringn(t, json_string_value(v), json_string_length(v)); break;
	case JSON_INTEGER: jsontape_int(t, (long long)json_integer_value(v)); break;
	case JSON_TRUE: jsontape_bool(t, 1); break;
	case JSON_FALSE: jsontape_bool(t, 0); break;
	case JSON_ARRAY:
		jsontape_open(t, '[');
		for (i = 0; i < json_array_size(v); i++)
			value_from_json(t, json_array_get(v, i));
		jsontape_close(t, ']');
		break;
	case JSON_OBJECT:
		jsontape_open(t, '{');
		json_object_foreach((json_t *)v, key, member) {
			jsontape_keyn(t, key, strlen(key));
			value_from_json(t, member);
		}
		jsontape_close(t, '}');
		break;
	default: /* null; a real number never appears in a finding */
		jsontape_null(t);
		break;
	}
}

int jsontape_from_json(jsontape *t, const json_t *obj)
{
	const char *key;
	json_t *member;

	if (!json_is_object(obj))
		return -1;
	json_object_foreach((json_t *)obj, key, member) {
		jsontape_keyn(t, key, strlen(key));
		value_from_json(t, member);
	}
	return t->failed || t->depth ? -1 : 0;
}

/* ---- as text -------------------------------------------------------------- */

static int put_int(buf *out, long long v)
{
	char tmp[24], *p = tmp + sizeof(tmp);
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	return buf_append(out, p, (size_t)(tmp + sizeof(tmp) - p));
}

/* The members (or elements) from *pp to their closer -- `end` for the
 * top level -- after the opening bracket has been written. */
static int write_members(buf *out, jsontape_value *pp, jsontape_value end, size_t flags, size_t depth, int object);

static int write_value(buf *out, jsontape_value *pp, size_t flags, size_t depth)
{
	jsontape_value v = *pp;

	switch (*v) {
	case 's':
		*pp = v + 1 + sizeof(uint32_t) + text_len(v) + 1;
		return jsonwrite_string(out, text_of(v), text_len(v));
	case 'i':
		*pp = v + 1 + sizeof(int64_t);
		return put_int(out, jsontape_integer(v));
	case 't': *pp = v + 1; return buf_append(out, "true", 4);
	case 'f': *pp = v + 1; return buf_append(out, "false", 5);
	case 'n': *pp = v + 1; return buf_append(out, "null", 4);
	case '{':
	case '[':
		*pp = inside(v);
		return write_members(out, pp, NULL, flags, depth, *v == '{');
	default:
		return -1;
	}
}

static int write_members(buf *out, jsontape_value *pp, jsontape_value end, size_t flags, size_t depth, int object)
{
	jsontape_value p = *pp;
	char close = object ? '}' : ']';
	int first = 1;

	if (buf_putc(out, object ? '{' : '[') < 0)
		return -1;
	for (;;) {
		int at_end = end ? p >= end : *p == (unsigned char)close;
		if (at_end) {
			if (!end)
				p++;
			*pp = p;
			/* jansson: `{}` and `[]` empty; else a break, at the outer depth */
			if (!first && jsonwrite_break(out, flags, depth, 0) < 0)
				return -1;
			return buf_putc(out, close);
		}
		if (first ? jsonwrite_break(out, flags, depth + 1, 0) < 0
		          : buf_putc(out, ',') < 0 || jsonwrite_break(out, flags, depth + 1, 1) < 0)
			return -1;
		first = 0;
		if (object) {
			size_t n;
			const char *key;
			if (!is_key(p))
				return -1;
			key = key_text(p, &n);
			if (jsonwrite_string(out, key, n) < 0 || buf_append(out, ": ", flags & JSON_COMPACT ? 1 : 2) < 0)
				return -1;
			p = after_key(p);
		}
		if (write_value(out, &p, flags, depth + 1) < 0)
			return -1;
	}
}

int jsontape_write(buf *out, const jsontape *t, size_t flags, size_t depth)
{
	jsontape_value p = (const unsigned char *)(t->b.ptr ? t->b.ptr : "");

	if (t->failed || t->depth)
		return -1;
	return write_members(out, &p, p + t->b.len, flags, depth, 1);
}

/* ---- lists ------------------------------------------------------------------ */

int jsontape_list_push(jsontape_list *l, jsontape *t)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 256;
		jsontape **v = realloc(l->v, cap * sizeof(*v));
		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = t;
	return 0;
}

void jsontape_list_free(jsontape_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void jsontape_list_free_all(jsontape_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		jsontape_free(l->v[i]);
		free(l->v[i]);
	}
	jsontape_list_free(l);
}

static int write_element(buf *out, const void *ctx, size_t i, size_t flags, size_t depth)
{
	return jsontape_write(out, ((const jsontape_list *)ctx)->v[i], flags, depth);
}

int jsontape_list_write(buf *out, const jsontape_list *l, size_t flags, size_t depth, unsigned threads,
                        const jsonwrite_flush *flush)
{
	return jsonwrite_array_flushed(out, l->n, write_element, l, flags, depth, threads, flush);
}

/* Conversion in runs, one per thread: jansson values may be made on any
 * thread, and the array is filled in order afterwards. */
typedef struct {
	const jsontape_list *l;
	json_t **v;
} convert_ctx;

static void convert_run(void *ctx, size_t from, size_t to)
{
	convert_ctx *c = ctx;
	size_t i;

	for (i = from; i < to; i++)
		c->v[i] = jsontape_to_json(c->l->v[i]);
}

json_t *jsontape_list_to_json(const jsontape_list *l)
{
	json_t *out = json_array(), **v = calloc(l->n ? l->n : 1, sizeof(*v));
	convert_ctx c = { l, v };
	size_t i;
	int ok = out && v;

	if (ok)
		parallel_for(l->n, 2048, convert_run, &c);
	for (i = 0; i < l->n && v; i++) {
		if (ok && v[i]) {
			if (json_array_append_new(out, v[i]) < 0) /* releases v[i] */
				ok = 0;
		} else {
			ok = 0;
			json_decref(v[i]);
		}
	}
	free(v);
	if (!ok) {
		json_decref(out);
		return NULL;
	}
	return out;
}
