/* test_pyunicode: Python 3.11 text semantics over UTF-8 bytes. */
#include "config.h"

#include <string.h>

#include "pyunicode.h"
#include "tap.h"

static const char *repaired(const char *s, size_t n)
{
	static buf b;

	buf_clear(&b);
	py_utf8_repair(&b, s, n);
	return buf_cstr(&b);
}

static void test_classes(void)
{
	TAP_OK(py_isspace(' ') && py_isspace('\t') && py_isspace(0x1c) && py_isspace(0x1f), "isspace: ASCII incl. 0x1c-0x1f");
	TAP_OK(py_isspace(0x85) && py_isspace(0xa0) && py_isspace(0x2028) && py_isspace(0x3000), "isspace: NEL, NBSP, LS, ideographic");
	TAP_OK(!py_isspace(0x180e) && !py_isspace(0xfeff) && !py_isspace(0x200b), "isspace: not U+180E, BOM, ZWSP");
	TAP_OK(py_isalnum('a') && py_isalnum('Z') && py_isalnum('7') && !py_isalnum('_'), "isalnum: ASCII, not underscore");
	TAP_OK(py_isalnum(0xe9) && py_isalnum(0x4e00) && py_isalnum(0xb2) && py_isalnum(0x2160), "isalnum: é, CJK, ², Roman numeral (No, Nl)");
	TAP_OK(!py_isalnum(0x301) && !py_isalnum(0x1f600) && !py_isalnum(0xfffd), "isalnum: not combining mark, emoji, U+FFFD");
}

