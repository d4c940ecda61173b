/* test_jsontape: tapes read back, and written as the same bytes jansson's
 * values of them give, alone and spliced into a document. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

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

int main(void)
{
	test_known_keys();
	test_literal_keys();
	test_random_tapes();
	test_from_json();
	test_reading();
	test_spliced();
	return tap_done();
}
