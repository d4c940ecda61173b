/* test_jsontape: tapes read back, and written as the same bytes jansson's
 * values of them give, alone and spliced into a document; tapes kept in
 * an arena, and the arena itself. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "jsontape.h"
#include "jsonwrite.h"
#include "tap.h"

static unsigned seed = 2024;

static unsigned next(unsigned n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 16) % n;
}

static const char *const words[] = {
	"", "a", "path", "line", "with \"quotes\" and \\ backslash", "tab\there", "new\nline", "ctl\x01\x1f",
	"caf\xc3\xa9", "\xe2\x80\xa6 ellipsis", "emoji \xf0\x9f\x98\x80", "</script>", "`code`",
};
#define NWORDS (sizeof(words) / sizeof(words[0]))

/* A random value (depth-limited) onto the tape. */
static void random_value(jsontape *t, int depth)
{
	unsigned k = next(depth < 3 ? 8 : 6), i, n;

	switch (k) {
	case 0: jsontape_string(t, words[next(NWORDS)]); break;
	case 1: jsontape_int(t, (long long)next(100000) - 50000); break;
	case 2: jsontape_int(t, k & 1 ? -9223372036854775807LL - 1 : 9223372036854775807LL); break;
	case 3: jsontape_bool(t, (int)next(2)); break;
	case 4: jsontape_null(t); break;
	case 5: jsontape_string(t, NULL); break; /* null */
	case 6:
		jsontape_open(t, '[');
		for (i = 0, n = next(4); i < n; i++)
			random_value(t, depth + 1);
		jsontape_close(t, ']');
		break;
	default:
		jsontape_open(t, '{');
		for (i = 0, n = next(4); i < n; i++) {
			/* distinct keys, as in an object: names a finding has (stored
			 * as one byte) and others (spelt out), mixed */
			static const char *const known[] = { "path", "evidence", "line", "fields" };
			char key[16];
			snprintf(key, sizeof(key), "k%u", i);
			{ const char *k_ = i % 2 ? known[i] : key; jsontape_keyn(t, k_, strlen(k_)); }
			random_value(t, depth + 1);
		}
		jsontape_close(t, '}');
		break;
	}
}

static void random_tape(jsontape *t)
{
	unsigned i, n = next(6);

	for (i = 0; i < n; i++) {
		static const char *const known[] = { "bucket", "window", "receiver", "score", "rule", "type" };
		char key[16];
		snprintf(key, sizeof(key), "m%u", i);
		{ const char *k_ = i % 2 ? known[i] : key; jsontape_keyn(t, k_, strlen(k_)); }
		random_value(t, 0);
	}
}

static int same_text(const jsontape *t, size_t flags)
{
	json_t *v = jsontape_to_json(t);
	buf a = BUF_INIT, b = BUF_INIT;
	int ok = v && jsontape_write(&a, t, flags, 0) == 0 && jsonwrite(&b, v, flags) == 0 && a.len == b.len &&
	         memcmp(a.ptr, b.ptr, a.len) == 0;

	if (!ok)
		printf("#   tape: [%s]\n#   json: [%s]\n", buf_cstr(&a), buf_cstr(&b));
	json_decref(v);
	buf_free(&a);
	buf_free(&b);
	return ok;
}

static void test_random_tapes(void)
{
	int i, ok = 1;

	for (i = 0; i < 2000 && ok; i++) {
		jsontape t = JSONTAPE_INIT;
		random_tape(&t);
		ok = !t.failed && same_text(&t, JSON_INDENT(2)) && same_text(&t, JSON_INDENT(4)) && same_text(&t, 0) &&
		     same_text(&t, JSON_COMPACT);
		jsontape_free(&t);
	}
	TAP_OK(ok, "2,000 random tapes write what jsonwrite writes of their values (indent 2, 4, none, compact)");
}

