/* pyre: regular expressions with Python `re` semantics, run by PCRE2 (JIT).
 *
 * Rule files write their patterns as the reference scanner does, in Python
 * syntax on str.  PCRE2's syntax is a superset for everything we accept,
 * but \s \w \b (and their negations) mean something slightly different
 * there, so the pattern is rewritten to explicit classes built from
 * Python's own tables (pyunicode) before it is compiled.  \d becomes
 * \p{Nd} and \Z becomes \z; everything else passes through unchanged.
 *
 * A compiled pyre is immutable and may be shared by threads; each thread
 * brings its own match data (pyre_match_data_new). */
#ifndef HPA_PYRE_H
#define HPA_PYRE_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>

#include "buf.h"

typedef struct pyre pyre;

enum { PYRE_MULTILINE = 1 };

/* Compile `pattern`.  On failure returns -1 and appends to `err` a message
 * that names the 1-based column in the pattern as written.  The pattern is
 * JIT-compiled unless HOTPATH_AUDIT_NO_JIT is set: matching is the same
 * either way, but memcheck cannot follow JIT code (Debian's PCRE2 is not
 * built with --enable-valgrind), so make check-valgrind sets it. */
int pyre_compile(pyre **out, const char *pattern, unsigned flags, buf *err);

/* re.search(): 1 on a match anywhere in s[0..n), 0 on none, -1 on a
 * matching error (for example the JIT stack ran out).  s must be valid
 * UTF-8. */
int pyre_search(const pyre *re, pcre2_match_data *md, const char *s, size_t n);

/* Match data good for any pyre (we only ask whether it matched).  Caller
 * frees it with pcre2_match_data_free(). */
pcre2_match_data *pyre_match_data_new(void);

/* The PCRE2 pattern the Python one became (for tests and --debug). */
const char *pyre_translated(const pyre *re);

void pyre_free(pyre *re); /* accepts NULL */

#endif