static void test_repair(void)
{
	TAP_STREQ(repaired("abc", 3), "abc", "repair: ASCII unchanged");
	TAP_STREQ(repaired("\xed\xa0\x80", 3), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", "repair: encoded surrogate ED A0 80 gives three U+FFFD");
	TAP_STREQ(repaired("\xe2\x82\x41", 3), "\xef\xbf\xbd" "A", "repair: E2 82 41 gives U+FFFD then A");
	TAP_STREQ(repaired("\xf0\x80\x80", 3), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", "repair: overlong F0 80 80 gives three");
	TAP_STREQ(repaired("x\xe2\x82", 3), "x\xef\xbf\xbd", "repair: truncated sequence at the end gives one");
	TAP_STREQ(repaired("\xc0\x80", 2), "\xef\xbf\xbd\xef\xbf\xbd", "repair: C0 80 gives two");
	TAP_STREQ(repaired("\xf4\x90\x80\x80", 4), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", "repair: above U+10FFFF gives four");
	TAP_STREQ(repaired("\xf0\x9f\x98\x80\xff", 5), "\xf0\x9f\x98\x80\xef\xbf\xbd", "repair: emoji kept, FF replaced");
	TAP_OK(py_utf8_valid("\xef\xbb\xbf//x", 6) && !py_utf8_valid("a\xff", 2), "valid: BOM is valid, FF is not");
}

/* Split with py_line_end and join the lines with '|'. */
static const char *split(const char *s, size_t n)
{
	static buf b;
	size_t pos = 0, next;

	buf_clear(&b);
	while (pos < n) {
		size_t end = py_line_end(s, n, pos, &next);
		if (b.len)
			buf_putc(&b, '|');
		buf_append(&b, s + pos, end - pos);
		pos = next;
	}
	return buf_cstr(&b);
}

static void test_splitlines(void)
{
	TAP_STREQ(split("a\nb\n", 4), "a|b", "splitlines: a final break starts no empty line");
	TAP_STREQ(split("a\r\nb\rc", 6), "a|b|c", "splitlines: CRLF is one break, lone CR another");
	TAP_STREQ(split("a\n\nb", 4), "a||b", "splitlines: empty line kept");
	TAP_STREQ(split("a\vb\fc\x1c" "d\x1d" "e\x1e" "f\x1fg", 13), "a|b|c|d|e|f\x1fg", "splitlines: VT FF FS GS RS break, US does not");
	TAP_STREQ(split("a\xc2\x85" "b\xe2\x80\xa8" "c\xe2\x80\xa9" "d", 12), "a|b|c|d", "splitlines: NEL, LS, PS break");
	TAP_STREQ(split("\xc2\xa0x\xe2\x80\xaf", 6), "\xc2\xa0x\xe2\x80\xaf", "splitlines: NBSP and U+202F do not break");
	TAP_STREQ(split("", 0), "", "splitlines: empty text has no lines");
}

static void test_strip(void)
{
	size_t start, n;
	const char *s = "\xc2\xa0\t x = y.clone(); \xe3\x80\x80";

	n = py_strip(s, strlen(s), &start);
	TAP_OK(start == 4 && n == 14 && memcmp(s + start, "x = y.clone();", 14) == 0, "strip: Unicode white space both ends");
	n = py_strip("\xef\xbb\xbf// c", 7, &start);
	TAP_OK(start == 0 && n == 7, "strip: a BOM is not white space");
	n = py_strip(" \x1f ", 3, &start);
	TAP_OK(n == 0, "strip: only white space gives empty");
	TAP_OK(py_lstrip_offset("  \xe2\x80\x83" "for", 8) == 5, "lstrip: em space skipped");
}

static void test_path_cmp(void)
{
	TAP_OK(py_path_cmp("a/b.rs", 6, "a/c.rs", 6) < 0, "path order: plain bytes");
	TAP_OK(py_path_cmp("a", 1, "a/b", 3) < 0, "path order: prefix first");
	/* U+E000 (EE 80 80) sorts above the escaped byte \xff (U+DCFF) ... */
	TAP_OK(py_path_cmp("\xff", 1, "\xee\x80\x80", 3) < 0, "path order: escaped byte below U+E000");
	/* ... but U+D7FF (ED 9F BF) sorts below it, although FF > ED bytewise */
	TAP_OK(py_path_cmp("\xff", 1, "\xed\x9f\xbf", 3) > 0, "path order: escaped byte above U+D7FF");
	TAP_OK(py_path_cmp("x\xf0\x9f\x98\x80", 5, "x\xf8", 2) > 0, "path order: U+1F600 above escaped F8");
}

/* valid() against its definition -- the text a repair leaves as it is --
 * on random texts of every length to 80: ASCII runs (the fast paths take
 * 16 and 8 bytes at a time, and the last bytes in one look) with valid and
 * broken sequences at every place. */
static void test_valid_random(void)
{
	static const char *const pieces[] = {
		"a", "bc", "defghij", "0123456789abcdef", " ", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\x80", "\xff",
		"\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\x7f", "\n",
	};
	unsigned seed = 99;
	int round, ok = 1, valid = 0;

	for (round = 0; round < 20000 && ok; round++) {
		buf text = BUF_INIT, fixed = BUF_INIT;
		size_t want;
		int k, n;
		seed = seed * 1103515245u + 12345u;
		want = (seed >> 16) % 81;
		for (k = 0; text.len < want; k++) {
			seed = seed * 1103515245u + 12345u;
			n = (int)((seed >> 16) % (sizeof(pieces) / sizeof(pieces[0])));
			/* mostly ASCII, as code is */
			buf_puts(&text, (seed >> 8) % 4 ? pieces[n % 5] : pieces[n]);
		}
		py_utf8_repair(&fixed, text.ptr, text.len);
		k = fixed.len == text.len && (!text.len || memcmp(fixed.ptr, text.ptr, text.len) == 0);
		valid += k;
		if (py_utf8_valid(text.ptr, text.len) != k) {
			printf("#   round %d: %zu bytes, valid() says %d\n", round, text.len, !k);
			ok = 0;
		}
		buf_free(&text);
		buf_free(&fixed);
	}
	TAP_OK(ok, "valid() is true exactly when a repair changes nothing, on 20,000 random texts of 0 to 80 bytes");
	TAP_OK(valid > 2000 && valid < 18000, "both kinds among them");
	printf("# %d of 20000 valid\n", valid);
}

int main(void)
{
	test_classes();
	test_repair();
	test_splitlines();
	test_strip();
	test_path_cmp();
	test_valid_random();
	return tap_done();
}
