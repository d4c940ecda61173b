/* verify: the Rust compiler as the arbiter of removable verdicts.
 *
 * A removable finding promises that its change compiles and behaves the
 * same; the static audit can only argue it.  Here each workspace that
 * holds removable findings is copied to a scratch directory (scratch.h:
 * the user's tree and target/ are never written), checked untouched, and
 * then checked with the findings' edits (clone_edit.h) applied in batches:
 *
 *   1. the untouched copy must build, or every verdict stays unverified --
 *      but for members that fail with compiler errors: those errors are
 *      set aside (verify_baseline.h) and the other members are judged;
 *   2. a probe round puts `compile_error!` where each edit goes, to learn
 *      which edits the check compiles at all (cfg-gated code, unexpanded
 *      macros and files outside the module tree are not, and a change the
 *      compiler never sees proves nothing);
 *   3. edit rounds: all pending edits at once; the errors' spans (primary,
 *      labels, notes, macro call sites) name the edits they refute, which
 *      are reverted; errors that name no edit split the batch in halves;
 *      a batch that builds is accepted, and later batches are checked on
 *      top of the accepted ones, so the accepted edits build together.
 *
 * Kept clones whose removal clippy-style redundancy might allow (R12, R16:
 * no lock, no shared handle) ride in the same batches the other way: a
 * removal the compiler accepts makes them removable_move (rule V2).
 *
 * A handful of check runs per workspace, never one per site.  The verdicts
 * are kept in the cache beside the copy, keyed by the bytes of the copied
 * tree, the edits, the command and the toolchain: a run on an unchanged
 * tree runs no check at all. */
#ifndef HPA_VERIFY_H
#define HPA_VERIFY_H

#include <jansson.h>

#include "buf.h"
#include "jsontape.h"
#include "sources.h"

/* --workspace: every member is audited, so every member is checked, not
 * only the root package and what it depends on (ripasso's `cursive`
 * member was left unjudged without it) */
#define VERIFY_DEFAULT_COMMAND "cargo check --offline --workspace --message-format=json"
/* the default where cargo knows --keep-going (1.74 and later): in a
 * workspace of many crates, a probe's error in one crate no longer stops
 * the crates that do not depend on it from being checked in the same run
 * (coreutils: 8 of 34 kept clones judged without it, 31 with it) */
#define VERIFY_DEFAULT_COMMAND_KEEP_GOING "cargo check --offline --workspace --keep-going --message-format=json"
#define VERIFY_DEFAULT_TIMEOUT (20 * 60)
/* check runs one workspace may take by default (--verify-checks): its
 * first check, probes, edit rounds */
#define VERIFY_MAX_CHECKS 12

typedef struct {
	const char *command;    /* run in the copy's workspace root; NULL: VERIFY_DEFAULT_COMMAND */
	const char *target_dir; /* NULL: a target directory in the cache, one per workspace */
	const char *cache_dir;  /* NULL: $XDG_CACHE_HOME/hotpath-audit/verify (or ~/.cache/...) */
	double timeout;         /* seconds one check may run; <= 0: VERIFY_DEFAULT_TIMEOUT */
	int max_checks;         /* check runs one workspace may take; <= 0: VERIFY_MAX_CHECKS */
	int progress;           /* say on stderr what runs (on a terminal) */
	int tier_high, tier_medium; /* the rules' tier thresholds */
} verify_options;

typedef struct {
	size_t tried, verified, refuted, unverified; /* removable verdicts */
	/* kept clones whose removal was tried: promoted to removable_move (the
	 * compiler accepts it), or confirmed (it does not) */
	size_t kept_tried, promoted, kept_confirmed;
	size_t checks;          /* check runs, all workspaces */
	double seconds;
	json_t *info;           /* the report's `verification` member (owned reference) */
	int usable;             /* the toolchain could be run at all */
} verify_result;

/* Verify the removable findings of `findings` (rewritten in place by
 * finding_verify()).  Problems of the check -- no cargo, a workspace that
 * does not build, a time-out -- leave verdicts unverified, are named in
 * out->info and on stderr, and are not errors: 0.  -1 with err set only
 * when memory ran out.  Free out with verify_result_free(). */
int verify_findings(jsontape_list *findings, source_set *src, const verify_options *o, verify_result *out, buf *err);

void verify_result_free(verify_result *r);

#endif