static void test_reading(void)
{
	jsontape t = JSONTAPE_INIT;
	json_t *v;

	jsontape_set_string(&t, "path", "src/a.rs");
	jsontape_set_int(&t, "line", 42);
	jsontape_key(&t, "nested");
	jsontape_open(&t, '{');
	jsontape_set_string(&t, "inner", "x");
	jsontape_key(&t, "list");
	jsontape_open(&t, '[');
	jsontape_string(&t, "path"); /* a value that looks like a key */
	jsontape_close(&t, ']');
	jsontape_close(&t, '}');
	jsontape_set_bool(&t, "on", 1);
	jsontape_set_line(&t, "none", 0);
	jsontape_set_string(&t, "bad", "a\xff" "b");
	TAP_OK(!t.failed, "building succeeds");
	TAP_STREQ(jsontape_str(jsontape_get(&t, "path")), "src/a.rs", "a string member");
	TAP_OK(jsontape_integer(jsontape_get(&t, "line")) == 42, "an integer member");
	TAP_OK(jsontape_is_true(jsontape_get(&t, "on")), "a true member");
	TAP_OK(jsontape_get(&t, "none") && jsontape_str(jsontape_get(&t, "none")) == NULL, "line 0 is null, not absent");
	TAP_OK(jsontape_get(&t, "inner") == NULL, "members of nested objects are not top-level members");
	TAP_STREQ(jsontape_str(jsontape_member(jsontape_get(&t, "nested"), "inner")), "x", "a nested member");
	TAP_OK(jsontape_member(jsontape_get(&t, "path"), "inner") == NULL, "a string has no members");
	TAP_OK(jsontape_get(&t, "missing") == NULL, "a missing member is NULL");
	TAP_STREQ(jsontape_str(jsontape_get(&t, "bad")), "a\xef\xbf\xbd" "b", "ill-formed UTF-8 is replaced with U+FFFD");
	v = jsontape_to_json(&t);
	TAP_OK(v && json_integer_value(json_object_get(v, "line")) == 42 &&
	       json_is_null(json_object_get(v, "none")) && json_array_size(json_object_get(json_object_get(v, "nested"), "list")) == 1,
	       "as jansson values");
	TAP_OK(same_text(&t, JSON_INDENT(2)), "written as jansson would write them");
	jsontape_set_string(&t, "status", "new"); /* appended later, as a baseline does */
	TAP_STREQ(jsontape_str(jsontape_get(&t, "status")), "new", "a member appended after the others");
	TAP_OK(same_text(&t, JSON_INDENT(2)), "and written last");
	json_decref(v);
	jsontape_free(&t);
}

/* A document whose "findings" are tapes, written spliced on 1 and 2
 * threads, against the document with their values put in. */
static int write_findings(buf *out, const void *ctx, size_t flags, size_t depth, unsigned threads)
{
	return jsontape_list_write(out, ctx, flags, depth, threads, NULL);
}

/* The same, handing the text on in pieces to `flushed` as it goes. */
static buf flushed = BUF_INIT;
static size_t pieces;

static int collect(void *ctx, const char *text, size_t n)
{
	(void)ctx;
	pieces++;
	return buf_append(&flushed, text, n);
}

static int write_findings_flushed(buf *out, const void *ctx, size_t flags, size_t depth, unsigned threads)
{
	jsonwrite_flush flush = { collect, NULL };

	return jsontape_list_write(out, ctx, flags, depth, threads, &flush);
}

