/* finding: one audited clone site as a report-model JSON object, kept as a
 * tape (jsontape.h), with the workflow's eight fields written from its
 * evidence.
 *
 * Field texts are Markdown (inline only): code from the audited file is
 * always quoted as a code span long enough to hold any backticks in it, so
 * a renderer can pass the text to cmark as it is and code never becomes
 * markup. */
#ifndef HPA_FINDING_H
#define HPA_FINDING_H

#include <jansson.h>

#include "buf.h"
#include "classify.h"
#include "evidence.h"
#include "jsontape.h"

typedef struct {
	const char *path;        /* reported path: relative, '/' separators */
	const char *crate;       /* package of the nearest Cargo.toml, or NULL */
	const char *test_filter; /* a cargo test filter ("kv_router::publisher", "--test e2e"), or NULL */
	int no_std;              /* the crate is `no_std` (crateof.h): a change names `core::`, not `std::` */
	int edition;             /* the crate's Rust edition (crateof.h), 0 when there is no crate */
	const char *hot_label;   /* the hot-path rule's label, or the default label */
	const char *hot_prefix;  /* the rule's prefix, NULL when no rule matched */
	const char *hot_inferred; /* no rule matched, but the code runs per request or event (hotpaths.h): why */
	int hot_score;
	int test_path;           /* the path is a test, bench or example path */
	const char *test_marker; /* the test_marker it matched, or NULL */
	int tier_high, tier_medium;
} finding_file;

typedef struct {
	uint32_t line, col;      /* of the word `clone` */
	int method_form;         /* x.clone() rather than T::clone(&x) */
	int allow_lints;         /* RS_ALLOW_* bits around it */
	int in_test;             /* cfg(test) module, test fn or test file */
	const char *text;        /* the source line, stripped (borrowed) */
	size_t text_len;
	const char *fingerprint; /* 16 hex digits */
} finding_site;

/* FNV-1a, 64 bits, for fingerprints: stable across runs and machines, and
 * a fingerprint needs no cryptography.  Start from FINDING_HASH_SEED. */
#define FINDING_HASH_SEED 0xcbf29ce484222325ULL
uint64_t finding_hash(uint64_t h, const char *s, size_t n);

/* Append `s` to out as a Markdown code span that nothing in s can end. */
int md_code(buf *out, const char *s, size_t n);

/* The same as a new JSON string ("" for an empty s: no empty span), or
 * NULL when memory ran out. */
json_t *md_code_json(const char *s);

/* The audit's priority score of a finding (docs/classification.md). */
int finding_score(const finding_file *ff, const evidence *ev, verdict v);

/* Append the finding's members to the tape f: its place, verdict,
 * evidence and the workflow's eight fields (docs/report-schema.md).
 * 0, or -1 when memory ran out. */
int finding_build(jsontape *f, const finding_file *ff, const finding_site *fs, const evidence *ev, verdict v);

/* What the compiler said of a finding's change (verify.h). */
enum finding_check { FINDING_VERIFIED, FINDING_REFUTED, FINDING_UNVERIFIED };

typedef struct {
	enum finding_check status;
	const char *by;          /* "cargo check (rustc 1.95.0 ...)" */
	const char *detail;      /* what it said, or why it could not say */
	const char *code;        /* the error's code ("E0507"), or NULL */
	int tier_high, tier_medium; /* the rules' tier thresholds, for a refuted finding's new score */
	/* the edit that was checked (a verified one is kept in the finding, for
	 * SARIF fixes and forge suggestions); replacement NULL: none */
	uint32_t line, col, end_line, end_col; /* end exclusive */
	const char *replacement;
	/* the finding keeps its clone, and its removal was tried: VERIFIED
	 * makes it removable_move (rule V2), REFUTED confirms the keep */
	int reverse;
} finding_verification;

/* Rewrite the finding *f with the compiler's verdict: a `verification`
 * member always; a refuted removal becomes semantic_required (rule V1,
 * high confidence) whose texts quote the compiler, with the static
 * verdict kept as `static_verdict`; a verified one says so in its
 * correctness proof.  0, or -1 when memory ran out (f unchanged). */
int finding_verify(jsontape *f, const finding_verification *v);

/* Mark the finding suppressed, with who said so ("comment", "attribute",
 * "configuration"), the line that says it (none: 0) and why. */
void finding_suppress(jsontape *f, const char *by, uint32_t line, const char *reason, size_t reason_len);

#endif
