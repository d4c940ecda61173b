/* test_jsonwrite: jsonwrite() against jansson's own json_dumps(), byte for
 * byte, on hand-made documents, random ones, and the sample audit's model. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jsonwrite.h"
#include "tap.h"

/* Does jsonwrite(v, flags) equal json_dumps(v, flags)? */
static int same(const json_t *v, size_t flags)
{
	buf b = BUF_INIT;
	char *want = json_dumps(v, flags);
	int ok = want && jsonwrite(&b, v, flags) == 0 && strcmp(buf_cstr(&b), want) == 0;

	if (!ok)
		printf("#   got:  [%s]\n#   want: [%s]\n", buf_cstr(&b), want ? want : "(null)");
	free(want);
	buf_free(&b);
	return ok;
}

static const size_t styles[] = { JSON_INDENT(2), JSON_INDENT(4), 0, JSON_COMPACT, JSON_INDENT(1) | JSON_COMPACT };

static void test_hand_made(void)
{
	json_t *doc = json_pack("{s:s, s:i, s:b, s:n, s:[], s:{}, s:[i, s, {s:[n, b]}], s:f, s:I}", "text",
	                        "a\"b\\c\td\n\r\b\f\x01\x1f\x7f <&> / \xc3\xa9 \xf0\x9f\x98\x80", "int", -42, "yes", 1,
	                        "none", "empty_array", "empty_object", "nested", 7, "x", "deep", 0, "real", 2.5,
	                        "big", (json_int_t)-9223372036854775807LL);
	json_t *weird_keys = json_pack("{s:i, s:i, s:i}", "", 1, "k\"e\\y\n", 2, "\xe2\x80\xa8", 3);
	size_t i;

	for (i = 0; i < sizeof(styles) / sizeof(styles[0]); i++) {
		TAP_OK(same(doc, styles[i]), "hand-made document, one output style each");
		TAP_OK(same(weird_keys, styles[i]), "keys with escapes, one output style each");
	}
	{
		json_t *empty = json_array();
		TAP_OK(same(empty, JSON_INDENT(2)), "an empty array");
		json_decref(empty);
	}
	{
		json_t *s = json_string("only a string");
		buf b = BUF_INIT;
		TAP_OK(jsonwrite(&b, s, JSON_INDENT(2)) < 0, "a bare string without JSON_ENCODE_ANY is refused, as jansson does");
		TAP_OK(same(s, JSON_ENCODE_ANY), "a bare string with JSON_ENCODE_ANY");
		TAP_OK(jsonwrite(&b, doc, JSON_SORT_KEYS) < 0, "an unsupported flag is refused, not ignored");
		TAP_OK(jsonwrite(&b, NULL, 0) < 0, "NULL is refused");
		buf_free(&b);
		json_decref(s);
	}
	json_decref(doc);
	json_decref(weird_keys);
}

/* Random documents over every value kind, with strings made of any bytes
 * that form valid UTF-8 (jansson refuses others when the value is made). */
static unsigned long long seed = 0x9e3779b97f4a7c15ULL;

static unsigned next(unsigned n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (unsigned)(seed % n);
}

static json_t *random_string(void)
{
	static const char *const pieces[] = { "a", "\"", "\\", "\n", "\t", "\x01", "\x1f", "\x7f", " ", "/", "\xc3\xa9",
		                                  "\xe2\x80\xa8", "\xf0\x9f\x98\x80", "{{", "<", "0" };
	char s[64] = "";
	unsigned n = next(8), i;

	for (i = 0; i < n; i++)
		strcat(s, pieces[next(sizeof(pieces) / sizeof(pieces[0]))]);
	return json_string(s);
}