static void test_spliced(void)
{
	jsontape_list list = { NULL, 0, 0 };
	json_t *doc = json_pack("{s:s, s:[], s:{s:i}}", "schema", "x", "findings", "after", "n", 1), *values;
	buf a = BUF_INIT, b = BUF_INIT, c = BUF_INIT;
	jsonwrite_splice splice = { "findings", write_findings, &list };
	size_t i;
	int ok = 1;

	for (i = 0; i < 5000 && ok; i++) { /* long enough to be written on two threads */
		jsontape *t = calloc(1, sizeof(*t));
		if (!t || jsontape_list_push(&list, t) < 0) {
			free(t);
			ok = 0;
			break;
		}
		random_tape(t);
		jsontape_set_int(t, "n", (long long)i);
	}
	TAP_OK(ok, "5,000 tapes made");
	ok = jsonwrite_spliced(&a, doc, JSON_INDENT(2), 1, &splice) == 0 &&
	     jsonwrite_spliced(&b, doc, JSON_INDENT(2), 2, &splice) == 0;
	values = jsontape_list_to_json(&list);
	ok = ok && values && json_array_size(values) == list.n && json_object_set_new(doc, "findings", values) == 0 &&
	     jsonwrite(&c, doc, JSON_INDENT(2)) == 0;
	{ /* handed on in pieces: what was flushed, then what is left */
		jsonwrite_splice in_pieces = { "findings", write_findings_flushed, &list };
		buf rest = BUF_INIT;
		int fine = jsonwrite_spliced(&rest, doc, JSON_INDENT(2), 2, &in_pieces) == 0 &&
		           buf_append(&flushed, rest.ptr, rest.len) == 0;
		TAP_OK(fine && pieces >= 2 && flushed.len == a.len && memcmp(flushed.ptr, a.ptr, a.len) == 0,
		       "spliced tapes handed on in pieces: the same bytes");
		buf_free(&rest);
		buf_free(&flushed);
	}
	TAP_OK(ok && a.len == c.len && memcmp(a.ptr, c.ptr, a.len) == 0, "spliced tapes: the document's bytes, one thread");
	TAP_OK(ok && b.len == c.len && memcmp(b.ptr, c.ptr, b.len) == 0, "spliced tapes: the document's bytes, two threads");
	TAP_OK(ok && json_integer_value(json_object_get(json_array_get(values, 4999), "n")) == 4999,
	       "values made on two threads keep their order");
	json_decref(doc);
	buf_free(&a);
	buf_free(&b);
	buf_free(&c);
	jsontape_list_free_all(&list);
}

/* A tape made again from its jansson values writes the same bytes. */
static void test_from_json(void)
{
	int i, ok = 1;

	for (i = 0; i < 2000 && ok; i++) {
		jsontape t = JSONTAPE_INIT, back = JSONTAPE_INIT;
		json_t *v;
		buf a = BUF_INIT, b = BUF_INIT;
		random_tape(&t);
		v = jsontape_to_json(&t);
		ok = v && jsontape_from_json(&back, v) == 0 && jsontape_write(&a, &t, JSON_INDENT(2), 1) == 0 &&
		     jsontape_write(&b, &back, JSON_INDENT(2), 1) == 0 && a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0;
		json_decref(v);
		buf_free(&a);
		buf_free(&b);
		jsontape_free(&t);
		jsontape_free(&back);
	}
	TAP_OK(ok, "2,000 random tapes made again from their values write the same bytes");
	{
		jsontape t = JSONTAPE_INIT;
		json_t *arr = json_array();
		TAP_OK(jsontape_from_json(&t, arr) < 0, "an array is not a finding's object: refused");
		json_decref(arr);
		jsontape_free(&t);
	}
}

/* A finding's member names are stored as one byte; any other spelt out:
 * both read back by name, in order, as JSON and as text. */
static void test_known_keys(void)
{
	jsontape t = JSONTAPE_INIT, u = JSONTAPE_INIT;
	jsontape_value v, prev = NULL;
	const char *key = NULL;
	buf out = BUF_INIT;
	json_t *j;

	jsontape_set_string(&t, "path", "src/a.rs");
	jsontape_set_int(&t, "zz_not_known", 7);
	jsontape_set_int(&t, "line", 12);
	TAP_OK(!t.failed && t.b.len == 2 + (1 + 4 + 8 + 1) + (1 + 4 + 12 + 1) + 9 + 2 + 9,
	       "a known key takes two bytes, another its length, bytes and NUL");
	v = jsontape_get(&t, "line");
	TAP_OK(v && jsontape_integer(v) == 12 && jsontape_get(&t, "zz_not_known") &&
	           jsontape_integer(jsontape_get(&t, "zz_not_known")) == 7 &&
	           strcmp(jsontape_str(jsontape_get(&t, "path")), "src/a.rs") == 0 && !jsontape_get(&t, "pat"),
	       "both kinds of key found by name; a prefix of a known key is not it");
	prev = jsontape_next(&t, NULL, &key);
	TAP_OK(prev && strcmp(key, "path") == 0 && (prev = jsontape_next(&t, prev, &key)) && strcmp(key, "zz_not_known") == 0 &&
	           (prev = jsontape_next(&t, prev, &key)) && strcmp(key, "line") == 0 && !jsontape_next(&t, prev, &key),
	       "members in order, each key's name");
	j = jsontape_to_json(&t);
	TAP_OK(jsontape_write(&out, &t, JSON_COMPACT, 0) == 0 &&
	           strcmp(buf_cstr(&out), "{\"path\":\"src/a.rs\",\"zz_not_known\":7,\"line\":12}") == 0 && j &&
	           json_integer_value(json_object_get(j, "line")) == 12,
	       "written as text and as jansson values with the names spelt out");
	TAP_OK(j && jsontape_from_json(&u, j) == 0 && jsontape_get(&u, "path") && jsontape_get(&u, "zz_not_known"),
	       "and back from jansson");
	json_decref(j);
	buf_free(&out);
	jsontape_free(&t);
	jsontape_free(&u);
}

