#include "config.h"

#include "pyunicode.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

static int in_ranges(const hpa_cp_range *r, size_t count, uint32_t cp)
{
	size_t lo = 0, hi = count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cp < r[mid].lo)
			hi = mid;
		else if (cp > r[mid].hi)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

int py_isspace(uint32_t cp)
{
	if (cp < 0x80)
		return cp == ' ' || (cp >= 0x09 && cp <= 0x0d) ||
		       (cp >= 0x1c && cp <= 0x1f);
	return in_ranges(hpa_py_space_ranges, hpa_py_space_ranges_count, cp);
}

int py_isalnum(uint32_t cp)
{
	if (cp < 0x80)
		return (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z');
	return in_ranges(hpa_py_alnum_ranges, hpa_py_alnum_ranges_count, cp);
}

size_t py_utf8_seq(const unsigned char *s, size_t n, size_t *bad)
{
	unsigned char c = s[0];
	unsigned char lo2 = 0x80, hi2 = 0xbf;
	size_t need, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		need = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		need = 3;
		if (c == 0xe0)
			lo2 = 0xa0;
		else if (c == 0xed)
			hi2 = 0x9f; /* no encoded surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 4;
		if (c == 0xf0)
			lo2 = 0x90;
		else if (c == 0xf4)
			hi2 = 0x8f;
	} else {
		*bad = 1;
		return 0;
	}
	for (i = 1; i < need; i++) {
		unsigned char lo = i == 1 ? lo2 : 0x80, hi = i == 1 ? hi2 : 0xbf;
		if (i >= n || s[i] < lo || s[i] > hi) {
			*bad = i; /* lead byte plus the valid continuations so far */
			return 0;
		}
	}
	return need;
}

uint32_t py_utf8_decode(const unsigned char *s, size_t len)
{
	switch (len) {
	case 1: return s[0];
	case 2: return ((uint32_t)(s[0] & 0x1f) << 6) | (s[1] & 0x3f);
	case 3: return ((uint32_t)(s[0] & 0x0f) << 12) | ((uint32_t)(s[1] & 0x3f) << 6) | (s[2] & 0x3f);
	default:
		return ((uint32_t)(s[0] & 0x07) << 18) | ((uint32_t)(s[1] & 0x3f) << 12) |
		       ((uint32_t)(s[2] & 0x3f) << 6) | (s[3] & 0x3f);
	}
}

uint32_t py_next_cp_escaped(const unsigned char *s, size_t n, size_t *pos)
{
	size_t bad = 0, len = py_utf8_seq(s + *pos, n - *pos, &bad);
	uint32_t cp;

	if (!len) {
		/* surrogateescape escapes every byte of the bad subpart on its
		 * own, so taking one byte at a time gives the same string */
		cp = 0xdc00u + s[*pos];
		*pos += 1;
		return cp;
	}
	cp = py_utf8_decode(s + *pos, len);
	*pos += len;
	return cp;
}

int py_utf8_valid(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, bad;

	while (i < n) {
		size_t len;
		/* source code is mostly ASCII: sixteen (SSE2) or eight bytes at a look */
#ifdef __SSE2__
		while (n - i >= 16 && !_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(s + i))))
			i += 16;
#endif
		while (i + 8 <= n) {
			uint64_t w;
			memcpy(&w, s + i, 8);
			if (w & 0x8080808080808080ULL)
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (n - i < 8 && n >= 8) {
			/* the last few bytes (a short string's, most of them): the
			 * eight that end the text, ASCII then all valid */
			uint64_t w;
			memcpy(&w, s + n - 8, 8);
			if (!(w & 0x8080808080808080ULL))
				break;
		}
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		len = py_utf8_seq(s + i, n - i, &bad);
		if (!len)
			return 0;
		i += len;
	}
	return 1;
}

int py_utf8_repair(buf *out, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, run = 0;

	if (buf_grow(out, n) < 0)
		return -1;
	while (i < n) {
		size_t bad = 0, len = s[i] < 0x80 ? 1 : py_utf8_seq(s + i, n - i, &bad);
		if (len) {
			i += len;
			continue;
		}
		if (buf_append(out, s + run, i - run) < 0 || buf_append(out, "\xef\xbf\xbd", 3) < 0)
			return -1;
		i += bad;
		run = i;
	}
	return buf_append(out, s + run, n - run);
}

size_t py_line_end(const char *str, size_t n, size_t pos, size_t *next)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i;

	for (i = pos; i < n; i++) {
		unsigned char c = s[i];
		if (c > 0x1e && c != 0xc2 && c != 0xe2)
			continue;
		switch (c) {
		case '\n': case '\v': case '\f': case 0x1c: case 0x1d: case 0x1e:
			*next = i + 1;
			return i;
		case '\r':
			*next = (i + 1 < n && s[i + 1] == '\n') ? i + 2 : i + 1;
			return i;
		case 0xc2:
			if (i + 1 < n && s[i + 1] == 0x85) {
				*next = i + 2;
				return i;
			}
			break;
		case 0xe2:
			if (i + 2 < n && s[i + 1] == 0x80 && (s[i + 2] == 0xa8 || s[i + 2] == 0xa9)) {
				*next = i + 3;
				return i;
			}
			break;
		default:
			break;
		}
	}
	*next = n;
	return n;
}

/* Code point ending at s[end-1] of valid UTF-8; *start receives its offset. */
static uint32_t prev_cp(const unsigned char *s, size_t end, size_t *start)
{
	size_t i = end - 1;

	while (i > 0 && (s[i] & 0xc0) == 0x80)
		i--;
	*start = i;
	return py_utf8_decode(s + i, end - i);
}

size_t py_lstrip_offset(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, bad;

	while (i < n) {
		size_t len = s[i] < 0x80 ? 1 : py_utf8_seq(s + i, n - i, &bad);
		if (!len)
			len = 1; /* not valid UTF-8 after all: treat as non-space */
		if (!py_isspace(py_utf8_decode(s + i, len)))
			break;
		i += len;
	}
	return i;
}

size_t py_strip(const char *str, size_t n, size_t *start)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = py_lstrip_offset(str, n), end = n;

	while (end > i) {
		size_t cstart;
		uint32_t cp = s[end - 1] < 0x80 ? s[end - 1] : prev_cp(s, end, &cstart);
		if (!py_isspace(cp))
			break;
		end = s[end - 1] < 0x80 ? end - 1 : cstart;
	}
	*start = i;
	return end - i;
}

int py_path_cmp(const char *a, size_t an, const char *b, size_t bn)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	size_t i = 0, j = 0;

	/* Well-formed UTF-8 sorts bytewise in code point order; only the
	 * escaped bytes need decoding, so skip the common prefix first. */
	while (i < an && i < bn && x[i] == y[i] && x[i] < 0x80)
		i++;
	j = i;
	while (i < an && j < bn) {
		uint32_t ca = py_next_cp_escaped(x, an, &i);
		uint32_t cb = py_next_cp_escaped(y, bn, &j);
		if (ca != cb)
			return ca < cb ? -1 : 1;
	}
	if (i < an)
		return 1;
	return j < bn ? -1 : 0;
}
