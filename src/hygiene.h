/* hygiene: crate hygiene, the figures a crate review counts (seeds 003 and
 * 004) -- heavy default features, re-exports in the crate root, lints
 * allowed crate-wide, unsafe code without a SAFETY comment, oversized
 * files, release-profile settings -- per crate, from its Cargo.toml and its
 * sources, as a pack's metrics.
 *
 * Two steps: during the audit every Rust file gives its own figures
 * (lines, unsafe sites, and for a crate root its re-exports and allows),
 * so the sources are read once; afterwards they are summed per crate --
 * the package of the nearest Cargo.toml -- into the report's `crates`
 * table, and every metric over its threshold becomes findings. */
#ifndef HPA_HYGIENE_H
#define HPA_HYGIENE_H

#include <jansson.h>

#include "buf.h"
#include "pack.h"
#include "rules.h"
#include "rustlex.h"
#include "sources.h"

/* One Rust file's figures.  Most files have only a line count; the rest
 * (a file with `unsafe`, a crate root) carry them as JSON in `more`. */
typedef struct {
	char *path;               /* as reported (owned) */
	size_t lines;
	json_t *more;             /* NULL, or (owned) {unsafe: [{line, column, kind, text}]}, and for a
	                           * crate root (src/lib.rs, src/main.rs) also reexports, reexports_line,
	                           * reexports_text, allows: [lint..], allows_line, allows_text */
} hygiene_file;

typedef struct {
	hygiene_file *v;
	size_t n, cap;
} hygiene_files;

/* One lexed Rust file's figures, appended to `facts`; `says_unsafe`: the
 * text holds "unsafe" at all.  0, or -1 when memory ran out. */
int hygiene_file_facts(const rustlex_result *lx, const char *report, int says_unsafe, hygiene_files *facts);

/* src/lib.rs or src/main.rs: whose tokens give re-exports and allows. */
int hygiene_is_crate_root(const char *report);

/* Does a file need its tokens for its figures (a crate root, or `unsafe`
 * in it)?  Most do not: their figure is a line count, taken without lexing
 * by hygiene_file_lines(). */
int hygiene_needs_lexing(const char *report, const char *text, size_t len);
int hygiene_file_lines(const char *report, const char *text, size_t len, hygiene_files *facts);

/* Move part's files to the end of out (part is left empty): 0, or -1 when
 * memory ran out (part unchanged). */
int hygiene_files_take(hygiene_files *out, hygiene_files *part);

/* Sort by path; a file given twice with the same figures (a symlink and
 * its target) is kept once. */
void hygiene_files_sort(hygiene_files *facts);
void hygiene_files_free(hygiene_files *facts);

/* Sum `file_facts` (sorted by path) per crate.  *crates receives the table
 * (a new array, one row per crate, by path); the findings of every chosen
 * pack's metrics are appended to `findings`.  The facts are those of the
 * files that count: audit_files() leaves test, bench and example paths
 * (the rules' and the packs' test markers) out unless --include-tests, and
 * never reads them for it.  0, or -1 with err set. */
int hygiene_report(const pack_set *ps, source_set *src, const rules *r, const hygiene_files *file_facts,
                   json_t **crates, json_t *findings, buf *err);

#endif