/* jsontape_key() of a literal looks the key up once for its place in the
 * code and reuses the answer: the tape must be the same as jsontape_keyn()
 * makes, the second pass through that place included (a known key and an
 * unknown one). */
static void test_literal_keys(void)
{
	jsontape a = JSONTAPE_INIT, b = JSONTAPE_INIT;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		jsontape_open(&a, '{');
		jsontape_set_string(&a, "path", "x.rs");
		jsontape_set_line(&a, "not_a_known_key", 7);
		jsontape_close(&a, '}');
		jsontape_open(&b, '{');
		jsontape_keyn(&b, "path", 4);
		jsontape_string(&b, "x.rs");
		jsontape_keyn(&b, "not_a_known_key", 15);
		jsontape_int(&b, 7);
		jsontape_close(&b, '}');
	}
	TAP_OK(!a.failed && a.b.len == b.b.len && memcmp(a.b.ptr, b.b.ptr, a.b.len) == 0,
	       "a literal key's cached index writes the tape jsontape_keyn writes, on the second pass too");
	jsontape_free(&a);
	jsontape_free(&b);
}

/* Pieces of every size, across many blocks and one larger than a block:
 * each aligned, each keeping its bytes while the others are written. */
static void test_arena(void)
{
	arena a = ARENA_INIT, b = ARENA_INIT;
	enum { N = 3000 };
	static unsigned char *piece[N];
	static size_t size[N];
	size_t i, j;
	int aligned = 1, intact = 1, big_ok;
	unsigned char *big;

	for (i = 0; i < N; i++) {
		size[i] = 1 + next(5000) + (i % 97 == 0 ? 40000 : 0);
		if (!(piece[i] = arena_alloc(i % 2 ? &a : &b, size[i])))
			break;
		aligned &= ((uintptr_t)piece[i] % 16) == 0;
		memset(piece[i], (int)(i & 0xff), size[i]);
	}
	TAP_OK(i == N && aligned, "3,000 pieces of 1 B to 45 KB from two arenas, each aligned to 16 bytes");
	big = arena_alloc(&a, (size_t)5 << 20); /* over the first blocks' 2 MB */
	big_ok = big != NULL;
	if (big) {
		memset(big, 0xab, (size_t)5 << 20);
		big_ok = big[0] == 0xab && big[((size_t)5 << 20) - 1] == 0xab;
	}
	TAP_OK(big_ok, "a piece larger than a block gets a block of its own");
	arena_adopt(&a, &b);
	TAP_OK(b.blocks == NULL && b.next == NULL, "adopting empties the arena adopted");
	for (i = 0; i < N && intact; i++)
		for (j = 0; j < size[i]; j++)
			if (piece[i][j] != (unsigned char)(i & 0xff)) {
				intact = 0;
				break;
			}
	TAP_OK(intact, "every piece keeps its bytes, those of the adopted arena too");
	arena_adopt(&a, &b); /* an empty one: nothing */
	arena_free(&a);
	arena_free(&b);
	TAP_OK(a.blocks == NULL && a.next == NULL, "a freed arena is empty, and can be used again");
	TAP_OK(arena_alloc(&a, 10) != NULL, "an arena used again gives pieces");
	arena_free(&a);
	{
		size_t n = ((size_t)5 << 20) / sizeof(long) + 3;
		long *z = arena_calloc_huge(n, sizeof(long));
		int zero = z != NULL;
		for (i = 0; zero && i < n; i++)
			zero = z[i] == 0;
		TAP_OK(zero, "arena_calloc_huge gives zeroed memory, of megabytes too");
		free(z);
		TAP_OK(arena_calloc_huge(SIZE_MAX / 2, 4) == NULL, "arena_calloc_huge refuses a size that overflows");
	}
}

