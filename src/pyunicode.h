/* pyunicode: Python 3.11's idea of Unicode text, over UTF-8 bytes.
 *
 * The reference scanner is a Python program; to match it byte for byte we
 * need its exact semantics for decoding (errors="replace" for file contents,
 * "surrogateescape" for file names), str.isspace()/str.isalnum(),
 * str.splitlines(), str.strip() and code point ordering.  Everything here
 * works on byte strings and never allocates except where a buf is passed. */
#ifndef HPA_PYUNICODE_H
#define HPA_PYUNICODE_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

typedef struct {
	uint32_t lo, hi; /* inclusive */
} hpa_cp_range;

/* Generated tables (src/pyunicode_tables.c), sorted and disjoint. */
extern const hpa_cp_range hpa_py_space_ranges[];
extern const size_t hpa_py_space_ranges_count;
extern const hpa_cp_range hpa_py_alnum_ranges[];
extern const size_t hpa_py_alnum_ranges_count;

int py_isspace(uint32_t cp);
int py_isalnum(uint32_t cp);

/* Length of the well-formed UTF-8 sequence at s[0..n), or 0 when s starts an
 * ill-formed one.  In that case *bad is set to the length of the maximal
 * ill-formed subpart (at least 1): the bytes Python replaces with one
 * U+FFFD, or escapes one by one as U+DC80..U+DCFF in surrogateescape. */
size_t py_utf8_seq(const unsigned char *s, size_t n, size_t *bad);

/* Decode the code point of a well-formed sequence of length len. */
uint32_t py_utf8_decode(const unsigned char *s, size_t len);

/* Next code point of s[*pos..n) with surrogateescape semantics (an
 * undecodable byte b becomes 0xDC00 + b); advances *pos. */
uint32_t py_next_cp_escaped(const unsigned char *s, size_t n, size_t *pos);

/* 1 when s[0..n) is well-formed UTF-8 (fast path: ASCII runs). */
int py_utf8_valid(const char *s, size_t n);

/* Append s[0..n) to out decoded as bytes.decode("utf-8", "replace") would,
 * re-encoded as UTF-8: each maximal ill-formed subpart becomes EF BF BD. */
int py_utf8_repair(buf *out, const char *s, size_t n);

/* str.splitlines(): the end of the line starting at `pos` (exclusive of the
 * line break); *next receives the start of the following line.  Breaks are
 * \n \r \r\n \v \f \x1c \x1d \x1e U+0085 U+2028 U+2029.  s must be valid
 * UTF-8.  The caller stops when pos == n: like splitlines(), a final line
 * break does not start an empty last line. */
size_t py_line_end(const char *s, size_t n, size_t pos, size_t *next);

/* str.strip() of valid UTF-8 s[0..n): sets *start and returns the length. */
size_t py_strip(const char *s, size_t n, size_t *start);

/* str.lstrip() of valid UTF-8 s[0..n): the offset of the first non-space. */
size_t py_lstrip_offset(const char *s, size_t n);

/* Compare two byte strings as Python compares the str that
 * os.fsdecode() makes of them (code point order, surrogateescape). */
int py_path_cmp(const char *a, size_t an, const char *b, size_t bn);

#endif
