/* test_pyjson: json.dumps(indent=2, sort_keys=True) byte for byte. */
#include "config.h"

#include <string.h>

#include "pyjson.h"
#include "tap.h"

static const char *str(const char *s, size_t n)
{
	static buf b;

	buf_clear(&b);
	pyjson_put_string(&b, s, n);
	return buf_cstr(&b);
}

static void test_strings(void)
{
	/* the spec's example: a"b\c<TAB>d<NUL><DEL>é😀<U+FFFD> */
	static const char in[] = "a\"b\\c\td\0\x7f\xc3\xa9\xf0\x9f\x98\x80\xef\xbf\xbd";
	TAP_STREQ(str(in, sizeof(in) - 1), "\"a\\\"b\\\\c\\td\\u0000\\u007f\\u00e9\\ud83d\\ude00\\ufffd\"",
	          "string: the spec's example");
	TAP_STREQ(str("\n\r\b\f\x01\x1f", 6), "\"\\n\\r\\b\\f\\u0001\\u001f\"", "string: short escapes, other controls as \\u");
	TAP_STREQ(str("</script> ~", 11), "\"</script> ~\"", "string: printable ASCII as is");
	TAP_STREQ(str("a\xffz\xc3", 4), "\"a\\udcffz\\udcc3\"", "string: undecodable bytes as surrogate escapes");
	TAP_STREQ(str("\xe2\x80\xa8\xef\xbb\xbf", 6), "\"\\u2028\\ufeff\"", "string: LS and BOM escaped");
	TAP_STREQ(str("", 0), "\"\"", "string: empty");
}

static void test_structure(void)
{
	buf b = BUF_INIT;
	pyjson_writer w;

	pyjson_init(&w, &b);
	pyjson_begin_object(&w);
	pyjson_key(&w, "a");
	pyjson_begin_array(&w);
	pyjson_end_array(&w);
	pyjson_key(&w, "b");
	pyjson_begin_object(&w);
	pyjson_end_object(&w);
	pyjson_key(&w, "c");
	pyjson_begin_array(&w);
	pyjson_int(&w, -3);
	pyjson_begin_object(&w);
	pyjson_key(&w, "d");
	pyjson_string(&w, "x", 1);
	pyjson_end_object(&w);
	pyjson_end_array(&w);
	pyjson_end_object(&w);
	TAP_OK(pyjson_finish(&w) == 0, "structure: balanced");
	TAP_STREQ(buf_cstr(&b),
	          "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    -3,\n    {\n      \"d\": \"x\"\n    }\n  ]\n}",
	          "structure: indent 2, empty [] and {}, nesting");

	buf_clear(&b);
	pyjson_init(&w, &b);
	pyjson_begin_object(&w);
	TAP_OK(pyjson_finish(&w) < 0, "structure: unbalanced is an error");
	buf_free(&b);
}

int main(void)
{
	test_strings();
	test_structure();
	return tap_done();
}