/* A finished tape kept in an arena reads and writes as the one it was
 * copied from; the building tape is emptied and used again; a kept tape
 * written to takes its bytes out, leaving its neighbours in the arena as
 * they were. */
static void test_kept(void)
{
	arena a = ARENA_INIT;
	jsontape build = JSONTAPE_INIT, kept[50], bad = JSONTAPE_INIT, plain;
	buf x = BUF_INIT, y = BUF_INIT;
	int i, same = 1, reads = 1;

	for (i = 0; i < 50; i++) {
		jsontape_reset(&build);
		jsontape_set_string(&build, "path", "src/lib.rs");
		jsontape_set_int(&build, "line", i);
		random_tape(&build);
		if (jsontape_keep(&kept[i], &build, &a) < 0) {
			same = 0;
			break;
		}
		buf_clear(&x);
		buf_clear(&y);
		same &= kept[i].borrowed && jsontape_write(&x, &build, JSON_INDENT(2), 0) == 0 &&
		        jsontape_write(&y, &kept[i], JSON_INDENT(2), 0) == 0 && x.len == y.len && memcmp(x.ptr, y.ptr, x.len) == 0;
	}
	TAP_OK(i == 50 && same, "50 tapes built in one reused tape and kept in an arena write as they were built");
	for (i = 0; i < 50; i++)
		reads &= jsontape_integer(jsontape_get(&kept[i], "line")) == i;
	TAP_OK(reads, "each kept tape reads its own members, the building tape's reuse notwithstanding");
	buf_clear(&x);
	jsontape_write(&x, &kept[21], JSON_INDENT(2), 0);
	jsontape_set_string(&kept[20], "status", "new");
	buf_clear(&y);
	jsontape_write(&y, &kept[21], JSON_INDENT(2), 0);
	TAP_OK(!kept[20].failed && !kept[20].borrowed && jsontape_str(jsontape_get(&kept[20], "status")) &&
	           strcmp(jsontape_str(jsontape_get(&kept[20], "status")), "new") == 0 &&
	           jsontape_integer(jsontape_get(&kept[20], "line")) == 20,
	       "a kept tape written to takes its bytes out and has the new member");
	TAP_OK(x.len == y.len && memcmp(x.ptr, y.ptr, x.len) == 0, "its neighbour in the arena is unchanged");
	jsontape_open(&bad, '[');
	TAP_OK(jsontape_keep(&plain, &bad, &a) < 0, "a tape with a bracket open is not kept");
	jsontape_free(&bad);
	jsontape_reset(&build);
	jsontape_set_int(&build, "line", 7);
	TAP_OK(jsontape_keep(&plain, &build, NULL) == 0 && !plain.borrowed &&
	           jsontape_integer(jsontape_get(&plain, "line")) == 7,
	       "without an arena the kept tape owns its bytes");
	jsontape_free(&plain);
	for (i = 0; i < 50; i++)
		jsontape_free(&kept[i]); /* the arena's bytes are not freed here ... */
	arena_free(&a);             /* ... but here (a sanitizer build would see a double free) */
	jsontape_free(&build);
	buf_free(&x);
	buf_free(&y);
}

int main(void)
{
	test_arena();
	test_kept();
	test_known_keys();
	test_literal_keys();
	test_random_tapes();
	test_from_json();
	test_reading();
	test_spliced();
	return tap_done();
}
