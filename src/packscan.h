/* packscan: where the rules of the chosen packs fire in one file.
 *
 * A rule's pattern runs over the file's code view -- the text with every
 * comment and the inside of every string and char literal blanked (line
 * breaks and quotes kept), so offsets, lines and columns are the file's
 * own and no comment or string ever matches.  Each match is then put to
 * the rule's predicates, which the lexer-level scanners answer: rustscan's
 * fns and scopes for Rust, pylex's blocks for Python.  Matches in test code
 * are dropped: the packs review production paths.
 *
 * The result is a list of hits (rule, place, and the facts the message
 * names); turning hits into report findings is audit's job, as for clone
 * sites. */
#ifndef HPA_PACKSCAN_H
#define HPA_PACKSCAN_H

#include <stddef.h>
#include <stdint.h>

#include "audit_rules.h"
#include "buf.h"
#include "pack.h"
#include "pylex.h"
#include "strlist.h"
#include "rustscan.h"

typedef struct {
	const pack *pack;
	const pack_writeup *rule; /* the rule or metric that fired */
	uint32_t off;             /* byte offset of the site in the text */
	uint32_t line, col;       /* 1-based; columns in code points */
	char fn[96];              /* the enclosing function's name, "" at top level */
	uint32_t related_line;    /* the `.await`, the `push`, the loop...: 0 when none */
	char name[64];            /* the binding involved (the guard, the vector), "" when none */
	char matched[128];        /* the matched code, blanks squeezed, cut to fit */
	char value[160];          /* a metric's figure as the message shows it; "" for a rule */
	char hot_why[224];        /* why the code runs per request or per event, when only the code says so; "" otherwise */
	/* a finding that waits for the whole workspace (deferred.h): the keys
	 * of the fns async code may reach it through, "KEY\tNOTE\n" lines, and
	 * the words of the predicate that asked; "" when it waits for nothing */
	char pending[512];
	const strlist *pending_words;
	const strlist *pending_skip; /* the rule's not_in_fn words, for the async code that reaches it; or NULL */
} pack_hit;

typedef struct {
	pack_hit *v;
	size_t n, cap;
} pack_hits;

/* s[0..n) into one of a hit's text fields (out[cap]), NUL-terminated and,
 * when it does not fit, cut before the character that does not: the
 * report's strings must stay UTF-8. */
void pack_hit_text(char *out, size_t cap, const char *s, size_t n);

struct hotpaths_map_;
struct pyhot_map_;
struct typelib_;

typedef struct {
	int hot;                  /* the file is on a hot path */
	int test;                 /* the file is test code by its path */
	const audit_rules *infer; /* Rust, not hot by its path, code that may be hot by what it does, or NULL */
	const struct hotpaths_map_ *hot_map; /* ... and the map of it (hotpaths.h), or NULL (the prefilter has none) */
	const struct pyhot_map_ *py_hot_map; /* Python, not hot by its path: what its code shows (pyhot.h), or NULL */
	const struct typelib_ *types; /* Rust: the workspace's fns and types (pass 1), or NULL */
	const char *path;         /* the file as the report names it (not_in_path), or NULL */
} pack_file;

/* Could any generic rule of `language` match text[0..len) at all, and
 * give a finding there?  (The raw text is a superset of the code view: no
 * match here, nothing to lex; a rule whose `where` cannot hold in the file
 * -- in_hot_path off a hot path, in_async without `async` -- is not
 * tried.)  The text must be valid UTF-8: PCRE2 is told not to check it
 * again. */
int packscan_wanted(const pack_set *ps, int language, const char *text, size_t len, const pack_file *pf,
                    pcre2_match_data *md);

/* Is the name one of the words, a word being a name (`main`) or a pattern
 * with `*` at either end (`*init*`: any name holding "init", `_init_user`)?
 * (not_in_fn's test) */
int packscan_name_matches(const strlist *words, const char *s, size_t n);

/* The code view of lexed text (see above), into `out` (cleared first). */
int packscan_code_view_rust(buf *out, const rustlex_result *lx);
int packscan_code_view_python(buf *out, const pylex_result *lx);

/* Run every Rust (Python) rule of `ps` over one file.  `code` is its code
 * view, `md` match data for PCRE2.  Appends to `out`; returns 0, or -1 when
 * memory ran out or a match failed (the JIT stack ran out). */
int packscan_rust(const pack_set *ps, const rustscan_result *rs, const char *code, size_t len, const pack_file *pf,
                  pcre2_match_data *md, pack_hits *out);
int packscan_python(const pack_set *ps, const pylex_result *lx, const char *code, size_t len, const pack_file *pf,
                    pcre2_match_data *md, pack_hits *out);

void pack_hits_free(pack_hits *h);

#endif
