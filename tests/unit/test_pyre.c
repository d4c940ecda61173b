/* test_pyre: Python regex semantics on PCRE2. */
#include "config.h"

#include <string.h>

#include "pyre.h"
#include "pyunicode.h"
#include "tap.h"

static pyre *compile(const char *pat, unsigned flags)
{
	buf err = BUF_INIT;
	pyre *re = NULL;

	if (pyre_compile(&re, pat, flags, &err) < 0)
		printf("# compile %s: %s\n", pat, buf_cstr(&err));
	buf_free(&err);
	return re;
}

static int search(const pyre *re, const char *s)
{
	pcre2_match_data *md = pyre_match_data_new();
	int rc = pyre_search(re, md, s, strlen(s));

	pcre2_match_data_free(md);
	return rc;
}

/* Encode cp as UTF-8 into out (NUL-terminated); returns the length. */
static size_t enc(uint32_t cp, char *out)
{
	size_t n;

	if (cp < 0x80) { out[0] = (char)cp; n = 1; }
	else if (cp < 0x800) { out[0] = (char)(0xc0 | cp >> 6); out[1] = (char)(0x80 | (cp & 0x3f)); n = 2; }
	else if (cp < 0x10000) { out[0] = (char)(0xe0 | cp >> 12); out[1] = (char)(0x80 | ((cp >> 6) & 0x3f)); out[2] = (char)(0x80 | (cp & 0x3f)); n = 3; }
	else { out[0] = (char)(0xf0 | cp >> 18); out[1] = (char)(0x80 | ((cp >> 12) & 0x3f)); out[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); out[3] = (char)(0x80 | (cp & 0x3f)); n = 4; }
	out[n] = '\0';
	return n;
}

/* Every code point: \s and \w agree with str.isspace()/isalnum(). */
static void test_exhaustive(void)
{
	pyre *s = compile("^\\s$", 0), *w = compile("^\\w$", 0), *cls = compile("^[\\s\\w]$", 0);
	pcre2_match_data *md = pyre_match_data_new();
	uint32_t cp, bad_s = 0, bad_w = 0, bad_c = 0;
	char u[5];

	for (cp = 0; cp < 0x110000; cp++) {
		size_t n;
		int is_s, is_w;
		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		n = enc(cp, u);
		is_s = py_isspace(cp);
		is_w = py_isalnum(cp) || cp == '_';
		if (pyre_search(s, md, u, n) != is_s && !bad_s)
			bad_s = cp ? cp : 0x110000;
		if (pyre_search(w, md, u, n) != is_w && !bad_w)
			bad_w = cp ? cp : 0x110000;
		if (pyre_search(cls, md, u, n) != (is_s || is_w) && !bad_c)
			bad_c = cp ? cp : 0x110000;
	}
	if (bad_s) printf("# \\s differs at U+%04X\n", bad_s);
	if (bad_w) printf("# \\w differs at U+%04X\n", bad_w);
	TAP_OK(!bad_s, "\\s equals str.isspace() for every code point");
	TAP_OK(!bad_w, "\\w equals str.isalnum() or '_' for every code point");
	TAP_OK(!bad_c, "[\\s\\w] inside a class, every code point");
	pcre2_match_data_free(md);
	pyre_free(s);
	pyre_free(w);
	pyre_free(cls);
}

static void test_reference_patterns(void)
{
	pyre *clone = compile("(?:\\bArc::clone\\s*\\(|\\.clone\\s*\\()", 0);
	pyre *loop = compile("^\\s*(for|while|loop)\\b", PYRE_MULTILINE);
	pyre *assign = compile("let\\s+\\w+\\s*=\\s*\\w+\\.clone\\(\\)\\s*;", 0);

	TAP_OK(search(clone, "x.clone()") == 1 && search(clone, "x.clone\x1f()") == 1, "clone: .clone( and Python space U+001F");
	TAP_OK(search(clone, "Arc::clone(&a)") == 1 && search(clone, "(Arc::clone (&a))") == 1, "clone: Arc::clone at a boundary");
	TAP_OK(search(clone, "MyArc::clone(&a)") == 0 && search(clone, "éArc::clone(&a)") == 0, "clone: no boundary after a word char (é too)");
	TAP_OK(search(clone, "\xcc\x81" "Arc::clone(&a)") == 1, "clone: combining mark is not a word char");
	TAP_OK(search(clone, "x.clone\xe1\xa0\x8e()") == 0, "clone: U+180E is not Python space");
	TAP_OK(search(clone, "x.cloned()") == 0 && search(clone, "Arc :: clone(x)") == 0, "clone: near misses");
	TAP_OK(search(loop, "a\n  for x in y {") == 1 && search(loop, "  while let") == 1, "loop: any line of the window");
	TAP_OK(search(loop, "x.for_each(|a| a)") == 0 && search(loop, "  for_each(x)") == 0, "loop: for_each is not a loop");
	TAP_OK(search(loop, "a = 1; for x in y") == 0, "loop: must start the line");
	TAP_OK(search(loop, "loop") == 1 && search(loop, "\xe3\x80\x80loop{") == 1, "loop: at end, after ideographic space");
	TAP_OK(search(loop, "foré") == 0, "loop: \\b is Unicode");
	TAP_OK(search(assign, "let x = y.clone();") == 1 && search(assign, "outlet  é=ü.clone() ;") == 1, "assign: Unicode words, no anchor");
	TAP_OK(search(assign, "let mut x = y.clone();") == 0 && search(assign, "let x = self.y.clone();") == 0, "assign: mut and paths do not match");
	pyre_free(clone);
	pyre_free(loop);
	pyre_free(assign);
}

static void test_translation(void)
{
	buf err = BUF_INIT;
	pyre *re = NULL;

	TAP_OK(pyre_compile(&re, "[abc", 0, &err) < 0 && strstr(buf_cstr(&err), "unterminated"), "error: unterminated class");
	buf_clear(&err);
	TAP_OK(pyre_compile(&re, "[\\S]", 0, &err) < 0 && strstr(buf_cstr(&err), "column 2"), "error: \\S in a class names its column");
	buf_clear(&err);
	TAP_OK(pyre_compile(&re, "a(b", 0, &err) < 0 && strstr(buf_cstr(&err), "invalid regular expression"), "error: PCRE2's message passed on");
	buf_clear(&err);
	TAP_OK(pyre_compile(&re, "x\\", 0, &err) < 0, "error: trailing backslash");
	re = compile("[]a]\\Z", 0);
	TAP_OK(re && search(re, "]") == 1 && search(re, "]\n") == 0, "] first in a class is literal; \\Z is the very end");
	pyre_free(re);
	re = compile("a\\b", 0);
	TAP_OK(re && search(re, "a.") == 1 && search(re, "ab") == 0, "\\b outside a class is a boundary");
	pyre_free(re);
	buf_free(&err);
}

int main(void)
{
	test_reference_patterns();
	test_translation();
	test_exhaustive();
	return tap_done();
}