static json_t *random_value(int depth)
{
	unsigned k = next(depth > 4 ? 6 : 8), n, i;
	json_t *v;

	switch (k) {
	case 0: return json_null();
	case 1: return json_boolean(next(2));
	case 2: return json_integer((json_int_t)next(2000000) - 1000000);
	case 3: return json_real((double)next(1000) / 8.0);
	case 4:
	case 5: return random_string();
	case 6:
		v = json_array();
		for (n = next(5), i = 0; i < n; i++)
			json_array_append_new(v, random_value(depth + 1));
		return v;
	default:
		v = json_object();
		for (n = next(5), i = 0; i < n; i++) {
			json_t *key = random_string();
			json_object_set_new(v, json_string_value(key), random_value(depth + 1));
			json_decref(key);
		}
		return v;
	}
}

static void test_random(void)
{
	int round, bad = 0;

	for (round = 0; round < 2000; round++) {
		json_t *v = json_array();
		json_array_append_new(v, random_value(0));
		if (!same(v, styles[round % (sizeof(styles) / sizeof(styles[0]))]))
			bad++;
		json_decref(v);
	}
	TAP_OK(bad == 0, "2,000 random documents, every style: the same text as jansson");
}

/* A long array (a report's findings) written by several threads: the
 * same bytes, for any thread count and lengths around the threshold. */
static void test_threads(void)
{
	static const size_t lengths[] = { 2047, 2048, 2049, 10007 };
	static const unsigned threads[] = { 2, 3, 7, 16, 40 };
	size_t l, t, i;
	int bad = 0;

	for (l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
		json_t *doc = json_object(), *list = json_array();
		char *want;
		for (i = 0; i < lengths[l]; i++)
			json_array_append_new(list, random_value(1));
		json_object_set_new(doc, "findings", list);
		json_object_set_new(doc, "after", json_string("the rest of the document"));
		want = json_dumps(doc, JSON_INDENT(2));
		for (t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
			buf b = BUF_INIT;
			if (jsonwrite_threads(&b, doc, JSON_INDENT(2), threads[t]) < 0 || !want || strcmp(buf_cstr(&b), want) != 0)
				bad++;
			buf_free(&b);
		}
		free(want);
		json_decref(doc);
	}
	TAP_OK(bad == 0, "arrays of 2,047 to 10,007 elements by 2 to 40 threads: jansson's text");
}

/* A real report model, given by tests/audit-report.sh (the sample's). */
static void test_model(const char *path)
{
	json_error_t e;
	json_t *m = json_load_file(path, 0, &e);

	TAP_OK(m && same(m, JSON_INDENT(2)), "a report model (the sample audit's), as --format json writes it");
	json_decref(m);
}

/* Every ASCII byte, and a few multi-byte characters, at every place of
 * strings longer than the 16 bytes the escape scan takes a step. */
static void test_escape_positions(void)
{
	static const char *const specials[] = { "\xc3\xa9", "\xe2\x80\xa8", "\xf0\x9f\x98\x80" };
	char s[80];
	size_t len, at;
	int c, bad = 0;

	for (len = 15; len <= 49 && !bad; len += 17)
		for (at = 0; at < len && !bad; at++) {
			for (c = 1; c < 0x80 + 3 && !bad; c++) {
				char one[2] = { (char)c, '\0' };
				const char *mid = c < 0x80 ? one : specials[c - 0x80];
				json_t *v;
				/* at 'a's, the byte or character, then 'a's to len bytes or more */
				memset(s, 'a', at);
				strcpy(s + at, mid);
				memset(s + at + strlen(mid), 'a', len - at);
				s[len + strlen(mid)] = '\0';
				v = json_pack("[s]", s);
				bad = !same(v, JSON_INDENT(2));
				json_decref(v);
			}
		}
	TAP_OK(!bad, "every ASCII byte and some wider characters, at every place of 15, 32 and 49 byte strings");
}

int main(int argc, char **argv)
{
	if (argc > 1) {
		test_model(argv[1]);
		return tap_done();
	}
	test_hand_made();
	test_random();
	test_escape_positions();
	test_threads();
	return tap_done();
}
