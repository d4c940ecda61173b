/* inventory: the reference clone inventory, rebuilt for speed.
 *
 * Files are found by discover, read once each by worker threads, searched
 * for the rules' clone literal with memmem before any line is looked at,
 * and only lines holding it are stripped, matched (PCRE2 JIT) and scored.
 * The result is sorted as the reference sorts it, so it is the same for
 * any number of threads. */
#ifndef HPA_INVENTORY_H
#define HPA_INVENTORY_H

#include <stddef.h>

#include "buf.h"
#include "discover.h"
#include "rules.h"

enum inventory_category {
	INV_CHEAP_SHARED,
	INV_CLONE_INTO_ARC,
	INV_COLD_OR_TEST,
	INV_LOOP_CLONE,
	INV_NEEDS_REVIEW,
	INV_SUSPICIOUS_HOTPATH,
	INV_CATEGORY_COUNT
}; /* in the sorted order of their names */

enum inventory_tier { INV_HIGH, INV_LOW, INV_MEDIUM, INV_TIER_COUNT }; /* likewise */

const char *inventory_category_name(enum inventory_category c);
const char *inventory_tier_name(enum inventory_tier t);

typedef struct {
	int score;
	unsigned reasons;       /* bit w set: weight w (enum rules_weight_id) applied */
	unsigned char category; /* enum inventory_category */
	unsigned char tier;     /* enum inventory_tier */
	int hot_path;           /* index into rules->hot_paths, -1 for the default */
	size_t file;            /* index into the file list the scan was given */
	size_t line;            /* 1-based */
	char *text;             /* the stripped line, valid UTF-8 (owned) */
	size_t text_len;
} inventory_candidate;

typedef struct {
	inventory_candidate *v; /* owned, as are the texts */
	size_t count, cap;
} inventory_list;

void inventory_list_free(inventory_list *l);

/* Per-thread working memory, reused from file to file. */
typedef struct inventory_scratch inventory_scratch;
inventory_scratch *inventory_scratch_new(void);
void inventory_scratch_free(inventory_scratch *s);

/* Scan one file's bytes (any bytes: they are decoded as Python's
 * errors="replace" does) and append its candidates to `out`.  `report` is
 * the path the candidate will show (it selects the hot path and decides
 * whether this is a test path).  Returns 0, or -1 when memory ran out or a
 * pattern failed to match (message in err). */
int inventory_scan_buffer(const rules *r, inventory_scratch *s, const char *report, size_t file_index,
                          const char *data, size_t len, int include_tests, inventory_list *out, buf *err);

typedef struct {
	const rules *rules;
	int include_tests;
	unsigned jobs; /* worker threads; 0 = one per online CPU */
} inventory_scan_options;

/* Scan every file of `files` and return the candidates sorted as the
 * reference sorts them (score descending, path, line).  Returns 0; or 1
 * when a file could not be read (the reference stops there too: err names
 * the first such file in path order); or 2 on an internal error. */
int inventory_scan_files(const inventory_scan_options *opt, const discover_result *files,
                         inventory_list *out, buf *err);

#endif
