/* rules: the inventory's rule set, read from a rules file (patterns/).
 *
 * Everything a team may want to adapt -- hot-path prefixes and their
 * scores, the hint lists, the weights and reason texts, the patterns -- is
 * data.  What stays in code is the order in which the reference scanner
 * applies them and how it derives a category (see inventory.c).
 *
 * File format (documented for users in hotpath-audit.1 and
 * patterns/inventory.rules itself): one `KEY VALUE` per line, `#` starts a
 * comment line, blank lines are ignored.  A value is the rest of the line
 * after the key and its separating white space, with trailing white space
 * removed. */
#ifndef HPA_RULES_H
#define HPA_RULES_H

#include <stddef.h>

#include "buf.h"
#include "pyre.h"
#include "strlist.h"

typedef struct {
	char *s;    /* owned, NUL-terminated */
	size_t len;
} rules_str;

typedef strlist rules_list;

typedef struct {
	rules_str prefix;
	int score;
	char *label;
} rules_hot_path;

/* The score adjustments, in the order the reference applies them. */
enum rules_weight_id {
	RULES_W_COLD,
	RULES_W_CHEAP,
	RULES_W_DEEP,
	RULES_W_LOOP,
	RULES_W_INTO_ARC,
	RULES_W_BOUNDARY,
	RULES_W_ASSIGN,
	RULES_W_CHAIN,
	RULES_W_COUNT
};

typedef struct {
	int delta;
	char *reason; /* owned */
} rules_weight;

typedef struct {
	char *file;                 /* where the rules came from (owned) */
	int version;
	rules_list default_paths;
	rules_str clone_literal;    /* every clone_pattern match contains it */
	pyre *clone_re, *loop_re, *assign_re;
	rules_hot_path *hot_paths;  /* in priority order: first prefix wins */
	size_t hot_path_count;
	int default_score;
	char *default_label;
	rules_list test_markers, cheap_hints, deep_hints, boundary_hints;
	rules_weight weights[RULES_W_COUNT];
	int tier_high, tier_medium, suspicious_score;
} rules;

/* Parse rules from text[0..len); `file` names it in messages.  On error
 * returns -1 and appends "file:line: what is wrong" to err. */
int rules_parse(rules **out, const char *file, const char *text, size_t len, buf *err);

/* Read and parse the file at `path`. */
int rules_load(rules **out, const char *path, buf *err);

/* The same without compiling the inventory scanner's three patterns
 * (clone_re, loop_re and assign_re stay NULL): the audit lexes instead
 * and needs only the settings -- hot paths, test markers, hints, weights.
 * Compiling them (Unicode word boundaries, JIT) took longer than anything
 * else at start-up.  Every other line is checked as rules_load() does. */
int rules_load_settings(rules **out, const char *path, buf *err);

const char *rules_weight_name(enum rules_weight_id id);

void rules_free(rules *r); /* accepts NULL */

#endif
